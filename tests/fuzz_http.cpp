// libFuzzer entry: the built-in server parses whatever any local process sends
// it, so no bytes may crash it, and its answer must be one it documents.
#include "net/httpserver.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace {

bool documented(int status)
{
    for (int known : { 0, 200, 400, 404, 405, 413, 431 }) {
        if (status == known)
            return true;
    }
    return false;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using loopscope::HttpServer;
    const std::string_view received(reinterpret_cast<const char*>(data), size);
    std::string method;
    std::string path;
    const int status = HttpServer::statusForReceived(received, &method, &path);
    if (!documented(status))
        __builtin_trap();
    // The server waits for more only while a head could still arrive within its limit.
    const bool complete = received.find("\r\n\r\n") != std::string_view::npos;
    if (status == 0 && (complete || size > HttpServer::MaxHeaderBytes))
        __builtin_trap();
    // Routed requests name a path that the server can route.
    if ((status == 200 || status == 404 || status == 405) && (path.empty() || path[0] != '/'))
        __builtin_trap();
    if (status == 200 && method != "GET")
        __builtin_trap();
    return 0;
}
