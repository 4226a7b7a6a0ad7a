#include "callbacklabel.h"

#include "recording/codeowner.h"

namespace loopscope::probe {

bool isProgramsOwn(const FunctionPlace& place)
{
    return scriptOwner(place.script) != FrameOwner::Node && place.line > 0;
}

std::string callbackLabel(std::string_view type, const FunctionPlace& function)
{
    const std::string where
        = function.script + ':' + std::to_string(function.line) + ':' + std::to_string(function.column);
    std::string label(type);
    if (function.name.empty())
        return label + " (anonymous, created at " + where + ')';
    return label + ' ' + function.name + " (" + where + ')';
}

bool isProbesOwn(const FunctionPlace& place)
{
    const std::size_t slash = place.script.rfind('/');
    const std::string_view file = std::string_view(place.script).substr(slash == std::string::npos ? 0 : slash + 1);
    return file == "loopscope-probe.js" || file == "loopscope-queues.js";
}

bool isPackages(const FunctionPlace& place)
{
    return scriptOwner(place.script) == FrameOwner::Package;
}

std::string requestLabel(std::string_view type, const FunctionPlace& caller)
{
    const std::string where = caller.script + ':' + std::to_string(caller.line) + ':' + std::to_string(caller.column);
    std::string label(type);
    if (caller.name.empty())
        return label + " (created at " + where + ')';
    return label + " (created in " + caller.name + " at " + where + ')';
}

std::string frameLabel(const FunctionPlace& frame)
{
    const std::string name = frame.name.empty() ? std::string("(anonymous)") : frame.name;
    if (frame.script.empty())
        return name + " (<unknown>)";
    return name + " (" + frame.script + ':' + std::to_string(frame.line) + ':' + std::to_string(frame.column) + ')';
}

} // namespace loopscope::probe
