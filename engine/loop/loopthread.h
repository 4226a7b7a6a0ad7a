#pragma once

#include "loop/uvhandle.h"
#include "recording/threadaffinity.h"

#include <uv.h>

#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace loopscope {

// Starts libuv's thread pool, once per process, on a loop of its own: the pool makes its threads at the
// first request and waits for each to run, which a run's first request must not pay for (the model
// spends what starting it costs Node instead, NodeCosts::poolStartUs). Reads UV_THREADPOOL_SIZE.
void startThreadPool();

// Runs one libuv loop on a thread of its own and feeds it commands from any thread.
//
// The loop runs UV_RUN_DEFAULT, so it returns when nothing referenced is left;
// the thread then sleeps until the next command arrives or stop() is called.
class LoopThread
{
public:
    using Command = std::function<void(uv_loop_t&)>;

    struct Hooks
    {
        Command setup; // runs on the loop thread before the first iteration
        Command drained; // runs each time uv_run returns because nothing is left to do
        Command teardown; // runs on the loop thread before handles are closed
    };

    LoopThread();
    ~LoopThread();
    LoopThread(const LoopThread&) = delete;
    LoopThread& operator=(const LoopThread&) = delete;

    // Starts the thread and its loop; returns 0, or libuv's error when the loop could not be made (out
    // of file descriptors: EMFILE), and then no thread runs and the commands posted are dropped.
    [[nodiscard]] int start(Hooks hooks = {});
    // Queues a command for the loop thread; safe from any thread.
    void post(Command command);
    // Asks the loop to stop, closes every handle, runs the loop dry and joins. Idempotent.
    void stop();

    // True when called on the loop thread.
    bool isLoopThread() const { return m_loopThread.isOwner(); }
    // The value uv_loop_close() returned at shutdown: 0 when every handle was closed.
    int closeResult() const { return m_closeResult.load(); }
    // Handles the shutdown walk had to close because their owners had not: 0 after a clean stop.
    int handlesLeftOpen() const { return m_handlesLeftOpen.load(); }
    bool running() const { return m_thread.joinable(); }
    // The loop itself, for objects that will live on the loop thread; only that thread may use it.
    uv_loop_t& loop() { return m_loop; }

private:
    void run(const Hooks& hooks);
    void runCommands();
    static void onWakeup(uv_async_t* handle);

    uv_loop_t m_loop {};
    UvHandle<uv_async_t> m_wakeup;
    std::thread m_thread;
    ThreadAffinity m_loopThread;
    std::mutex m_mutex;
    std::condition_variable m_commandsChanged;
    std::vector<Command> m_commands;
    bool m_loopReady = false;
    int m_startError = 0; // guarded by m_mutex
    std::atomic<bool> m_stopping { false };
    std::atomic<int> m_closeResult { -1 };
    std::atomic<int> m_handlesLeftOpen { 0 };
};

} // namespace loopscope
