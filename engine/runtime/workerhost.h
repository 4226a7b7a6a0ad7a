#pragma once

#include "loop/loopthread.h"
#include "loop/uvhandle.h"
#include "program/program.h"
#include "recording/recorder.h"

#include <uv.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

namespace loopscope {

class Recording;
class Runtime;
struct RuntimeOptions;

// A worker: a second instrumented libuv loop on its own thread running one
// body, like a worker_threads Worker. It talks to its parent loop only through
// messages delivered by uv_async_send, so they arrive in the parent's poll phase.
// Its console is Node's WritableWorkerStdio: one message of lines in flight at a
// time; the lines printed meanwhile wait until the parent has taken it in.
class WorkerHost
{
public:
    struct Events
    {
        // console.log in the worker (by the worker's callback labelled fromId), printed by the parent
        std::function<void(std::uint32_t textId, std::uint32_t fromId)> log;
        // The parent takes in a message of lines: before it prints them, and after it asked for more.
        std::function<void()> takingLines;
        std::function<void()> askedForLines;
        std::function<void()> message; // parentPort.postMessage("message") in the body
        std::function<void()> done; // the body finished: parentPort.postMessage("done")
        std::function<void()> exited; // the worker's loop ran dry and its thread ended
    };

    // `options` configures the worker's runtime; `events` run on the parent's loop thread.
    WorkerHost(uv_loop_t& parent, Recording& recording, std::shared_ptr<const Program> body,
        const RuntimeOptions& options, Events events);
    ~WorkerHost();
    WorkerHost(const WorkerHost&) = delete;
    WorkerHost& operator=(const WorkerHost&) = delete;

    // Returns 0, or libuv's error when the worker's loop could not be made (LoopThread::start): the
    // message handle is then open still, for close().
    [[nodiscard]] int start();
    // Abandons the worker's work and joins its thread; then close() may be called.
    void terminate();
    // Parent loop thread: closes the message handle; `closed` runs when it is safe to delete.
    void close(std::function<void()> closed);

private:
    enum class MessageKind : std::uint8_t { Log, Message, Done, Exited };
    struct Message
    {
        MessageKind kind;
        std::uint32_t textId;
        std::uint32_t fromId; // a line's: the callback that printed it
    };

    void post(MessageKind kind, std::uint32_t textId = 0, std::uint32_t fromId = 0);
    std::vector<Message> takeMessages();
    static void onMessages(uv_async_t* handle);
    // Parent loop thread: prints the lines of `messages` and asks the worker for more; the other messages
    // go to `rest`, in order. False when there were no lines.
    bool takeInLines(const std::vector<Message>& messages, std::vector<Message>& rest);
    // Worker loop thread: console.log's line goes to the parent, or waits behind the one in flight.
    void writeLine(std::uint32_t textId, std::uint32_t fromId);
    // Worker loop thread: the parent took the lines in flight (STDIO_WANTS_MORE_DATA); the held ones go.
    static void onWantsMoreData(uv_async_t* handle);

    uv_loop_t& m_parent;
    Recording& m_recording;
    std::shared_ptr<const Program> m_body;
    std::unique_ptr<RuntimeOptions> m_options;
    Events m_events;
    UvHandle<uv_async_t> m_async;
    std::function<void()> m_closed;
    LoopThread m_thread;
    std::unique_ptr<Runtime> m_runtime;
    LiveState m_live;
    std::mutex m_mutex;
    std::vector<Message> m_messages;
    // The worker loop's end of its stdout port; it keeps that loop alive while lines are in flight.
    UvHandle<uv_async_t> m_wantsMoreData;
    bool m_linesInFlight = false; // worker loop thread only
    bool m_sentHeldLines = false; // worker loop thread only: the held lines have left once
    std::vector<Message> m_heldLines; // worker loop thread only
};

} // namespace loopscope
