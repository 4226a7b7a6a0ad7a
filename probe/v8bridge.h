#pragma once

// The few V8 calls the probe makes beside Node-API, shared by its parts that make them. The addon is built
// against one node's headers and loaded into any node from 18 on: it calls only V8 functions every one of
// them exports, and reads no V8 inline internals (a value's type, a string's text) but through Node-API.
// A napi_value is node's v8::Local (node converts the two by copying the pointer, and builds without
// V8's direct locals).
#include <node_api.h>

#include <cstring>
#include <string>

// V8's headers are not written for this project's warnings.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wnon-virtual-dtor"
#pragma GCC diagnostic ignored "-Wpedantic"
#include <v8.h>
#pragma GCC diagnostic pop

namespace loopscope::probe::v8bridge {

inline v8::Local<v8::Value> localOf(napi_value value)
{
    v8::Local<v8::Value> local;
    static_assert(sizeof local == sizeof value);
    std::memcpy(static_cast<void*>(&local), &value, sizeof value);
    return local;
}

template <typename T> napi_value valueOf(v8::Local<T> local)
{
    napi_value value;
    static_assert(sizeof local == sizeof value);
    std::memcpy(&value, static_cast<const void*>(&local), sizeof value);
    return value;
}

// A string's text; empty for what is not a string (or an empty handle).
template <typename T> std::string textOf(napi_env env, v8::Local<T> local)
{
    if (local.IsEmpty())
        return {};
    napi_value value = valueOf(local);
    napi_valuetype type = napi_undefined;
    if (napi_typeof(env, value, &type) != napi_ok || type != napi_string)
        return {};
    std::size_t size = 0;
    if (napi_get_value_string_utf8(env, value, nullptr, 0, &size) != napi_ok)
        return {};
    std::string text(size, '\0');
    napi_get_value_string_utf8(env, value, text.data(), size + 1, &size);
    return text;
}

} // namespace loopscope::probe::v8bridge
