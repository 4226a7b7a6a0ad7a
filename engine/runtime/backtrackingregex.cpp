#include "runtime/backtrackingregex.h"

#include <algorithm>
#include <cctype>
#include <utility>

namespace loopscope {

struct BacktrackingRegex::Node
{
    enum class Kind : std::uint8_t { Char, Class, Any, Begin, End, Group, Sequence, Alternation, Star, Plus, Optional };
    Kind kind = Kind::Sequence;
    unsigned char ch = 0;
    std::bitset<256> set;
    std::vector<Node> children;

    bool single() const { return kind == Kind::Char || kind == Kind::Class || kind == Kind::Any; }
    // Whether the node can match the empty string.
    bool nullable() const
    {
        switch (kind) {
        case Kind::Char:
        case Kind::Class:
        case Kind::Any:
            return false;
        case Kind::Begin:
        case Kind::End:
        case Kind::Star:
        case Kind::Optional:
            return true;
        case Kind::Plus:
            return children[0].nullable();
        case Kind::Group:
        case Kind::Sequence:
            for (const Node& child : children) {
                if (!child.nullable())
                    return false;
            }
            return true;
        case Kind::Alternation:
            for (const Node& child : children) {
                if (child.nullable())
                    return true;
            }
            return false;
        }
        return true;
    }
};

namespace {

// The pattern's text, read by recursive descent into the tree BacktrackingRegex compiles.
template <typename Tree> class PatternReader
{
public:
    explicit PatternReader(std::string_view pattern)
        : m_text(pattern)
    { }

    bool read(Tree& tree)
    {
        tree = alternation();
        return m_ok && m_at == m_text.size();
    }

private:
    using Kind = typename Tree::Kind;

    bool more() const { return m_at < m_text.size(); }
    char peek() const { return m_text[m_at]; }

    Tree alternation()
    {
        Tree first = sequence();
        if (!more() || peek() != '|')
            return first;
        Tree alternatives;
        alternatives.kind = Kind::Alternation;
        alternatives.children.push_back(std::move(first));
        while (more() && peek() == '|') {
            ++m_at;
            alternatives.children.push_back(sequence());
        }
        return alternatives;
    }

    Tree sequence()
    {
        Tree sequence;
        sequence.kind = Kind::Sequence;
        while (m_ok && more() && peek() != '|' && peek() != ')')
            sequence.children.push_back(quantified());
        return sequence;
    }

    Tree quantified()
    {
        Tree atom = this->atom();
        while (m_ok && more() && (peek() == '*' || peek() == '+' || peek() == '?')) {
            const char q = m_text[m_at++];
            if (more() && peek() == '?') {
                m_ok = false; // lazy quantifiers are not taken
                break;
            }
            Tree wrapped;
            wrapped.kind = q == '*' ? Kind::Star : q == '+' ? Kind::Plus : Kind::Optional;
            // A loop whose body can match nothing needs ECMAScript's empty check, which is not done.
            if (q != '?' && atom.nullable())
                m_ok = false;
            wrapped.children.push_back(std::move(atom));
            atom = std::move(wrapped);
        }
        return atom;
    }

    Tree atom()
    {
        Tree node;
        const char c = m_text[m_at++];
        switch (c) {
        case '^':
            node.kind = Kind::Begin;
            return node;
        case '$':
            node.kind = Kind::End;
            return node;
        case '.':
            node.kind = Kind::Any;
            return node;
        case '(': {
            node.kind = Kind::Group;
            if (m_text.substr(m_at, 2) == "?:") {
                m_at += 2;
            } else if (more() && peek() == '?') {
                m_ok = false; // lookarounds and named groups are not taken
                return node;
            }
            node.children.push_back(alternation());
            if (!more() || peek() != ')')
                m_ok = false;
            else
                ++m_at;
            return node;
        }
        case '[':
            node.kind = Kind::Class;
            node.set = bracket();
            return node;
        case '\\':
            node.kind = Kind::Class;
            node.set = escape();
            return node;
        case '*':
        case '+':
        case '?':
        case ')':
        case '{':
            m_ok = false;
            return node;
        default:
            node.kind = Kind::Char;
            node.ch = static_cast<unsigned char>(c);
            return node;
        }
    }

    // After a backslash: \d \w \s, their negations, or the character itself.
    std::bitset<256> escape()
    {
        std::bitset<256> set;
        if (!more()) {
            m_ok = false;
            return set;
        }
        const char c = m_text[m_at++];
        const char lower = char(std::tolower(static_cast<unsigned char>(c)));
        if (lower == 'd' || lower == 'w' || lower == 's') {
            for (int b = 0; b < 128; ++b) {
                const bool in = lower == 'd' ? std::isdigit(b)
                    : lower == 'w'           ? std::isalnum(b) || b == '_'
                                             : b == ' ' || (b >= '\t' && b <= '\r');
                set[std::size_t(b)] = in;
            }
            if (c != lower)
                set.flip();
            return set;
        }
        if (std::isalnum(static_cast<unsigned char>(c)))
            m_ok = false; // \b, \n, \u... are not taken
        set[static_cast<unsigned char>(c)] = true;
        return set;
    }

    std::bitset<256> bracket()
    {
        std::bitset<256> set;
        const bool negated = more() && peek() == '^';
        if (negated)
            ++m_at;
        while (m_ok && more() && peek() != ']') {
            if (peek() == '\\') {
                ++m_at;
                set |= escape();
                continue;
            }
            const auto from = static_cast<unsigned char>(m_text[m_at++]);
            if (m_at + 1 < m_text.size() && peek() == '-' && m_text[m_at + 1] != ']') {
                const auto to = static_cast<unsigned char>(m_text[m_at + 1]);
                m_at += 2;
                if (to < from)
                    m_ok = false;
                for (unsigned c = from; c <= to; ++c)
                    set[c] = true;
            } else {
                set[from] = true;
            }
        }
        if (!more())
            m_ok = false;
        else
            ++m_at;
        return negated ? ~set : set;
    }

    std::string_view m_text;
    std::size_t m_at = 0;
    bool m_ok = true;
};

} // namespace

BacktrackingRegex::BacktrackingRegex(std::string_view pattern)
{
    Node tree;
    if (!PatternReader<Node>(pattern).read(tree))
        return;
    m_anchored = !tree.children.empty() && tree.children.front().kind == Node::Kind::Begin;
    compile(tree);
    m_program.push_back({ Code::Match });
    // irregexp's quick checks: a choice whose first branch cannot start at the next character goes
    // straight to the other one, leaving nothing to backtrack to; one whose other branch is `$`
    // leaves nothing to backtrack to before the input's end.
    for (Instruction& in : m_program) {
        if (in.code != Code::Split)
            continue;
        in.otherIsEnd = m_program[std::size_t(in.y)].code == Code::End;
        const Instruction& first = m_program[std::size_t(in.x)];
        if (first.code == Code::Char) {
            std::bitset<256> set;
            set[first.ch] = true;
            in.set = addSet(set);
        } else if (first.code == Code::Class || (first.code == Code::Loop && first.x > 0)) {
            in.set = first.set;
        }
    }
    m_valid = true;
}

std::uint16_t BacktrackingRegex::addSet(const std::bitset<256>& set)
{
    std::array<bool, 256> table {};
    for (std::size_t c = 0; c < table.size(); ++c)
        table[c] = set[c];
    m_sets.push_back(table);
    return std::uint16_t(m_sets.size());
}

void BacktrackingRegex::compile(const Node& node)
{
    auto here = [this] { return std::int32_t(m_program.size()); };
    switch (node.kind) {
    case Node::Kind::Char:
        m_program.push_back({ Code::Char, node.ch });
        return;
    case Node::Kind::Class:
        m_program.push_back({ Code::Class, 0, addSet(node.set) });
        return;
    case Node::Kind::Any:
        m_program.push_back({ Code::Any });
        return;
    case Node::Kind::Begin:
        m_program.push_back({ Code::Begin });
        return;
    case Node::Kind::End:
        m_program.push_back({ Code::End });
        return;
    case Node::Kind::Group:
        // test() reads no capture, so a group only groups (irregexp too keeps only the registers
        // its result needs).
        compile(node.children[0]);
        return;
    case Node::Kind::Sequence:
        for (const Node& child : node.children)
            compile(child);
        return;
    case Node::Kind::Alternation: {
        std::vector<std::size_t> exits;
        for (std::size_t i = 0; i < node.children.size(); ++i) {
            const bool last = i + 1 == node.children.size();
            const std::size_t split = m_program.size();
            if (!last)
                m_program.push_back({ Code::Split });
            const std::int32_t body = here();
            compile(node.children[i]);
            if (!last) {
                exits.push_back(m_program.size());
                m_program.push_back({ Code::Jump });
                m_program[split].x = body;
                m_program[split].y = here();
            }
        }
        for (std::size_t exit : exits)
            m_program[exit].x = here();
        return;
    }
    case Node::Kind::Star:
    case Node::Kind::Plus:
    case Node::Kind::Optional: {
        const Node& body = node.children[0];
        if (node.kind != Node::Kind::Optional && body.single()) {
            // irregexp's greedy loop: take the longest run, then give back one character at a time.
            std::bitset<256> set = body.set;
            if (body.kind == Node::Kind::Char)
                set[body.ch] = true;
            if (body.kind == Node::Kind::Any)
                set = ~std::bitset<256>().set('\n').set('\r');
            m_program.push_back({ Code::Loop, 0, addSet(set), node.kind == Node::Kind::Plus ? 1 : 0, 0 });
            return;
        }
        if (node.kind == Node::Kind::Plus) {
            const std::int32_t top = here();
            compile(body);
            m_program.push_back({ Code::Split, 0, 0, top, here() + 1 });
            return;
        }
        const std::size_t split = m_program.size();
        m_program.push_back({ Code::Split });
        compile(body);
        if (node.kind == Node::Kind::Star)
            m_program.push_back({ Code::Jump, 0, 0, std::int32_t(split), 0 });
        m_program[split].x = std::int32_t(split + 1);
        m_program[split].y = here();
        return;
    }
    }
}

bool BacktrackingRegex::test(std::string_view input, std::uint64_t stepBudget)
{
    m_steps = 0;
    if (!m_valid)
        return false;
    const std::size_t lastStart = m_anchored ? 0 : input.size();
    for (std::size_t start = 0; start <= lastStart; ++start) {
        const bool matched = stepBudget == Unlimited ? run<false>(input, std::uint32_t(start), stepBudget)
                                                     : run<true>(input, std::uint32_t(start), stepBudget);
        if (matched)
            return true;
        if (m_steps >= stepBudget)
            return false;
    }
    return false;
}

template <bool Budgeted> bool BacktrackingRegex::run(std::string_view input, std::uint32_t start, std::uint64_t budget)
{
    const auto* text = reinterpret_cast<const unsigned char*>(input.data());
    const auto size = std::uint32_t(input.size());
    const Instruction* program = m_program.data();
    // Set 0 is no set; a set's table says which bytes it holds.
    const std::array<bool, 256>* sets = m_sets.data() - 1;
    auto in = [sets](std::uint16_t set, unsigned char c) { return sets[set][c]; };
    std::size_t depth = 0;
    auto push = [&](const Backtrack& entry) {
        if (depth == m_stack.size())
            m_stack.resize(std::max<std::size_t>(64, 2 * depth));
        m_stack[depth++] = entry;
    };
    std::int32_t pc = 0;
    std::uint32_t sp = start;
    std::uint64_t steps = m_steps;
    for (;;) {
        ++steps;
        if (Budgeted && steps > budget) {
            m_steps = budget;
            return false;
        }
        const Instruction& instruction = program[pc];
        bool ok = true;
        switch (instruction.code) {
        case Code::Char:
            ok = sp < size && text[sp] == instruction.ch;
            ++sp;
            ++pc;
            break;
        case Code::Class:
            ok = sp < size && in(instruction.set, text[sp]);
            ++sp;
            ++pc;
            break;
        case Code::Any:
            ok = sp < size && text[sp] != '\n' && text[sp] != '\r';
            ++sp;
            ++pc;
            break;
        case Code::Loop: {
            const std::uint32_t low = sp + std::uint32_t(instruction.x);
            while (sp < size && in(instruction.set, text[sp]))
                ++sp;
            ok = sp >= low;
            ++pc;
            if (ok && sp > low)
                push({ pc, sp, low, true });
            break;
        }
        case Code::Split: {
            // Choices whose first branch cannot start here are followed at once, without dispatch.
            const Instruction* split = &instruction;
            while (split->set && !(sp < size && in(split->set, text[sp]))) {
                pc = split->y;
                split = program + pc;
                if (split->code != Code::Split)
                    break;
                ++steps;
            }
            if (split->code != Code::Split)
                break;
            if (!split->otherIsEnd || sp == size)
                push({ split->y, sp, 0, false });
            pc = split->x;
            break;
        }
        case Code::Jump:
            pc = instruction.x;
            break;
        case Code::Begin:
            ok = sp == 0;
            ++pc;
            break;
        case Code::End:
            ok = sp == size;
            ++pc;
            break;
        case Code::Match:
            m_steps = steps;
            return true;
        }
        if (ok)
            continue;
        // Back to the latest choice still open.
        if (depth == 0) {
            m_steps = steps;
            return false;
        }
        Backtrack& top = m_stack[depth - 1];
        pc = top.pc;
        if (top.loop) {
            sp = --top.sp;
            if (sp == top.low)
                --depth;
        } else {
            sp = top.sp;
            --depth;
        }
    }
}

} // namespace loopscope
