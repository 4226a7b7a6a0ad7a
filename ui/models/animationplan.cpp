#include "models/animationplan.h"

#include <algorithm>
#include <cmath>

AnimationPlan AnimationPlan::make(std::int64_t fromNs, std::int64_t toNs, double speed, int fps)
{
    AnimationPlan plan;
    const double rangeNs = double(std::max<std::int64_t>(0, toNs - fromNs));
    plan.delayMs = 1000.0 / fps;
    plan.stepNs = plan.delayMs * 1e6 * speed;
    // The frames a frame period apart, and one for the range's end when they fall short of it (a tiny
    // tolerance keeps a whole number of periods from counting one more).
    const double periods = rangeNs / plan.stepNs;
    const double wanted = std::ceil(periods - 1e-9) + 1;
    plan.asked = wanted < 1e15 ? (long long)wanted : (long long)1e15;
    if (wanted <= MaxFrames) {
        plan.frames = int(wanted);
        return plan;
    }
    // As many frames as an animation takes, spread over the range and shown longer: the same length.
    plan.frames = MaxFrames;
    plan.capped = true;
    plan.stepNs = rangeNs / (MaxFrames - 1);
    plan.delayMs = plan.stepNs / 1e6 / speed;
    return plan;
}

std::int64_t AnimationPlan::momentNs(std::int64_t fromNs, std::int64_t toNs, int index) const
{
    if (index >= frames - 1)
        return std::max(fromNs, toNs);
    return std::min(toNs, fromNs + std::int64_t(std::llround(index * stepNs)));
}

int AnimationPlan::delayOf(int index) const
{
    return int(std::llround((index + 1) * delayMs) - std::llround(index * delayMs));
}
