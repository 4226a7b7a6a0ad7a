#include "models/icicle.h"

#include <algorithm>
#include <tuple>
#include <utility>

namespace {

struct Node
{
    std::uint32_t label = 0;
    std::uint64_t samples = 0;
    std::uint64_t self = 0;
    std::uint32_t folded = 0; // callers folded into this frame
    std::vector<Node> children;
};

void add(Node& node, const std::vector<std::uint32_t>& frames, std::size_t at, std::uint64_t hits)
{
    node.samples += hits;
    if (at == frames.size()) {
        node.self += hits;
        return;
    }
    auto child = std::find_if(
        node.children.begin(), node.children.end(), [&](const Node& c) { return c.label == frames[at]; });
    if (child == node.children.end()) {
        node.children.push_back({ frames[at], 0, 0, 0, {} });
        child = node.children.end() - 1;
    }
    add(*child, frames, at + 1, hits);
}

// Folds each run of `foldable` frames on the trunk (the frames every sample ran through, from the
// outermost on) into its innermost frame.
void foldTrunk(Node& root, const std::function<bool(std::uint32_t)>& foldable)
{
    Node* node = &root;
    while (node->self == 0 && node->children.size() == 1) {
        Node& next = node->children.front();
        while (foldable(next.label) && next.self == 0 && next.children.size() == 1
            && foldable(next.children.front().label)) {
            Node callee = std::move(next.children.front());
            callee.folded = next.folded + 1;
            next = std::move(callee);
        }
        node = &next;
    }
}

void layOut(Node& node, int depth, std::uint64_t first, std::vector<IcicleBox>& out)
{
    if (depth >= 0)
        out.push_back({ depth, first, node.samples, node.self, node.label, node.folded });
    std::sort(node.children.begin(), node.children.end(),
        [](const Node& a, const Node& b) { return std::tie(b.samples, a.label) < std::tie(a.samples, b.label); });
    std::uint64_t x = first;
    for (Node& child : node.children) {
        layOut(child, depth + 1, x, out);
        x += child.samples;
    }
}

} // namespace

std::vector<IcicleBox> icicleOf(
    const loopscope::BlockProfile& profile, const std::function<bool(std::uint32_t)>& foldable)
{
    Node root;
    for (const loopscope::BlockProfile::Stack& stack : profile.stacks) {
        if (!stack.frames.empty() && stack.hits > 0)
            add(root, stack.frames, 0, stack.hits);
    }
    if (foldable)
        foldTrunk(root, foldable);
    std::vector<IcicleBox> boxes;
    layOut(root, -1, 0, boxes);
    return boxes;
}

int icicleDepth(const std::vector<IcicleBox>& boxes)
{
    int depth = 0;
    for (const IcicleBox& box : boxes)
        depth = std::max(depth, box.depth + 1);
    return depth;
}
