#pragma once

#include "loop/uvhandle.h"

#include <uv.h>

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace loopscope {

// The built-in HTTP/1.1 server: binds 127.0.0.1 only, on an ephemeral port,
// answers GET /health with "ok", refuses oversized or malformed requests and
// closes connections that stall. Every request is handled by the loop it runs
// on, so a blocked loop answers late, as a blocked Node server does. When every
// slot is taken, a new connection replaces the oldest one still without a whole
// request, so that idle or trickling clients cannot lock out the program's own
// requests and the /health prober.
class HttpServer
{
public:
    static constexpr std::size_t MaxHeaderBytes = 8192;
    static constexpr int MaxConnections = 256;
    // A connection must have sent its whole request head this long after it was accepted.
    static constexpr int HeaderTimeoutMs = 1000;

    // Called for each complete request, on the loop thread, before the response is written.
    using RequestHook = std::function<void(std::string_view method, std::string_view path, int status)>;

    explicit HttpServer(uv_loop_t& loop);
    ~HttpServer();
    HttpServer(const HttpServer&) = delete;
    HttpServer& operator=(const HttpServer&) = delete;

    // Starts listening; returns 0 or a libuv error. The listener does not keep the loop alive.
    int listen(RequestHook hook);
    int port() const { return m_port; }
    // Whether the listening socket keeps the loop alive, as a Node server's does (off by default:
    // the server is LoopScope's, and a program ends when its own work does).
    void setKeepsLoopAlive(bool on);
    // Closes the listener and every open connection.
    void close();
    int openConnections() const { return m_connections; }
    // Told when a connection starts closing (false) and when its handles are closed (true),
    // which libuv does in the close phase.
    void setCloseHook(std::function<void(bool closed)> hook) { m_closeHook = std::move(hook); }

    // The status for a request head (exposed for tests): 200, 404, 405, 400, 413 or 431.
    static int statusFor(std::string_view head, std::string* method, std::string* path);
    // The status for what a client has sent so far: 0 while its head is incomplete and within MaxHeaderBytes.
    static int statusForReceived(std::string_view received, std::string* method, std::string* path);

private:
    struct Connection;
    static void onConnection(uv_stream_t* server, int status);
    static void onHeaderTimeout(uv_timer_t* timer);
    // Closes the oldest connection other than `keep` that has not sent a whole request; false when there is none.
    bool evictOldestWaiting(const Connection* keep);
    void closeConnection(Connection* connection);

    uv_loop_t& m_loop;
    UvHandle<uv_tcp_t> m_listener;
    bool m_listening = false;
    bool m_closed = false;
    int m_port = 0;
    int m_connections = 0;
    Connection* m_first = nullptr;
    RequestHook m_hook;
    std::function<void(bool closed)> m_closeHook;
};

struct HttpRequest;

// One GET request to a loopback port, on a given loop, through the OS poller.
// `done` runs once, on that loop's thread: status 0 means it failed (see error).
// The returned request stays valid until `done` has run.
HttpRequest* httpGet(uv_loop_t& loop, int port, const std::string& path, int timeoutMs,
    std::function<void(int status, const std::string& error)> done, std::function<void(bool closed)> closeHook = {});
// Ends a request early; its `done` runs with status 0 and "cancelled".
void httpCancel(HttpRequest* request);

} // namespace loopscope
