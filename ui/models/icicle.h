#pragma once

#include "recording/blockprofiles.h"

#include <cstdint>
#include <functional>
#include <vector>

// One box of an icicle of a blocked callback's sampled stacks: a frame at a depth (0: the outermost),
// across the samples that ran through it, `firstSample` the first of them when the samples of each frame's
// callers are laid side by side.
struct IcicleBox
{
    int depth = 0;
    std::uint64_t firstSample = 0;
    std::uint64_t samples = 0;
    std::uint64_t selfSamples = 0; // samples in which this frame was the innermost
    std::uint32_t label = 0;
    std::uint32_t folded = 0; // how many of its callers this box stands for too (icicleOf's `foldable`)
    bool operator==(const IcicleBox& o) const = default;
};

// `profile`'s stacks merged by their common callers (the same frames from the outermost on) and laid out
// as an icicle: each frame's callees side by side within its span, the most sampled first (then by label),
// boxes in depth-first order. The x of a box is firstSample / profile.samples() of the width. Where the
// frames every sample ran through (the trunk, from the outermost on) hold two or more `foldable` ones in a
// row (Node's HTTP parser, a framework's router), they are one box, named by the innermost of them: the rows
// go to the frames that differ.
std::vector<IcicleBox> icicleOf(
    const loopscope::BlockProfile& profile, const std::function<bool(std::uint32_t label)>& foldable = {});

// The icicle's depth: its deepest box's depth + 1, 0 for no box.
int icicleDepth(const std::vector<IcicleBox>& boxes);
