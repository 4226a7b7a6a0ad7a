#include "callbacklabel.h"

namespace loopscope::probe {

bool isProgramsOwn(const FunctionPlace& place)
{
    return !place.script.empty() && place.script.rfind("node:", 0) != 0 && place.line > 0;
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

std::string frameLabel(const FunctionPlace& frame)
{
    const std::string name = frame.name.empty() ? std::string("(anonymous)") : frame.name;
    if (frame.script.empty())
        return name + " (<unknown>)";
    return name + " (" + frame.script + ':' + std::to_string(frame.line) + ':' + std::to_string(frame.column) + ')';
}

} // namespace loopscope::probe
