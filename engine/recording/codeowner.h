#pragma once

#include <string_view>

namespace loopscope {

// Whose code a script holds, from most to least likely to be what a developer wants to change: the
// program's own, a package's (under node_modules), or Node's ("node:events", or no script known). One
// rule for the probe, which names callbacks by the program's functions, and for the views, which show the
// program's frames of a sampled stack first.
enum class FrameOwner { Program, Package, Node };

inline FrameOwner scriptOwner(std::string_view script)
{
    if (script.empty() || script == "<unknown>" || script.rfind("node:", 0) == 0)
        return FrameOwner::Node;
    return script.find("/node_modules/") != std::string_view::npos ? FrameOwner::Package : FrameOwner::Program;
}

// The function a sampled frame is in, whatever line of it was running: "slowRoute (/app/server.js" of
// "slowRoute (/app/server.js:14:3)"; a frame with no line ("eval (<unknown>)") whole.
inline std::string_view functionOf(std::string_view frame)
{
    for (int field = 0; field < 2; ++field) {
        const std::size_t colon = frame.rfind(':');
        if (colon == std::string_view::npos)
            return frame;
        frame = frame.substr(0, colon);
    }
    return frame;
}

// The owner of a sampled frame as the probe labels it: "slowRoute (/app/server.js:12:20)", or
// "emit (node:events:517:28)", or "(anonymous) (<unknown>)" when V8 knew no script.
inline FrameOwner frameOwner(std::string_view frame)
{
    if (frame.empty() || frame.back() != ')')
        return FrameOwner::Node;
    const std::string_view function = functionOf(frame);
    const std::size_t open = function.rfind(" (");
    if (open == std::string_view::npos)
        return FrameOwner::Node;
    std::string_view script = function.substr(open + 2);
    if (!script.empty() && script.back() == ')')
        script.remove_suffix(1); // a frame with no line: "(<unknown>)"
    return scriptOwner(script);
}

} // namespace loopscope
