#include "net/httpserver.h"

#include "loop/uvcheck.h"

#include <charconv>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>

namespace loopscope {

struct HttpServer::Connection
{
    HttpServer* server = nullptr;
    uv_tcp_t tcp {};
    uv_timer_t deadline {};
    uv_write_t write {};
    std::string request;
    std::string response;
    int openHandles = 0;
    bool closing = false;
    bool answered = false;
    bool lastChance = false; // the header timeout has fired once
    Connection* prev = nullptr;
    Connection* next = nullptr;
};

namespace {

// The header timeout's grace: it ends after the next poll phase.
constexpr std::uint64_t LastChanceMs = 1;

const char* reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 400:
        return "Bad Request";
    case 404:
        return "Not Found";
    case 405:
        return "Method Not Allowed";
    case 413:
        return "Payload Too Large";
    case 431:
        return "Request Header Fields Too Large";
    default:
        return "Service Unavailable";
    }
}

std::string responseFor(int status)
{
    const std::string body = status == 200 ? "ok\n" : std::string(reasonPhrase(status)) + "\n";
    return "HTTP/1.1 " + std::to_string(status) + " " + reasonPhrase(status)
        + "\r\nContent-Type: text/plain\r\nContent-Length: " + std::to_string(body.size())
        + "\r\nConnection: close\r\n\r\n" + body;
}

bool iequalsPrefix(std::string_view line, std::string_view name)
{
    if (line.size() < name.size())
        return false;
    for (std::size_t i = 0; i < name.size(); ++i) {
        char c = line[i];
        if (c >= 'A' && c <= 'Z')
            c = char(c - 'A' + 'a');
        if (c != name[i])
            return false;
    }
    return true;
}

// The code of a response's status line, once its "HTTP/1.1 NNN" has arrived.
std::optional<int> statusCode(std::string_view in)
{
    if (!in.starts_with("HTTP/1.1 ") || in.size() < 12)
        return std::nullopt;
    return std::atoi(std::string(in.substr(9, 3)).c_str());
}

// The status of a response whose body has all arrived (its Content-Length counted after the head), as
// Node's parser ends a message; 0 while more is due, or when it gives no length and ends with its connection.
int completeResponseStatus(std::string_view in)
{
    const std::size_t headEnd = in.find("\r\n\r\n");
    const std::optional<int> status = statusCode(in);
    if (headEnd == std::string_view::npos || !status)
        return 0;
    const std::string_view head = in.substr(0, headEnd + 2); // every header line ends with its CRLF
    constexpr std::string_view Name = "\r\ncontent-length:";
    for (std::size_t at = head.find("\r\n"); at != std::string_view::npos; at = head.find("\r\n", at + 2)) {
        if (!iequalsPrefix(head.substr(at), Name))
            continue;
        std::string_view value = head.substr(at + Name.size());
        value = value.substr(value.find_first_not_of(' '));
        std::size_t length = 0;
        if (std::from_chars(value.data(), value.data() + value.size(), length).ec != std::errc())
            return 0;
        return in.size() - (headEnd + 4) >= length ? *status : 0;
    }
    return 0;
}

} // namespace

HttpServer::HttpServer(uv_loop_t& loop)
    : m_loop(loop)
{ }

HttpServer::~HttpServer() = default;

int HttpServer::statusFor(std::string_view head, std::string* method, std::string* path)
{
    const std::size_t lineEnd = head.find("\r\n");
    const std::string_view line = head.substr(0, lineEnd);
    const std::size_t firstSpace = line.find(' ');
    const std::size_t secondSpace = firstSpace == std::string_view::npos ? firstSpace : line.find(' ', firstSpace + 1);
    if (firstSpace == std::string_view::npos || secondSpace == std::string_view::npos
        || line.substr(secondSpace + 1).substr(0, 7) != "HTTP/1.")
        return 400;
    *method = std::string(line.substr(0, firstSpace));
    *path = std::string(line.substr(firstSpace + 1, secondSpace - firstSpace - 1));
    if (path->empty() || (*path)[0] != '/')
        return 400;
    // Requests carry no body here; anything announcing one is refused.
    std::size_t at = lineEnd == std::string_view::npos ? head.size() : lineEnd + 2;
    while (at < head.size()) {
        const std::size_t end = head.find("\r\n", at);
        const std::string_view header = head.substr(at, end - at);
        if (iequalsPrefix(header, "content-length:")) {
            const std::string_view value = header.substr(15);
            for (char c : value) {
                if (c != ' ' && c != '0')
                    return 413;
            }
        } else if (iequalsPrefix(header, "transfer-encoding:")) {
            return 413;
        }
        if (end == std::string_view::npos)
            break;
        at = end + 2;
    }
    if (*method != "GET")
        return 405;
    const std::string_view route = std::string_view(*path).substr(0, path->find('?'));
    return route == "/health" || route == "/" ? 200 : 404;
}

int HttpServer::statusForReceived(std::string_view received, std::string* method, std::string* path)
{
    const std::size_t headEnd = received.find("\r\n\r\n");
    if (headEnd == std::string_view::npos)
        return received.size() <= MaxHeaderBytes ? 0 : 431;
    if (headEnd + 4 > MaxHeaderBytes)
        return 431;
    return statusFor(received.substr(0, headEnd + 2), method, path);
}

int HttpServer::listen(RequestHook hook)
{
    m_hook = std::move(hook);
    uvRequire(m_listener.init(uv_tcp_init, m_loop, this), "uv_tcp_init");
    sockaddr_in address {};
    uv_ip4_addr("127.0.0.1", 0, &address);
    int rc = uv_tcp_bind(m_listener.get(), reinterpret_cast<const sockaddr*>(&address), 0);
    if (rc == 0)
        rc = uv_listen(reinterpret_cast<uv_stream_t*>(m_listener.get()), 128, &HttpServer::onConnection);
    if (rc == 0) {
        sockaddr_storage bound {};
        int length = sizeof bound;
        uv_tcp_getsockname(m_listener.get(), reinterpret_cast<sockaddr*>(&bound), &length);
        m_port = ntohs(reinterpret_cast<sockaddr_in*>(&bound)->sin_port);
    }
    m_listening = true;
    // The server is LoopScope's, not the program's: it must not keep the program running.
    m_listener.unref();
    return rc;
}

void HttpServer::setKeepsLoopAlive(bool on)
{
    if (!m_listening || m_closed)
        return;
    if (on)
        m_listener.ref();
    else
        m_listener.unref();
}

void HttpServer::close()
{
    if (m_closed)
        return;
    m_closed = true;
    if (m_listening)
        m_listener.close();
    while (m_first)
        closeConnection(m_first);
}

void HttpServer::onConnection(uv_stream_t* listener, int status)
{
    auto* self = UvHandle<uv_tcp_t>::ownerOf<HttpServer>(reinterpret_cast<uv_tcp_t*>(listener));
    if (status < 0 || self->m_closed)
        return;
    auto* connection = new Connection;
    connection->server = self;
    uvRequire(uv_tcp_init(&self->m_loop, &connection->tcp), "uv_tcp_init");
    uvRequire(uv_timer_init(&self->m_loop, &connection->deadline), "uv_timer_init");
    connection->tcp.data = connection;
    connection->deadline.data = connection;
    connection->write.data = connection;
    connection->openHandles = 2;
    connection->next = self->m_first;
    if (self->m_first)
        self->m_first->prev = connection;
    self->m_first = connection;
    ++self->m_connections;
    if (uv_accept(listener, reinterpret_cast<uv_stream_t*>(&connection->tcp)) != 0
        || (self->m_connections > MaxConnections && !self->evictOldestWaiting(connection))) {
        self->closeConnection(connection);
        return;
    }
    uvRequire(
        uv_timer_start(&connection->deadline, &HttpServer::onHeaderTimeout, HeaderTimeoutMs, 0), "uv_timer_start");
    const int reading = uv_read_start(
        reinterpret_cast<uv_stream_t*>(&connection->tcp),
        [](uv_handle_t*, std::size_t, uv_buf_t* buf) {
            static thread_local char buffer[4096];
            *buf = uv_buf_init(buffer, sizeof buffer);
        },
        [](uv_stream_t* stream, ssize_t nread, const uv_buf_t* buf) {
            auto* c = static_cast<Connection*>(stream->data);
            HttpServer* server = c->server;
            if (nread < 0) {
                server->closeConnection(c);
                return;
            }
            if (c->answered || nread == 0)
                return;
            c->request.append(buf->base, std::size_t(nread));
            std::string method;
            std::string path;
            const int code = statusForReceived(c->request, &method, &path);
            if (code == 0)
                return;
            c->answered = true;
            uv_read_stop(stream);
            if (server->m_hook)
                server->m_hook(method, path, code);
            c->response = responseFor(code);
            uv_buf_t out = uv_buf_init(c->response.data(), unsigned(c->response.size()));
            uv_write(&c->write, stream, &out, 1, [](uv_write_t* req, int) {
                auto* done = static_cast<Connection*>(req->data);
                done->server->closeConnection(done);
            });
        });
    if (reading != 0)
        self->closeConnection(connection);
}

void HttpServer::onHeaderTimeout(uv_timer_t* timer)
{
    auto* c = static_cast<Connection*>(timer->data);
    // A loop blocked since the accept runs its timers before poll has read what the client sent
    // meanwhile; the request gets one more poll before the connection is dropped.
    if (!c->answered && !c->lastChance) {
        c->lastChance = true;
        uvRequire(uv_timer_start(timer, &HttpServer::onHeaderTimeout, LastChanceMs, 0), "uv_timer_start");
        return;
    }
    c->server->closeConnection(c);
}

bool HttpServer::evictOldestWaiting(const Connection* keep)
{
    // New connections go to the front of the list, so the last match is the oldest.
    Connection* oldest = nullptr;
    for (Connection* c = m_first; c; c = c->next) {
        if (c != keep && !c->answered)
            oldest = c;
    }
    if (oldest)
        closeConnection(oldest);
    return oldest != nullptr;
}

void HttpServer::closeConnection(Connection* connection)
{
    if (connection->closing)
        return;
    connection->closing = true;
    if (connection->prev)
        connection->prev->next = connection->next;
    else
        m_first = connection->next;
    if (connection->next)
        connection->next->prev = connection->prev;
    --m_connections;
    if (m_closeHook)
        m_closeHook(false);
    auto onClosed = [](uv_handle_t* handle) {
        auto* c = static_cast<Connection*>(handle->data);
        if (--c->openHandles == 0) {
            if (c->server->m_closeHook)
                c->server->m_closeHook(true);
            delete c;
        }
    };
    uv_close(reinterpret_cast<uv_handle_t*>(&connection->deadline), onClosed);
    uv_close(reinterpret_cast<uv_handle_t*>(&connection->tcp), onClosed);
}

struct HttpRequest
{
    uv_tcp_t tcp {};
    uv_timer_t timeout {};
    uv_connect_t connect {};
    uv_write_t write {};
    std::string out;
    std::string in;
    std::function<void(int, const std::string&)> done;
    std::function<void(bool)> closeHook;
    int openHandles = 2;
    bool finished = false;

    void finish(int status, const std::string& error)
    {
        if (finished)
            return;
        finished = true;
        auto callback = std::move(done);
        if (closeHook)
            closeHook(false);
        auto onClosed = [](uv_handle_t* handle) {
            auto* r = static_cast<HttpRequest*>(handle->data);
            if (--r->openHandles == 0) {
                if (r->closeHook)
                    r->closeHook(true);
                delete r;
            }
        };
        uv_close(reinterpret_cast<uv_handle_t*>(&timeout), onClosed);
        uv_close(reinterpret_cast<uv_handle_t*>(&tcp), onClosed);
        callback(status, error);
    }
};

void httpCancel(HttpRequest* request)
{
    request->finish(0, "cancelled");
}

HttpRequest* httpGet(uv_loop_t& loop, int port, const std::string& path, int timeoutMs,
    std::function<void(int status, const std::string& error)> done, std::function<void(bool closed)> closeHook)
{
    auto* request = new HttpRequest;
    request->done = std::move(done);
    request->closeHook = std::move(closeHook);
    request->out = "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
    uvRequire(uv_tcp_init(&loop, &request->tcp), "uv_tcp_init");
    uvRequire(uv_timer_init(&loop, &request->timeout), "uv_timer_init");
    request->tcp.data = request;
    request->timeout.data = request;
    request->connect.data = request;
    request->write.data = request;
    uvRequire(uv_timer_start(
                  &request->timeout,
                  [](uv_timer_t* timer) { static_cast<HttpRequest*>(timer->data)->finish(0, "timed out"); },
                  std::uint64_t(timeoutMs), 0),
        "uv_timer_start");
    sockaddr_in address {};
    uv_ip4_addr("127.0.0.1", port, &address);
    const int rc = uv_tcp_connect(&request->connect, &request->tcp, reinterpret_cast<const sockaddr*>(&address),
        [](uv_connect_t* connect, int status) {
            auto* r = static_cast<HttpRequest*>(connect->data);
            if (status < 0) {
                r->finish(0, uv_strerror(status));
                return;
            }
            if (r->finished)
                return;
            uv_buf_t head = uv_buf_init(r->out.data(), unsigned(r->out.size()));
            uv_write(&r->write, reinterpret_cast<uv_stream_t*>(&r->tcp), &head, 1, [](uv_write_t* write, int s) {
                if (s < 0)
                    static_cast<HttpRequest*>(write->data)->finish(0, uv_strerror(s));
            });
            uv_read_start(
                reinterpret_cast<uv_stream_t*>(&r->tcp),
                [](uv_handle_t*, std::size_t, uv_buf_t* buf) {
                    static thread_local char buffer[4096];
                    *buf = uv_buf_init(buffer, sizeof buffer);
                },
                [](uv_stream_t* stream, ssize_t nread, const uv_buf_t* buf) {
                    auto* req = static_cast<HttpRequest*>(stream->data);
                    if (nread > 0) {
                        if (req->in.size() < 65536)
                            req->in.append(buf->base, std::size_t(nread));
                        // Node's response ends with its body, in the read that brings its last byte; the
                        // server's FIN comes in a later read (libuv stops at a short one).
                        if (const int code = completeResponseStatus(req->in))
                            req->finish(code, {});
                        return;
                    }
                    if (nread == UV_EOF) {
                        if (const std::optional<int> code = statusCode(req->in)) {
                            req->finish(*code, {});
                            return;
                        }
                    }
                    if (nread < 0)
                        req->finish(0, nread == UV_EOF ? "connection closed early" : uv_strerror(int(nread)));
                });
        });
    if (rc != 0) {
        request->finish(0, uv_strerror(rc));
        return nullptr;
    }
    return request;
}

} // namespace loopscope
