#pragma once

#include <cstdint>

// Which moments of a recording an animation shows, and for how long each: a range [fromNs, toNs] played at
// `speed` (0.1: a millisecond of the program lasts ten) at `fps` frames a second. Frame i shows the moment
// fromNs + i * stepNs; the last one shows toNs. Past MaxFrames the frames are spread over the range and
// shown longer, so the animation keeps its speed and its length: capped says so.
struct AnimationPlan
{
    static constexpr int MaxFrames = 1000;
    static constexpr int MaxFps = 50; // GIF counts in hundredths of a second, and viewers slow faster ones
    static constexpr double MinSpeed = 0.01; // the replay's range (ReplayPlayer::Speeds)
    static constexpr double MaxSpeed = 10.0;

    int frames = 0;
    long long asked = 0; // the frames the range, speed and fps make, before the cap
    double stepNs = 0; // recording time from one frame to the next
    double delayMs = 0; // how long each frame shows
    bool capped = false; // more than MaxFrames were asked for

    // The plan for a range (toNs < fromNs is read as an empty range: one frame).
    static AnimationPlan make(std::int64_t fromNs, std::int64_t toNs, double speed, int fps);
    // The moment frame `index` shows.
    std::int64_t momentNs(std::int64_t fromNs, std::int64_t toNs, int index) const;
    // How long frame `index` shows, in whole milliseconds whose running sum stays within half a
    // millisecond of index * delayMs.
    int delayOf(int index) const;
    // The frames per second written: fps, or fewer when capped.
    double writtenFps() const { return delayMs > 0 ? 1000.0 / delayMs : 0; }
};
