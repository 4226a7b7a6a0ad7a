#pragma once

#include <array>
#include <bitset>
#include <cstdint>
#include <limits>
#include <string_view>
#include <vector>

namespace loopscope {

// A backtracking matcher for the ECMAScript regular expressions programs test (the redos scenario's
// coupon patterns): literals, classes (`[A-Z0-9]`, `[^...]`, `\d \w \s`, `.`), capturing and
// non-capturing groups, alternation, greedy `*`, `+` and `?`, and the `^` and `$` anchors. Like V8's
// irregexp it compiles the pattern to code for a backtracking machine and tries alternatives in
// the order ECMAScript prescribes, so a pattern that backtracks exponentially in Node does here, on
// the same input, with the same growth per character; and like irregexp it runs a quantified single
// class as one greedy loop that gives back a character at a time.
class BacktrackingRegex
{
public:
    static constexpr std::uint64_t Unlimited = std::numeric_limits<std::uint64_t>::max();

    // Compiles `pattern`; valid() is false for syntax outside the subset above (a quantified group
    // that can match the empty string among it).
    explicit BacktrackingRegex(std::string_view pattern);

    bool valid() const { return m_valid; }
    // RegExp.prototype.test: whether the pattern matches somewhere in `input`. It stops after
    // `stepBudget` steps of the machine (a partial pass) and then says false.
    bool test(std::string_view input, std::uint64_t stepBudget = Unlimited);
    // The machine's steps in the last test(): instructions run and characters given back.
    std::uint64_t steps() const { return m_steps; }

private:
    enum class Code : std::uint8_t { Char, Class, Any, Loop, Split, Jump, Begin, End, Match };
    struct Instruction
    {
        Code code;
        unsigned char ch = 0; // Char
        // Class, Loop: its set (1-based into m_sets); Split: what can start its first branch, or 0
        std::uint16_t set = 0;
        std::int32_t x = 0; // Split: the first branch; Jump: the target; Loop: the least count
        std::int32_t y = 0; // Split: the other branch
        bool otherIsEnd = false; // Split: the other branch is `$`, which only the input's end passes
    };
    // What failure returns to: an alternative (pc, sp), or a greedy loop's next shorter run, down
    // to `low`.
    struct Backtrack
    {
        std::int32_t pc;
        std::uint32_t sp;
        std::uint32_t low;
        bool loop;
    };
    struct Node;

    template <bool Budgeted> bool run(std::string_view input, std::uint32_t start, std::uint64_t budget);
    void compile(const Node& node);
    std::uint16_t addSet(const std::bitset<256>& set);

    std::vector<Instruction> m_program;
    std::vector<std::array<bool, 256>> m_sets;
    std::vector<Backtrack> m_stack;
    bool m_anchored = false;
    bool m_valid = false;
    std::uint64_t m_steps = 0;
};

} // namespace loopscope
