#include "loop/loopthread.h"

#include <cassert>
#include <cstdio>

namespace loopscope {

void startThreadPool()
{
    static std::once_flag started;
    std::call_once(started, [] {
        uv_loop_t loop;
        if (uv_loop_init(&loop) != 0)
            return;
        uv_work_t request {};
        if (uv_queue_work(
                &loop, &request, [](uv_work_t*) {}, [](uv_work_t*, int) {})
            == 0)
            uv_run(&loop, UV_RUN_DEFAULT);
        (void)uv_loop_close(&loop);
    });
}

LoopThread::LoopThread() = default;

LoopThread::~LoopThread()
{
    stop();
}

int LoopThread::start(Hooks hooks)
{
    assert(!m_thread.joinable());
    m_stopping = false;
    std::unique_lock lock(m_mutex);
    m_loopReady = false;
    m_startError = 0;
    m_thread = std::thread([this, hooks = std::move(hooks)] { run(hooks); });
    m_commandsChanged.wait(lock, [this] { return m_loopReady || m_startError != 0; });
    if (m_startError == 0)
        return 0;
    m_commands.clear();
    lock.unlock();
    m_thread.join();
    return m_startError;
}

void LoopThread::post(Command command)
{
    {
        std::lock_guard lock(m_mutex);
        m_commands.push_back(std::move(command));
        if (!m_loopReady)
            return;
        // uv_async_send is the one libuv call that is safe from other threads.
        uv_async_send(m_wakeup.get());
    }
    m_commandsChanged.notify_one();
}

void LoopThread::stop()
{
    if (!m_thread.joinable())
        return;
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
        uv_async_send(m_wakeup.get());
    }
    m_commandsChanged.notify_one();
    m_thread.join();
}

void LoopThread::onWakeup(uv_async_t* handle)
{
    auto* self = UvHandle<uv_async_t>::ownerOf<LoopThread>(handle);
    if (self->m_stopping) {
        uv_stop(&self->m_loop);
        return;
    }
    self->runCommands();
}

void LoopThread::runCommands()
{
    m_loopThread.check();
    std::vector<Command> commands;
    {
        std::lock_guard lock(m_mutex);
        commands.swap(m_commands);
    }
    for (auto& command : commands)
        command(m_loop);
}

void LoopThread::run(const Hooks& hooks)
{
    m_loopThread.bind();
    // Both need file descriptors (epoll's, an eventfd): a process out of them cannot have this loop.
    int failed = uv_loop_init(&m_loop);
    if (failed == 0) {
        uv_loop_configure(&m_loop, UV_METRICS_IDLE_TIME);
        failed = m_wakeup.init(uv_async_init, m_loop, this, &LoopThread::onWakeup);
        if (failed != 0)
            uv_loop_close(&m_loop);
    }
    if (failed != 0) {
        {
            std::lock_guard lock(m_mutex);
            m_startError = failed;
        }
        m_commandsChanged.notify_all();
        return;
    }
    // The wakeup handle must not keep the loop alive: a program ends when its own work does.
    m_wakeup.unref();
    {
        std::lock_guard lock(m_mutex);
        m_loopReady = true;
    }
    m_commandsChanged.notify_all();

    if (hooks.setup)
        hooks.setup(m_loop);

    for (;;) {
        runCommands();
        uv_run(&m_loop, UV_RUN_DEFAULT);
        if (m_stopping)
            break;
        if (hooks.drained && !uv_loop_alive(&m_loop))
            hooks.drained(m_loop);
        std::unique_lock lock(m_mutex);
        m_commandsChanged.wait(lock, [this] { return !m_commands.empty() || m_stopping || uv_loop_alive(&m_loop); });
        if (m_stopping)
            break;
    }

    if (hooks.teardown)
        hooks.teardown(m_loop);

    // Close whatever its owner left open, counting it (a clean shutdown leaves nothing), then
    // let the close callbacks run.
    m_wakeup.close();
    int leftOpen = 0;
    uv_walk(
        &m_loop,
        [](uv_handle_t* handle, void* count) {
            if (!uv_is_closing(handle)) {
                ++*static_cast<int*>(count);
                uv_close(handle, nullptr);
            }
        },
        &leftOpen);
    m_handlesLeftOpen = leftOpen;
    while (uv_run(&m_loop, UV_RUN_DEFAULT) != 0) { }
    const int result = uv_loop_close(&m_loop);
    if (result != 0)
        std::fprintf(stderr, "loopscope: uv_loop_close failed: %s\n", uv_strerror(result));
    m_closeResult = result;
    {
        std::lock_guard lock(m_mutex);
        m_loopReady = false;
        m_commands.clear();
    }
    m_loopThread.release();
}

} // namespace loopscope
