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

// The owner of a sampled frame as the probe labels it: "slowRoute (/app/server.js:12:20)", or
// "emit (node:events:517:28)", or "(anonymous) (<unknown>)" when V8 knew no script.
inline FrameOwner frameOwner(std::string_view frame)
{
    const std::size_t open = frame.rfind(" (");
    if (open == std::string_view::npos || frame.back() != ')')
        return FrameOwner::Node;
    std::string_view place = frame.substr(open + 2, frame.size() - open - 3);
    // The script is what comes before ":line:column".
    for (int field = 0; field < 2; ++field) {
        const std::size_t colon = place.rfind(':');
        if (colon == std::string_view::npos)
            break;
        place = place.substr(0, colon);
    }
    return scriptOwner(place);
}

} // namespace loopscope
