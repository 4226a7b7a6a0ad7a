#pragma once

#include <string>
#include <string_view>

// Whether an attached program's callback label `label` is one of a resource of type `type`: the type alone
// ("Timeout"), or the type and the function the callback runs ("Timeout tick (/app/prog.js:3:10)").
inline bool labelledAs(std::string_view label, std::string_view type)
{
    return label == type
        || (label.size() > type.size() && label.substr(0, type.size()) == type && label[type.size()] == ' ');
}
