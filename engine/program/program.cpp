#include "program/program.h"

#include "formats/jsonlexer.h"

namespace loopscope {

namespace {

// Nesting looksLikeProgram() skips before it gives up: a program's "format" comes long before that.
constexpr int MaxSkippedDepth = 64;

// Skips the value at the lexer's next token; false on an error, or when it nests too deep.
bool skipValue(JsonLexer& lexer, std::string& scratch, int depth)
{
    std::string_view text;
    switch (lexer.readScalar(text, scratch)) {
    case JsonLexer::Token::None:
        return false;
    case JsonLexer::Token::Object:
        return depth < MaxSkippedDepth && lexer.readMembers(scratch, [&](std::string_view, const char*) {
            return skipValue(lexer, scratch, depth + 1);
        });
    case JsonLexer::Token::Array:
        return depth < MaxSkippedDepth && lexer.readElements([&] { return skipValue(lexer, scratch, depth + 1); });
    default:
        return true;
    }
}

} // namespace

std::string Op::label() const
{
    if (!givenLabel.empty())
        return givenLabel.str();
    static const char* const combinators[] = { "promiseAll", "promiseRace", "promiseAllSettled", "promiseAny" };
    const char* name = kind == OpKind::PromiseAll ? combinators[std::size_t(combinator)] : opName(kind);
    return std::string(name) + " (line " + std::to_string(pos.line) + ")";
}

const std::vector<Block>& Op::chain() const
{
    static const std::vector<Block> none;
    return m_bodies && m_bodies->rest ? m_bodies->rest->chain : none;
}

void Op::setBodies(OpBodies bodies)
{
    m_bodies.reset();
    if (bodies.body.empty() && bodies.chain.empty() && bodies.done.empty())
        return;
    Bodies held { std::move(bodies.body), {} };
    if (!bodies.chain.empty() || !bodies.done.empty())
        held.rest.emplace(Rest { std::move(bodies.chain), std::move(bodies.steps), std::move(bodies.done) });
    m_bodies.emplace(std::move(held));
}

std::size_t Op::bodyBytesBound()
{
    // Each allocation with the most the allocator adds to it; a body of a promise is an entry of its chain.
    constexpr std::size_t allocation = 32;
    return sizeof(Bodies) + sizeof(Rest) + sizeof(Block) + 4 * allocation;
}

const Block& Op::noBody()
{
    static const Block none;
    return none;
}

std::string ProgramError::toString() const
{
    if (line == 0)
        return fileName + ": " + message;
    std::string out = fileName + ":" + std::to_string(line) + ":" + std::to_string(column) + ": ";
    if (!jsonPath.empty())
        out += jsonPath + ": ";
    return out + message;
}

bool looksLikeProgram(std::string_view head)
{
    JsonLexer lexer(head, { false, JsonLexer::Surrogates::Decode });
    if (lexer.peek() != '{')
        return false;
    std::string keyScratch;
    std::string scratch;
    bool program = false;
    // Stops at the first "format" or "traceEvents": either decides.
    lexer.readMembers(keyScratch, [&](std::string_view key, const char*) {
        if (key == "traceEvents")
            return false;
        if (key != "format")
            return skipValue(lexer, scratch, 1);
        std::string_view value;
        program = lexer.readScalar(value, scratch) == JsonLexer::Token::String && value == "loopscope-program";
        return false;
    });
    return program;
}

std::string budgetMessage(std::uint64_t neededBytes, std::size_t budgetBytes, bool atLeast)
{
    const std::uint64_t mb = std::uint64_t(1) << 20;
    return std::string("reading this program takes ") + (atLeast ? "at least " : "about ")
        + std::to_string((neededBytes + mb - 1) / mb) + " MB, more than the memory budget of "
        + std::to_string(budgetBytes / mb) + " MB (--memory-budget)";
}

} // namespace loopscope
