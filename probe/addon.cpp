// The native half of the probe LoopScope loads into a Node.js program (loopscope --attach): the Node-API
// functions its JavaScript half calls, on the main thread and in every worker thread. The work is done by
// a LoopProbe for each loop (its phases, its callbacks) and by the process's one Channel to LoopScope
// (the stream, the strings, the thread pool, the sender thread).
#include "blocksampler.h"
#include "channel.h"
#include "functionnames.h"
#include "loopprobe.h"
#include "outputwatch.h"
#include "promisehooks.h"
#include "v8bridge.h"

#include <node_api.h>
#include <uv.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <string>

namespace {

using namespace loopscope;
using probe::Channel;
using probe::LoopProbe;
using probe::OutputWatch;

Channel* s_channel = nullptr; // for the life of the process, once the main thread opened it
// For the life of the process too: V8 may still run an interrupt it asked for after it stopped.
probe::BlockSampler* s_sampler = nullptr;

// What the probe keeps for one environment (the main thread's, or a worker's): its instance data.
struct EnvProbe
{
    LoopProbe* loop = nullptr;
    bool main = false;
    napi_threadsafe_function control = nullptr;
    napi_async_cleanup_hook_handle cleanup = nullptr;
    std::unique_ptr<probe::FunctionNames> names;
};

std::unique_ptr<probe::FunctionNames> functionNames()
{
    return std::make_unique<probe::FunctionNames>(
        [](const std::string& text, CallbackKind kind) { return s_channel->name(text, kind); });
}

EnvProbe* envProbe(napi_env env)
{
    void* data = nullptr;
    napi_get_instance_data(env, &data);
    return static_cast<EnvProbe*>(data);
}

std::string stringArgument(napi_env env, napi_value value)
{
    std::size_t size = 0;
    napi_get_value_string_utf8(env, value, nullptr, 0, &size);
    std::string text(size, '\0');
    napi_get_value_string_utf8(env, value, text.data(), size + 1, &size);
    return text;
}

napi_value boolean(napi_env env, bool value)
{
    napi_value result;
    napi_get_boolean(env, value, &result);
    return result;
}

// Arguments of a call, at most N.
template <std::size_t N> std::size_t arguments(napi_env env, napi_callback_info info, napi_value (&argv)[N])
{
    std::size_t argc = N;
    napi_get_cb_info(env, info, &argc, argv, nullptr, nullptr);
    return argc;
}

// start(fd, nodeVersion, uvVersion, delayMs, everyCallback[, running]), on the main thread: true when the
// probe runs, every loop in the mode LoopScope started it in (everyCallback) until it switches. `running`:
// the program was running when LoopScope attached, and the probe is taken out again when LoopScope lets go
// (Channel::unloadOnHangUp).
napi_value Start(napi_env env, napi_callback_info info)
{
    napi_value argv[6];
    int32_t fd = -1;
    int32_t delayMs = 0;
    bool everyCallback = true;
    bool running = false;
    uv_loop_t* loop = nullptr;
    const std::size_t given = arguments(env, info, argv);
    if (s_channel || given < 5 || napi_get_value_int32(env, argv[0], &fd) != napi_ok
        || napi_get_value_int32(env, argv[3], &delayMs) != napi_ok
        || napi_get_value_bool(env, argv[4], &everyCallback) != napi_ok
        || (given == 6 && napi_get_value_bool(env, argv[5], &running) != napi_ok)
        || napi_get_uv_event_loop(env, &loop) != napi_ok)
        return boolean(env, false);
    auto* channel = new Channel;
    channel->setEveryCallback(everyCallback);
    if (running)
        channel->unloadOnHangUp();
    if (!channel->open(fd, loop, stringArgument(env, argv[1]), stringArgument(env, argv[2]))) {
        delete channel;
        return boolean(env, false);
    }
    s_channel = channel;
    auto* probe = new EnvProbe { new LoopProbe(*channel, MainThread), true, nullptr, nullptr, functionNames() };
    probe->loop->start(loop, std::clamp(delayMs, 0, 1000));
    channel->add(probe->loop, "main");
    napi_set_instance_data(env, probe, nullptr, nullptr);
    // Exiting without the 'exit' event (exit() from native code): what is left still goes.
    std::atexit([] {
        if (s_channel && s_channel->opened())
            s_channel->stop();
    });
    return boolean(env, true);
}

// The worker's environment is going away: its loop's probe ends and closes its handles, and the worker
// goes on ending once they are closed.
void workerCleanup(napi_async_cleanup_hook_handle handle, void* data)
{
    auto* probe = static_cast<EnvProbe*>(data);
    probe->loop->close([probe, handle] {
        s_channel->remove(probe->loop);
        if (probe->control) {
            s_channel->removeControl(probe->control);
            napi_release_threadsafe_function(probe->control, napi_tsfn_abort);
        }
        delete probe->loop;
        delete probe;
        napi_remove_async_cleanup_hook(handle);
    });
}

// startWorker(threadId), in a worker thread: true when the main thread's probe runs and now watches this
// worker's loop too, its records those of worker loop `threadId`.
napi_value StartWorker(napi_env env, napi_callback_info info)
{
    napi_value argv[1];
    int32_t threadId = 0;
    uv_loop_t* loop = nullptr;
    if (!s_channel || !s_channel->opened() || envProbe(env) || arguments(env, info, argv) != 1
        || napi_get_value_int32(env, argv[0], &threadId) != napi_ok || napi_get_uv_event_loop(env, &loop) != napi_ok)
        return boolean(env, false);
    const auto thread = std::uint16_t(WorkerThreadBase + std::clamp(threadId, 1, 60000));
    auto* probe = new EnvProbe { new LoopProbe(*s_channel, thread), false, nullptr, nullptr, functionNames() };
    probe->loop->start(loop, 0);
    s_channel->add(probe->loop, "worker " + std::to_string(threadId));
    napi_set_instance_data(env, probe, nullptr, nullptr);
    napi_add_async_cleanup_hook(env, workerCleanup, probe, &probe->cleanup);
    return boolean(env, true);
}

// name(text): the number the records use for it.
napi_value Name(napi_env env, napi_callback_info info)
{
    napi_value argv[1];
    napi_value result;
    const bool ok = s_channel && arguments(env, info, argv) == 1;
    napi_create_uint32(env, ok ? s_channel->name(stringArgument(env, argv[0])) : 0, &result);
    return result;
}

// sampleBlocks(thresholdMs), on the main thread: from now on the JavaScript stacks of a main-loop callback
// that runs longer than `thresholdMs` are sampled while it lasts (BlockSampler); true when they are.
napi_value SampleBlocks(napi_env env, napi_callback_info info)
{
    napi_value argv[1];
    int32_t thresholdMs = 0;
    EnvProbe* probe = envProbe(env);
    if (!probe || !probe->main || s_sampler || arguments(env, info, argv) != 1
        || napi_get_value_int32(env, argv[0], &thresholdMs) != napi_ok || thresholdMs <= 0)
        return boolean(env, false);
    s_sampler = new probe::BlockSampler(*s_channel, *probe->loop, env, std::int64_t(thresholdMs) * 1'000'000);
    s_sampler->start();
    s_channel->setSampler(s_sampler);
    return boolean(env, true);
}

// label(function, type): the number the records use for the label of a callback of resource type `type`
// that runs `function` (its name and where it was created), or 0 when the type says as much (no function,
// or one of Node's own).
napi_value Label(napi_env env, napi_callback_info info)
{
    napi_value argv[2];
    napi_value result;
    EnvProbe* probe = envProbe(env);
    std::uint32_t label = 0;
    if (probe && probe->names && arguments(env, info, argv) == 2) {
        const std::string type = stringArgument(env, argv[1]);
        label = probe->names->labelOf(env, argv[0], type, Channel::kindOfType(type));
    }
    napi_create_uint32(env, label, &result);
    return result;
}

// createdAt(type): the number the records use for the label of a request of resource type `type` that the
// JavaScript running now makes, which says where the program made it; 0 when Node made it of itself.
napi_value CreatedAt(napi_env env, napi_callback_info info)
{
    napi_value argv[1];
    napi_value result;
    EnvProbe* probe = envProbe(env);
    std::uint32_t label = 0;
    if (probe && probe->names && arguments(env, info, argv) == 1) {
        const std::string type = stringArgument(env, argv[0]);
        label = probe->names->labelOfCaller(env, type, Channel::kindOfType(type));
    }
    napi_create_uint32(env, label, &result);
    return result;
}

// events(): the buffer this loop's callbacks' starts and ends are written into (LoopProbe::events).
napi_value Events(napi_env env, napi_callback_info)
{
    EnvProbe* probe = envProbe(env);
    if (!probe)
        return nullptr;
    // The loop's probe owns the memory, which outlives the program's JavaScript: it is read at exit too.
    napi_value buffer;
    const auto noFinalizer = [](napi_env, void*, void*) {};
    if (napi_create_external_arraybuffer(
            env, probe->loop->events(), LoopProbe::EventDoubles * sizeof(double), noFinalizer, nullptr, &buffer)
        != napi_ok)
        return nullptr;
    return buffer;
}

// writer(): on the main thread, where its JavaScript half keeps the label of the callback it runs, as a
// buffer of one uint32 (OutputWatch::writer); undefined on a worker's, or when the output is not counted.
// Made once: V8 refuses a second external buffer over the same memory.
napi_value Writer(napi_env env, napi_callback_info)
{
    static bool made = false;
    EnvProbe* probe = envProbe(env);
    if (!probe || !probe->main || made || !s_channel || !s_channel->countsOutput())
        return nullptr;
    napi_value buffer;
    const auto noFinalizer = [](napi_env, void*, void*) {};
    if (napi_create_external_arraybuffer(
            env, OutputWatch::writer(), sizeof(std::uint32_t), noFinalizer, nullptr, &buffer)
        != napi_ok)
        return nullptr;
    made = true;
    return buffer;
}

// drain(): the buffer is full; what it holds is recorded.
napi_value Drain(napi_env env, napi_callback_info)
{
    if (EnvProbe* probe = envProbe(env))
        probe->loop->drainEvents(s_channel->now());
    return nullptr;
}

// now(): the probe's clock, in ns, for calibrate().
napi_value Now(napi_env env, napi_callback_info)
{
    napi_value result;
    napi_create_double(env, s_channel ? double(s_channel->now()) : 0, &result);
    return result;
}

// calibrate(jsMs, probeNs): performance.now() and the probe's clock read at one moment.
napi_value Calibrate(napi_env env, napi_callback_info info)
{
    napi_value argv[2];
    double jsMs = 0;
    double probeNs = 0;
    EnvProbe* probe = envProbe(env);
    if (probe && arguments(env, info, argv) == 2 && napi_get_value_double(env, argv[0], &jsMs) == napi_ok
        && napi_get_value_double(env, argv[1], &probeNs) == napi_ok)
        probe->loop->calibrate(jsMs, std::int64_t(probeNs));
    return nullptr;
}

// stop(loopStartMs, idleMs, exitCode): this thread is exiting (process 'exit'): its callbacks still open
// end; on the main thread, what performance.eventLoopUtilization() reads now (performance.nodeTiming's
// loopStart, -1 when the loop never started, and idleTime), the code the program exits with and what is
// left are sent.
napi_value Stop(napi_env env, napi_callback_info info)
{
    napi_value argv[3];
    EnvProbe* probe = envProbe(env);
    if (!probe)
        return nullptr;
    probe->loop->finish();
    if (!probe->main)
        return nullptr;
    double loopStartMs = -1;
    double idleMs = 0;
    int32_t exitCode = 0;
    const std::size_t given = arguments(env, info, argv);
    if (given >= 2 && napi_get_value_double(env, argv[0], &loopStartMs) == napi_ok
        && napi_get_value_double(env, argv[1], &idleMs) == napi_ok && loopStartMs >= 0 && idleMs >= 0)
        s_channel->loopTimes(
            { std::max<std::int64_t>(0, probe->loop->probeNsOf(loopStartMs)), std::int64_t(idleMs * 1e6) });
    if (given >= 3 && napi_get_value_int32(env, argv[2], &exitCode) == napi_ok)
        s_channel->exited(exitCode);
    s_channel->stop();
    return nullptr;
}

// unload(), on the main thread of a program attached while it ran, once LoopScope let go: the loop's
// handles are closed, and once they are, the channel stops (its sender ends, node's GOT slot of the pool's
// hook is put back) and the control callback is released. The Channel itself stays, for the life of the
// process: work the pool watch wrapped may still be running through its trampoline, which reads its clock.
napi_value Unload(napi_env env, napi_callback_info)
{
    EnvProbe* probe = envProbe(env);
    if (!probe || !probe->main)
        return nullptr;
    napi_set_instance_data(env, nullptr, nullptr, nullptr);
    probe->loop->close([probe] {
        s_channel->remove(probe->loop);
        s_channel->stop();
        if (probe->control) {
            s_channel->removeControl(probe->control);
            napi_release_threadsafe_function(probe->control, napi_tsfn_abort);
        }
        delete probe->loop;
        delete probe;
    });
    return nullptr;
}

// onControl(control): `control(mode)` is called on this thread when LoopScope switches between labelling
// every callback and marking the phases only, or lets go of a program attached while it ran (a
// ControlMode), on every thread that asked (the main
// thread's and each worker's). A thread asks before it reads everyCallback(), so no switch is missed.
napi_value OnControl(napi_env env, napi_callback_info info)
{
    napi_value argv[1];
    EnvProbe* probe = envProbe(env);
    if (!probe || probe->control || arguments(env, info, argv) != 1)
        return nullptr;
    napi_value name;
    napi_create_string_utf8(env, "LoopScope probe control", NAPI_AUTO_LENGTH, &name);
    const auto callJs = [](napi_env callEnv, napi_value function, void*, void* data) {
        if (!callEnv)
            return;
        napi_value mode;
        napi_value undefined;
        napi_create_uint32(callEnv, std::uint32_t(reinterpret_cast<std::uintptr_t>(data)), &mode);
        napi_get_undefined(callEnv, &undefined);
        napi_call_function(callEnv, undefined, function, 1, &mode, nullptr);
    };
    if (napi_create_threadsafe_function(
            env, argv[0], nullptr, name, 0, 1, nullptr, nullptr, nullptr, callJs, &probe->control)
        == napi_ok) {
        napi_unref_threadsafe_function(env, probe->control); // it never keeps the program alive
        s_channel->addControl(probe->control);
    }
    return nullptr;
}

// setEveryCallback(on): this thread's hooks are on (every callback) or off (phases only).
napi_value SetEveryCallback(napi_env env, napi_callback_info info)
{
    napi_value argv[1];
    bool on = true;
    EnvProbe* probe = envProbe(env);
    if (probe && arguments(env, info, argv) == 1 && napi_get_value_bool(env, argv[0], &on) == napi_ok)
        probe->loop->setEveryCallback(on);
    return nullptr;
}

// failed(what): this thread's JavaScript half met an error of its own and stopped labelling callbacks;
// `what` it no longer sees goes into the recording.
napi_value Failed(napi_env env, napi_callback_info info)
{
    napi_value argv[1];
    EnvProbe* probe = envProbe(env);
    if (!probe || arguments(env, info, argv) != 1)
        return nullptr;
    probe->loop->setEveryCallback(false);
    s_channel->unavailable(stringArgument(env, argv[0]));
    if (probe->main)
        s_channel->unavailable(std::string(wire::QueuesUnavailable));
    return nullptr;
}

// settled(promise): true once V8 has settled `promise` (fulfilled or rejected), for the queues' watch.
napi_value Settled(napi_env env, napi_callback_info info)
{
    napi_value argv[1];
    bool isPromise = false;
    bool settled = false;
    if (arguments(env, info, argv) == 1 && napi_is_promise(env, argv[0], &isPromise) == napi_ok && isPromise)
        settled = loopscope::probe::v8bridge::localOf(argv[0]).As<v8::Promise>()->State() != v8::Promise::kPending;
    return boolean(env, settled);
}

// queuesUnseen(), on the main thread: from now on the JavaScript half no longer tells what joins the queues
// (it marks the phases only, or Node's own promise hooks replaced its own): the recording's queues are not seen.
napi_value QueuesUnseen(napi_env env, napi_callback_info)
{
    EnvProbe* probe = envProbe(env);
    if (probe && probe->main)
        s_channel->unavailable(std::string(wire::QueuesUnavailable));
    return nullptr;
}

// everyCallback(): the mode the loops are in (as LoopScope started the probe, or last switched it).
napi_value EveryCallback(napi_env env, napi_callback_info)
{
    return boolean(env, !s_channel || s_channel->everyCallback());
}

// running(): true once this process's probe runs (opened by its main thread): on a worker thread.
napi_value Running(napi_env env, napi_callback_info)
{
    return boolean(env, s_channel && s_channel->opened());
}

// attached(): true once LoopScope attached to this process, also after it let go of a program attached
// while it ran.
napi_value Attached(napi_env env, napi_callback_info)
{
    return boolean(env, s_channel != nullptr);
}

// connect(name): the socket of a process LoopScope follows as a child of the program it attached to
// (Channel::connectTo), or -1.
napi_value Connect(napi_env env, napi_callback_info info)
{
    napi_value argv[1];
    napi_value result;
    const int fd = arguments(env, info, argv) == 1 ? Channel::connectTo(stringArgument(env, argv[0])) : -1;
    napi_create_int32(env, fd, &result);
    return result;
}

napi_value Init(napi_env env, napi_value exports)
{
    const napi_property_descriptor methods[] = {
        { "running", nullptr, Running, nullptr, nullptr, nullptr, napi_default, nullptr },
        { "attached", nullptr, Attached, nullptr, nullptr, nullptr, napi_default, nullptr },
        { "unload", nullptr, Unload, nullptr, nullptr, nullptr, napi_default, nullptr },
        { "connect", nullptr, Connect, nullptr, nullptr, nullptr, napi_default, nullptr },
        { "start", nullptr, Start, nullptr, nullptr, nullptr, napi_default, nullptr },
        { "startWorker", nullptr, StartWorker, nullptr, nullptr, nullptr, napi_default, nullptr },
        { "name", nullptr, Name, nullptr, nullptr, nullptr, napi_default, nullptr },
        { "sampleBlocks", nullptr, SampleBlocks, nullptr, nullptr, nullptr, napi_default, nullptr },
        { "label", nullptr, Label, nullptr, nullptr, nullptr, napi_default, nullptr },
        { "createdAt", nullptr, CreatedAt, nullptr, nullptr, nullptr, napi_default, nullptr },
        { "events", nullptr, Events, nullptr, nullptr, nullptr, napi_default, nullptr },
        { "writer", nullptr, Writer, nullptr, nullptr, nullptr, napi_default, nullptr },
        { "drain", nullptr, Drain, nullptr, nullptr, nullptr, napi_default, nullptr },
        { "now", nullptr, Now, nullptr, nullptr, nullptr, napi_default, nullptr },
        { "calibrate", nullptr, Calibrate, nullptr, nullptr, nullptr, napi_default, nullptr },
        { "stop", nullptr, Stop, nullptr, nullptr, nullptr, napi_default, nullptr },
        { "onControl", nullptr, OnControl, nullptr, nullptr, nullptr, napi_default, nullptr },
        { "setEveryCallback", nullptr, SetEveryCallback, nullptr, nullptr, nullptr, napi_default, nullptr },
        { "failed", nullptr, Failed, nullptr, nullptr, nullptr, napi_default, nullptr },
        { "queuesUnseen", nullptr, QueuesUnseen, nullptr, nullptr, nullptr, napi_default, nullptr },
        { "settled", nullptr, Settled, nullptr, nullptr, nullptr, napi_default, nullptr },
        { "sharePromiseHooks", nullptr, loopscope::probe::SharePromiseHooks, nullptr, nullptr, nullptr, napi_default,
            nullptr },
        { "everyCallback", nullptr, EveryCallback, nullptr, nullptr, nullptr, napi_default, nullptr },
    };
    napi_define_properties(env, exports, sizeof methods / sizeof methods[0], methods);
    return exports;
}

} // namespace

NAPI_MODULE(NODE_GYP_MODULE_NAME, Init)
