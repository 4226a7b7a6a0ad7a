#include "functionnames.h"

#include "v8bridge.h"

#include <cstdlib>
#include <cstring>

namespace loopscope::probe {

namespace {

using v8bridge::localOf;
using v8bridge::textOf;

// How deep a request's stack is searched for the program's frame that made it: a write from an express
// route lies about a dozen frames of Node's and the package's below the route.
constexpr int CallerFrames = 16;

// The major version of the V8 the probe runs in (not the one its headers are of).
int v8Major()
{
    static const int major = std::atoi(v8::V8::GetVersion());
    return major;
}

// The name of the script `function` is in. A ScriptOrigin begins with its isolate up to V8 11 and with
// the name from V8 12 on, and is no larger there than in the headers built against: the first word tells
// which it is. V8 versions after those known (Node 24's 13) are not read at all.
std::string scriptNameOf(napi_env env, v8::Local<v8::Function> function)
{
    const int major = v8Major();
    if (major < 10 || major > 13)
        return {};
    const v8::ScriptOrigin origin = function->GetScriptOrigin();
    void* words[2];
    static_assert(sizeof origin >= sizeof words);
    std::memcpy(words, static_cast<const void*>(&origin), sizeof words);
    const bool isolateFirst = words[0] == static_cast<void*>(v8::Isolate::GetCurrent());
    v8::Local<v8::Value> name;
    std::memcpy(static_cast<void*>(&name), isolateFirst ? &words[1] : &words[0], sizeof name);
    return textOf(env, name);
}

// The function a bound function calls (fn.bind(this)), which has the place; any other, itself.
v8::Local<v8::Function> targetOf(napi_env env, v8::Local<v8::Function> function)
{
    if (function->GetScriptLineNumber() >= 0)
        return function;
    const napi_value bound = v8bridge::valueOf(function->GetBoundFunction());
    napi_valuetype type = napi_undefined;
    if (bound && napi_typeof(env, bound, &type) == napi_ok && type == napi_function)
        return localOf(bound).As<v8::Function>();
    return function;
}

} // namespace

FunctionNames::FunctionNames(std::function<std::uint32_t(const std::string&, CallbackKind)> name)
    : m_name(std::move(name))
{ }

FunctionPlace FunctionNames::placeOf(napi_env env, napi_value function)
{
    napi_valuetype type = napi_undefined;
    if (napi_typeof(env, function, &type) != napi_ok || type != napi_function)
        return {};
    const v8::Local<v8::Function> local = targetOf(env, localOf(function).As<v8::Function>());
    FunctionPlace place;
    place.line = local->GetScriptLineNumber() + 1; // -1 (kLineOffsetNotFound): 0, unknown
    place.column = local->GetScriptColumnNumber() + 1;
    if (place.line <= 0)
        return {};
    place.name = textOf(env, local->GetDebugName());
    place.script = scriptNameOf(env, local);
    return place;
}

std::uint32_t FunctionNames::labelOf(napi_env env, napi_value function, const std::string& type, CallbackKind kind)
{
    napi_valuetype valueType = napi_undefined;
    if (napi_typeof(env, function, &valueType) != napi_ok || valueType != napi_function)
        return 0;
    const v8::Local<v8::Function> local = targetOf(env, localOf(function).As<v8::Function>());
    auto key = std::make_tuple(type, local->ScriptId(), local->GetScriptLineNumber(), local->GetScriptColumnNumber());
    const auto found = m_labels.find(key);
    if (found != m_labels.end())
        return found->second;
    const FunctionPlace place = placeOf(env, v8bridge::valueOf(local));
    const std::uint32_t label = isProgramsOwn(place) ? m_name(callbackLabel(type, place), kind) : 0;
    m_labels.emplace(std::move(key), label);
    return label;
}

FrameOwner FunctionNames::ownerOf(napi_env env, v8::Local<v8::StackFrame> frame)
{
    const auto [known, added] = m_scriptOwners.try_emplace(frame->GetScriptId(), FrameOwner::Node);
    if (added) {
        const FunctionPlace script { {}, textOf(env, frame->GetScriptName()), 1, 1 };
        known->second = isProbesOwn(script) ? FrameOwner::Node : scriptOwner(script.script);
    }
    return known->second;
}

std::uint32_t FunctionNames::labelOfCaller(napi_env env, const std::string& type, CallbackKind kind)
{
    v8::Isolate* isolate = v8::Isolate::GetCurrent();
    const v8::Local<v8::StackTrace> trace = v8::StackTrace::CurrentStackTrace(isolate, CallerFrames);
    const int count = trace.IsEmpty() ? 0 : trace->GetFrameCount();
    // The innermost frame of the program's own, or failing that of a package's, below the probe's hook that
    // asks; a script's owner is read once, a frame's place only for the frame that may be the one.
    v8::Local<v8::StackFrame> caller;
    v8::Location callerLocation(0, 0);
    for (int i = 0; i < count; ++i) {
        const v8::Local<v8::StackFrame> frame = trace->GetFrame(isolate, std::uint32_t(i));
        const FrameOwner owner = ownerOf(env, frame);
        if (owner == FrameOwner::Node || (owner == FrameOwner::Package && !caller.IsEmpty()))
            continue;
        v8::Location location = frame->GetLocation();
        if (location.GetLineNumber() < 0)
            continue; // no place known (isProgramsOwn's line 0)
        caller = frame;
        callerLocation = location;
        if (owner == FrameOwner::Program)
            break;
    }
    if (caller.IsEmpty())
        return 0;
    const int line = callerLocation.GetLineNumber() + 1;
    const int column = callerLocation.GetColumnNumber() + 1;
    auto key = std::make_tuple(type, caller->GetScriptId(), line, column);
    const auto found = m_callers.find(key);
    if (found != m_callers.end())
        return found->second;
    const FunctionPlace callerPlace { textOf(env, caller->GetFunctionName()), textOf(env, caller->GetScriptName()),
        line, column };
    const std::uint32_t label = m_name(requestLabel(type, callerPlace), kind);
    m_callers.emplace(std::move(key), label);
    return label;
}

} // namespace loopscope::probe
