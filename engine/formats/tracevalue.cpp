#include "formats/tracevalue.h"

#include "formats/traceformat.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

namespace loopscope {

namespace {

// Parses a JSON number as value * 10^digits, exactly when it has at most `digits` decimals.
bool parseScaled(std::string_view token, int digits, std::int64_t& out)
{
    const char* p = token.data();
    const char* end = p + token.size();
    const bool negative = p < end && *p == '-';
    if (negative)
        ++p;
    std::uint64_t integer = 0;
    int integerDigits = 0;
    for (; p < end && *p >= '0' && *p <= '9'; ++p) {
        if (++integerDigits > 18)
            return false;
        integer = integer * 10 + std::uint64_t(*p - '0');
    }
    std::uint64_t fraction = 0;
    int fractionDigits = 0;
    bool roundUp = false;
    if (p < end && *p == '.') {
        for (++p; p < end && *p >= '0' && *p <= '9'; ++p) {
            if (fractionDigits < digits) {
                fraction = fraction * 10 + std::uint64_t(*p - '0');
                ++fractionDigits;
            } else if (fractionDigits == digits) {
                roundUp = *p >= '5';
                ++fractionDigits;
            }
        }
    }
    if (p < end) {
        // An exponent: rare in traces, so go through double.
        double value = 0;
        if (std::from_chars(token.data(), end, value).ec != std::errc())
            return false;
        value *= double(powerOfTen(digits));
        if (!(std::fabs(value) < 9.2e18))
            return false;
        out = std::llround(value);
        return true;
    }
    for (int i = std::min(fractionDigits, digits); i < digits; ++i)
        fraction *= 10;
    const std::uint64_t scale = std::uint64_t(powerOfTen(digits));
    if (integer > std::uint64_t(std::numeric_limits<std::int64_t>::max()) / scale - 1)
        return false;
    const std::uint64_t magnitude = integer * scale + fraction + (roundUp ? 1 : 0);
    out = negative ? -std::int64_t(magnitude) : std::int64_t(magnitude);
    return true;
}

std::string named(std::string_view prefix, std::string_view what, const char* problem)
{
    return std::string(prefix) + std::string(what) + problem;
}

bool isNumber(JsonLexer& lexer, const TraceValue& value, std::string_view prefix, std::string_view what)
{
    return value.type == JsonLexer::Token::Number || lexer.fail(value.at, named(prefix, what, " must be a number"));
}

} // namespace

bool toInteger(JsonLexer& lexer, const TraceValue& value, std::string_view prefix, std::string_view what,
    std::int64_t min, std::int64_t max, std::int64_t& out)
{
    if (!isNumber(lexer, value, prefix, what))
        return false;
    std::int64_t scaled = 0;
    if (parseScaled(value.text, 3, scaled) && scaled % 1000 == 0 && scaled / 1000 >= min && scaled / 1000 <= max) {
        out = scaled / 1000;
        return true;
    }
    // Integers beyond the range of milli-units are still exact as plain integer literals.
    if (value.text.find_first_of(".eE") == std::string_view::npos) {
        const auto result = std::from_chars(value.text.data(), value.text.data() + value.text.size(), out);
        if (result.ec == std::errc() && out >= min && out <= max)
            return true;
    }
    return lexer.fail(
        value.at, named(prefix, what, " must be an integer in ") + std::to_string(min) + ".." + std::to_string(max));
}

bool toScaled(JsonLexer& lexer, const TraceValue& value, std::string_view prefix, std::string_view what, int digits,
    std::int64_t& out)
{
    if (!isNumber(lexer, value, prefix, what))
        return false;
    return parseScaled(value.text, digits, out) || lexer.fail(value.at, named(prefix, what, " is out of range"));
}

bool toTime(JsonLexer& lexer, const TraceValue& value, std::string_view prefix, std::string_view what, int digits,
    std::int64_t& out)
{
    return toScaled(lexer, value, prefix, what, digits, out)
        && (out >= 0 || lexer.fail(value.at, named(prefix, what, " must not be negative")));
}

bool toDouble(JsonLexer& lexer, const TraceValue& value, std::string_view prefix, std::string_view what, double& out)
{
    if (!isNumber(lexer, value, prefix, what))
        return false;
    const auto result = std::from_chars(value.text.data(), value.text.data() + value.text.size(), out);
    if (result.ec != std::errc() || !std::isfinite(out))
        return lexer.fail(value.at, named(prefix, what, " is out of range"));
    return true;
}

bool toBool(JsonLexer& lexer, const TraceValue& value, std::string_view prefix, std::string_view what, bool& out)
{
    if (!value.isBool())
        return lexer.fail(value.at, named(prefix, what, " must be true or false"));
    out = value.type == JsonLexer::Token::True;
    return true;
}

bool toString(
    JsonLexer& lexer, const TraceValue& value, std::string_view prefix, std::string_view what, std::string& out)
{
    if (value.type != JsonLexer::Token::String)
        return lexer.fail(value.at, named(prefix, what, " must be a string"));
    out.assign(value.text.data(), value.text.size());
    return true;
}

} // namespace loopscope
