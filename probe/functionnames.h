#pragma once

#include "callbacklabel.h"
#include "recording/codeowner.h"
#include "recording/events.h"
#include "v8bridge.h"

#include <node_api.h>

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <tuple>
#include <unordered_map>

namespace loopscope::probe {

// The labels of one thread's callbacks by the JavaScript function they run: its name and where it was
// created, read through V8's own API (Node-API has none for a function's place), found once per place in
// the source and kept (the JavaScript half also keeps each function's label in a weak map).
//
// V8's calls go through v8bridge.h; the script's name is read from the ScriptOrigin V8 returns by its
// layout, which V8 12 changed (it lost its isolate).
class FunctionNames
{
public:
    // `name(text, kind)` gives the number the records use for a label (Channel::name).
    explicit FunctionNames(std::function<std::uint32_t(const std::string&, CallbackKind)> name);

    // The number of the label of a callback of resource type `type` and kind `kind` that runs `function`;
    // 0 when it says no more than the type would (not a function, or one of Node's own).
    std::uint32_t labelOf(napi_env env, napi_value function, const std::string& type, CallbackKind kind);

    // The number of the label of a request of resource type `type` and kind `kind` (an fs call, a DNS lookup,
    // a connect, a write) made by the JavaScript running now: where the program made it, its innermost frame
    // of the program's own on the stack (of a package's when the program's own is not in reach); 0 when
    // no such frame is (Node made it of itself).
    std::uint32_t labelOfCaller(napi_env env, const std::string& type, CallbackKind kind);

    // Where `function` was created; nothing known (line 0) for what is not a function.
    static FunctionPlace placeOf(napi_env env, napi_value function);

private:
    // Whose code a frame's script holds, read from its name once per script (V8's script id), as a request's
    // stack is searched for the program's frame: the probe's own scripts count as Node's, never the caller.
    FrameOwner ownerOf(napi_env env, v8::Local<v8::StackFrame> frame);

    std::function<std::uint32_t(const std::string&, CallbackKind)> m_name;
    // (type, script id, line, column) -> the label's number, 0 for a function of Node's: one function may
    // run for resources of two types of one kind (a server's connections and its requests).
    std::map<std::tuple<std::string, int, int, int>, std::uint32_t> m_labels;
    // (type, script id, line, column) -> the number of the label of a request made there.
    std::map<std::tuple<std::string, int, int, int>, std::uint32_t> m_callers;
    std::unordered_map<int, FrameOwner> m_scriptOwners;
};

} // namespace loopscope::probe
