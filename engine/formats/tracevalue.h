#pragma once

#include "formats/jsonlexer.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace loopscope {

// One value of a trace as the reader keeps it: a scalar keeps its text, an object or array only its kind.
// `text` may view `scratch`, so a value can be neither copied nor moved; readers reuse values in place.
struct TraceValue
{
    TraceValue() = default;
    TraceValue(const TraceValue&) = delete;
    TraceValue& operator=(const TraceValue&) = delete;

    bool isBool() const { return type == JsonLexer::Token::True || type == JsonLexer::Token::False; }

    JsonLexer::Token type = JsonLexer::Token::None; // None when the value is missing
    const char* at = nullptr;
    std::string_view text; // a string's content or a number's token
    std::string scratch; // holds a string's content when it had escapes
};

// Conversions of trace values; each reports a failure through `lexer` as "<prefix><what> must be ...".
bool toInteger(JsonLexer& lexer, const TraceValue& value, std::string_view prefix, std::string_view what,
    std::int64_t min, std::int64_t max, std::int64_t& out);
// A number as value * 10^digits, exact when it has at most `digits` decimals.
bool toScaled(JsonLexer& lexer, const TraceValue& value, std::string_view prefix, std::string_view what, int digits,
    std::int64_t& out);
// toScaled for a time or duration, which must not be negative.
bool toTime(JsonLexer& lexer, const TraceValue& value, std::string_view prefix, std::string_view what, int digits,
    std::int64_t& out);
bool toDouble(JsonLexer& lexer, const TraceValue& value, std::string_view prefix, std::string_view what, double& out);
bool toBool(JsonLexer& lexer, const TraceValue& value, std::string_view prefix, std::string_view what, bool& out);
bool toString(
    JsonLexer& lexer, const TraceValue& value, std::string_view prefix, std::string_view what, std::string& out);

} // namespace loopscope
