// Http: the built-in loopback HTTP server and requests to it, on the OS poller, never the pool.
#include "runtime/invoke.h"

#include "net/httpserver.h"
#include "runtime/interpreter.h"
#include "runtime/phases.h"

#include <utility>

namespace loopscope {

Http::Http(RuntimeContext& context, Callbacks& callbacks, Interpreter& interpreter, Phases& phases)
    : m_ctx(context)
    , m_callbacks(callbacks)
    , m_interpreter(interpreter)
    , m_phases(phases)
{ }

Http::~Http() = default;

void Http::cancelRequests()
{
    while (!m_requests.empty())
        httpCancel(m_requests.begin()->second);
}

void Http::stopServing()
{
    if (m_server)
        m_server->setKeepsLoopAlive(false);
}

void Http::close()
{
    if (m_server)
        m_server->close();
}

namespace {

// Whether the main script calls httpGet, as the emitter decides that it declares the server: a worker's
// body is a script of its own.
bool callsHttpGet(const Block& block)
{
    for (const Op& op : block) {
        if (op.kind == OpKind::HttpGet || (op.kind != OpKind::Worker && callsHttpGet(op.body()))
            || callsHttpGet(op.done()))
            return true;
        for (const Block& then : op.chain()) {
            if (callsHttpGet(then))
                return true;
        }
    }
    return false;
}

} // namespace

void Http::startServer()
{
    m_serverInScript = callsHttpGet(m_ctx.program->main);
    m_server = std::make_unique<HttpServer>(m_ctx.loop);
    const int listened = m_server->listen([this](std::string_view, std::string_view, int) {
        // The request arrived through the poller: an I/O callback in the poll phase.
        // What Node's http server spends on a request, spent here in real time (NodeCosts).
        m_callbacks.fromLoop([this] {
            m_callbacks.invoke(m_ctx.labels.server, CallbackKind::Io, [this] {
                const NodeCosts& costs = m_ctx.options.costs;
                const std::uint32_t first = m_clientUsed ? costs.serverFirstAfterClientUs : costs.serverFirstUs;
                spendRealTime(costs.serverRequestUs + (std::exchange(m_servedBefore, true) ? 0 : first));
            });
        });
    });
    m_server->setCloseHook([this](bool closed) { socketClosing(closed); });
    if (listened == 0) {
        m_server->setKeepsLoopAlive(m_ctx.options.serve);
        m_ctx.live.healthPort.store(m_server->port());
    } else
        m_ctx.recordError(std::string("HTTP server: cannot listen on 127.0.0.1: ") + uv_strerror(listened));
}

// Node runs the emitted server.listen's work in ticks after the main module: its lookup of an address calls
// back in a nextTick queued before any of the program's, and the bind emits 'listening' in another, queued
// after them; an httpGet of the main module sends its request from 'listening'. Timers set in the main
// module start before that time is spent; an ES module's own microtasks run before it, as its evaluation
// is a job of the microtask queue and the ticks come after that queue.
void Http::mainModuleStarts()
{
    if (m_ctx.isWorker() || !m_serverInScript)
        return;
    Job lookedUp;
    lookedUp.action = Job::Action::ServerListen;
    lookedUp.label = m_ctx.labels.serverListen;
    m_ctx.nextTick(lookedUp);
}

void Http::listen()
{
    m_listening = true;
    spendRealTime(m_ctx.options.costs.serverListenUs);
    Job listening;
    listening.action = Job::Action::ServerListening;
    listening.label = m_ctx.labels.serverListening;
    m_ctx.nextTick(listening);
}

void Http::listening()
{
    if (m_requestedInMain && !std::exchange(m_clientUsed, true))
        spendRealTime(m_ctx.options.costs.httpGetFirstUs);
}

void Http::request(const Op& op)
{
    if (!m_ctx.isWorker()) {
        if (!m_listening)
            m_requestedInMain = true;
        else if (!std::exchange(m_clientUsed, true))
            spendRealTime(m_ctx.options.costs.httpGetFirstUs);
    }
    // A worker has no server of its own: like a Node worker, it requests the main loop's, whose port
    // is in the main runtime's live state.
    const LiveState& serverLive = m_ctx.parent ? m_ctx.parent->live : m_ctx.live;
    const int port = serverLive.healthPort.load();
    const std::uint64_t id = ++m_nextRequestId;
    HttpRequest* made = httpGet(
        m_ctx.loop, port, op.path(), 10000,
        [this, id, &op](int status, const std::string& error) {
            m_requests.erase(id);
            if (m_ctx.aborted || m_ctx.cancelled() || m_ctx.closed)
                return;
            m_callbacks.fromLoop([&] {
                if (status == 0)
                    m_ctx.recordError("http.get " + op.path() + ": " + error, op.labelId);
                m_callbacks.invoke(op.labelId, CallbackKind::Io, [this, &op] { m_interpreter.runBlock(op.body()); });
            });
        },
        [this](bool closed) { socketClosing(closed); });
    if (made)
        m_requests.emplace(id, made);
}

// A socket's handles closing: libuv runs their close callbacks in the close phase.
void Http::socketClosing(bool closed)
{
    if (!closed) {
        m_ctx.live.close.store(++m_pendingCloses, std::memory_order_relaxed);
        m_ctx.rec.queued(m_ctx.labels.socketClose, CallbackKind::Close);
        return;
    }
    m_ctx.live.close.store(--m_pendingCloses, std::memory_order_relaxed);
    const std::int64_t at = m_ctx.rec.now();
    m_phases.closeCallbackAt(at);
    // A callback as any other: a step may halt before and after it.
    m_callbacks.fromLoop([&] { m_callbacks.invokeFrom(at, m_ctx.labels.socketClose, CallbackKind::Close, [] {}); });
    m_phases.closePhaseEnded(m_ctx.rec.now());
}

} // namespace loopscope
