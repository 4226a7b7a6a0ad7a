// Runtime: the built-in loopback HTTP server and requests to it, on the OS poller, never the pool.
#include "runtime/invoke.h"

#include "net/httpserver.h"

#include <utility>

namespace loopscope {

void Runtime::startServer()
{
    m_server = std::make_unique<HttpServer>(m_loop);
    const int listened = m_server->listen([this](std::string_view, std::string_view, int) {
        // The request arrived through the poller: an I/O callback in the poll phase.
        // What Node's http server spends on a request, spent here in real time (NodeCosts).
        fromLoop([this] {
            invoke(m_labels.server, CallbackKind::Io, [this] {
                spendRealTime(m_options.costs.serverRequestUs
                    + (std::exchange(m_servedBefore, true) ? 0 : m_options.costs.serverFirstUs));
            });
        });
    });
    m_server->setCloseHook([this](bool closed) { socketClosing(closed); });
    if (listened == 0) {
        m_server->setKeepsLoopAlive(m_options.serve);
        m_live.healthPort.store(m_server->port());
    } else
        recordError(std::string("HTTP server: cannot listen on 127.0.0.1: ") + uv_strerror(listened));
}

void Runtime::httpRequest(const Op& op)
{
    // A worker has no server of its own: like a Node worker, it requests the main loop's, whose port
    // is in the main runtime's live state.
    const LiveState& serverLive = m_options.parent ? m_options.parent->m_live : m_live;
    const int port = serverLive.healthPort.load();
    const std::uint64_t id = ++m_nextRequestId;
    HttpRequest* request = httpGet(
        m_loop, port, op.path(), 10000,
        [this, id, &op](int status, const std::string& error) {
            m_requests.erase(id);
            if (m_aborted || cancelled() || m_closed)
                return;
            fromLoop([&] {
                if (status == 0)
                    recordError("http.get " + op.path() + ": " + error, op.labelId);
                invoke(op.labelId, CallbackKind::Io, [this, &op] { runBlock(op.body()); });
            });
        },
        [this](bool closed) { socketClosing(closed); });
    if (request)
        m_requests.emplace(id, request);
}

// A socket's handles closing: libuv runs their close callbacks in the close phase.
void Runtime::socketClosing(bool closed)
{
    if (!closed) {
        m_live.close.store(++m_pendingCloses, std::memory_order_relaxed);
        m_rec.queued(m_labels.socketClose, CallbackKind::Close);
        return;
    }
    m_live.close.store(--m_pendingCloses, std::memory_order_relaxed);
    const std::int64_t at = m_rec.now();
    if (m_checkDone && m_iterationOpen && m_closeStart < 0)
        m_closeStart = at;
    // A callback as any other: a step may halt before and after it.
    fromLoop([&] { invokeFrom(at, m_labels.socketClose, CallbackKind::Close, [] {}); });
    m_closeEnd = m_rec.now();
}

} // namespace loopscope
