#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <unordered_map>

namespace loopscope {

class Callbacks;
class HttpServer;
class Interpreter;
class Phases;
struct HttpRequest;
struct Op;
struct RuntimeContext;

// The built-in loopback HTTP server (GET /health) and http.get requests to it, on the OS poller,
// never the pool; the close callbacks of their sockets.
class Http
{
public:
    Http(RuntimeContext& context, Callbacks& callbacks, Interpreter& interpreter, Phases& phases);
    ~Http();
    Http(const Http&) = delete;
    Http& operator=(const Http&) = delete;

    // The main loop's server; a worker has none.
    void startServer();
    void request(const Op& op);
    // The main module starts with the emitted script's server.listen, whose lookup calls back in a tick.
    void mainModuleStarts();
    // That tick binds the server (it is listening) and queues the one that emits 'listening'.
    void listen();
    // The 'listening' tick: the main module's requests are sent.
    void listening();
    // Cancels every request in flight: each calls back, and does nothing.
    void cancelRequests();
    // A serving loop stops serving (the run is over); close() closes the server.
    void stopServing();
    void close();
    std::size_t requestsInFlight() const { return m_requests.size(); }
    // Sockets whose close callbacks wait for the close phase.
    std::uint32_t pendingCloses() const { return m_pendingCloses; }

private:
    // A socket's handles closing: libuv runs their close callbacks in the close phase.
    void socketClosing(bool closed);

    RuntimeContext& m_ctx;
    Callbacks& m_callbacks;
    Interpreter& m_interpreter;
    Phases& m_phases;
    std::unique_ptr<HttpServer> m_server;
    std::unordered_map<std::uint64_t, HttpRequest*> m_requests;
    std::uint64_t m_nextRequestId = 0;
    std::uint32_t m_pendingCloses = 0;
    bool m_servedBefore = false; // the server has answered a request (its first costs more: NodeCosts)
    bool m_serverInScript = false; // the main script has an httpGet, so the emitted one listens at its top
    bool m_listening = false; // the emitted server is bound: a request is sent at once
    bool m_requestedInMain = false; // an httpGet made before that waits for 'listening'
    bool m_clientUsed = false; // the main thread's first http.get has been sent
};

} // namespace loopscope
