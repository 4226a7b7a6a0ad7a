#pragma once

#include <node_api.h>

namespace loopscope::probe {

// sharePromiseHooks(init, settled), on the main thread: V8's isolate-wide promise hook calls `init(promise,
// parent)` as a promise is made and `settled(promise)` as it settles, for the queues' watch; with no
// arguments, the hook is taken out again. For a node that keeps the context's promise hooks to itself
// (Node 24: no binding to put the probe's in their place): V8 runs both, the context's (Node's async_hooks)
// and the isolate's, and node has no use for the latter. True when the hook is in.
napi_value SharePromiseHooks(napi_env env, napi_callback_info info);

} // namespace loopscope::probe
