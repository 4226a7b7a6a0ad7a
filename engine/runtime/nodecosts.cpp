#include "runtime/nodecosts.h"

#include "recording/recorder.h"

#include <chrono>
#include <thread>

namespace loopscope {

NodeCosts NodeCosts::node20()
{
    // Medians of `node scripts/calibrate-node-costs.js 15` with Node v20.20.2, stdout a pipe.
    NodeCosts costs;
    auto set = [&costs](OpKind kind, std::uint32_t us) { costs.firstUseUs[std::size_t(kind)] = us; };
    set(OpKind::Log, 2200);
    set(OpKind::NextTick, 110);
    set(OpKind::QueueMicrotask, 90);
    set(OpKind::SetTimeout, 240);
    set(OpKind::SetInterval, 250);
    set(OpKind::SetImmediate, 110);
    set(OpKind::ReadFile, 370);
    set(OpKind::DnsLookup, 3000);
    set(OpKind::Pbkdf2, 370);
    costs.workerStartUs = 25000;
    // main-race's timer won 24 times in 100 in Node: setImmediate's first use and this gap make
    // about 240 us between the setTimeout and the first timers phase.
    costs.startupGapUs = 130;
    costs.percent = 100;
    return costs;
}

NodeCosts NodeCosts::scaled(int by) const
{
    auto scale = [by](std::uint32_t us) { return std::uint32_t(std::uint64_t(us) * std::uint64_t(by) / 100); };
    NodeCosts out;
    for (std::size_t i = 0; i < OpKinds; ++i)
        out.firstUseUs[i] = scale(firstUseUs[i]);
    out.workerStartUs = scale(workerStartUs);
    out.startupGapUs = scale(startupGapUs);
    out.percent = int(std::int64_t(percent) * by / 100);
    return out;
}

void spendRealTime(std::uint32_t us)
{
    if (us == 0)
        return;
    const std::int64_t until = monotonicNs() + std::int64_t(us) * 1000;
    if (us > 2000)
        std::this_thread::sleep_for(std::chrono::microseconds(us - 1000));
    while (monotonicNs() < until) { }
}

} // namespace loopscope
