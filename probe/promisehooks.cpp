#include "promisehooks.h"

#include "v8bridge.h"

namespace loopscope::probe {

namespace {

// The main thread's: its env and the two functions, while the hook is in.
struct Shared
{
    napi_env env = nullptr;
    napi_ref init = nullptr;
    napi_ref settled = nullptr;
};
Shared s_shared;

void release()
{
    for (napi_ref* ref : { &s_shared.init, &s_shared.settled }) {
        if (*ref)
            napi_delete_reference(s_shared.env, *ref);
        *ref = nullptr;
    }
}

// Runs inside V8, wherever a promise is made or settled: the functions are the probe's own, which catch
// whatever they meet, and an exception left all the same is cleared, never the program's.
void hook(v8::PromiseHookType type, v8::Local<v8::Promise> promise, v8::Local<v8::Value> parent)
{
    if ((type != v8::PromiseHookType::kInit && type != v8::PromiseHookType::kResolve) || !s_shared.init)
        return;
    napi_env env = s_shared.env;
    napi_handle_scope scope;
    if (napi_open_handle_scope(env, &scope) != napi_ok)
        return;
    napi_value function = nullptr;
    napi_value self = nullptr;
    napi_get_reference_value(env, type == v8::PromiseHookType::kInit ? s_shared.init : s_shared.settled, &function);
    napi_get_undefined(env, &self);
    napi_value argv[2] = { v8bridge::valueOf(promise), v8bridge::valueOf(parent) };
    if (function
        && napi_call_function(env, self, function, type == v8::PromiseHookType::kInit ? 2 : 1, argv, nullptr)
            == napi_pending_exception) {
        napi_value error;
        napi_get_and_clear_last_exception(env, &error);
    }
    napi_close_handle_scope(env, scope);
}

} // namespace

napi_value SharePromiseHooks(napi_env env, napi_callback_info info)
{
    napi_value argv[2];
    std::size_t argc = 2;
    napi_get_cb_info(env, info, &argc, argv, nullptr, nullptr);
    v8::Isolate* isolate = v8::Isolate::GetCurrent();
    isolate->SetPromiseHook(nullptr);
    release();
    bool in = false;
    napi_valuetype types[2] = { napi_undefined, napi_undefined };
    if (argc == 2 && napi_typeof(env, argv[0], &types[0]) == napi_ok && napi_typeof(env, argv[1], &types[1]) == napi_ok
        && types[0] == napi_function && types[1] == napi_function) {
        s_shared.env = env;
        in = napi_create_reference(env, argv[0], 1, &s_shared.init) == napi_ok
            && napi_create_reference(env, argv[1], 1, &s_shared.settled) == napi_ok;
        if (in)
            isolate->SetPromiseHook(hook);
        else
            release();
    }
    napi_value result;
    napi_get_boolean(env, in, &result);
    return result;
}

} // namespace loopscope::probe
