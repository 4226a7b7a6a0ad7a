#include "formats/traceprofiles.h"

#include "formats/jsonlexer.h"
#include "recording/recording.h"

#include <charconv>
#include <cstdio>
#include <limits>

namespace loopscope {

namespace {

void appendString(std::string& out, const std::string& text)
{
    out += '"';
    for (const char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\u%04x", unsigned(static_cast<unsigned char>(c)));
            out += escaped;
        } else {
            out += c;
        }
    }
    out += '"';
}

// The next value as a non-negative integer no larger than `max`.
bool readInteger(JsonLexer& lexer, std::string& scratch, std::int64_t max, std::int64_t& out)
{
    lexer.peek();
    const char* at = lexer.here();
    std::string_view text;
    if (lexer.readScalar(text, scratch) != JsonLexer::Token::Number)
        return lexer.fail(at, "blockProfiles: a count or time must be a number");
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), out);
    if (error != std::errc() || end != text.data() + text.size() || out < 0 || out > max)
        return lexer.fail(at, "blockProfiles: a count or time must be a whole number from 0 to " + std::to_string(max));
    return true;
}

bool readStack(JsonLexer& lexer, Recording& into, BlockProfile::Stack& stack)
{
    std::string keyScratch;
    std::string scratch;
    return lexer.readMembers(keyScratch, [&](std::string_view key, const char* keyAt) {
        if (key == "hits") {
            std::int64_t hits = 0;
            if (!readInteger(lexer, scratch, std::numeric_limits<std::uint32_t>::max(), hits))
                return false;
            stack.hits = std::uint32_t(hits);
            return true;
        }
        if (key == "frames") {
            if (lexer.peek() != '[')
                return lexer.failHere("blockProfiles: frames must be an array");
            return lexer.readElements([&] {
                lexer.peek();
                const char* at = lexer.here();
                std::string_view text;
                if (lexer.readScalar(text, scratch) != JsonLexer::Token::String)
                    return lexer.fail(at, "blockProfiles: a frame must be a string");
                stack.frames.push_back(into.strings.intern(text));
                return true;
            });
        }
        return lexer.fail(keyAt, "blockProfiles: a stack has hits and frames only");
    });
}

bool readProfile(JsonLexer& lexer, Recording& into)
{
    BlockProfile profile;
    std::string keyScratch;
    std::string scratch;
    const bool read = lexer.readMembers(keyScratch, [&](std::string_view key, const char* keyAt) {
        std::int64_t number = 0;
        if (key == "thread") {
            if (!readInteger(lexer, scratch, std::numeric_limits<std::uint16_t>::max(), number))
                return false;
            profile.thread = std::uint16_t(number);
            return true;
        }
        if (key == "startNs" || key == "intervalNs") {
            if (!readInteger(lexer, scratch, std::numeric_limits<std::int64_t>::max(), number))
                return false;
            (key == "startNs" ? profile.callbackStartNs : profile.intervalNs) = number;
            return true;
        }
        if (key == "stacks") {
            if (lexer.peek() != '[')
                return lexer.failHere("blockProfiles: stacks must be an array");
            return lexer.readElements([&] {
                if (lexer.peek() != '{')
                    return lexer.failHere("blockProfiles: a stack must be an object");
                profile.stacks.emplace_back();
                return readStack(lexer, into, profile.stacks.back());
            });
        }
        return lexer.fail(keyAt, "blockProfiles: a profile has thread, startNs, intervalNs and stacks only");
    });
    if (read)
        into.blockProfiles.put(std::move(profile));
    return read;
}

} // namespace

void appendBlockProfiles(std::string& out, const Recording& recording)
{
    const std::vector<BlockProfile> profiles = recording.blockProfiles.all();
    if (profiles.empty())
        return;
    out += "\"blockProfiles\":[";
    for (std::size_t i = 0; i < profiles.size(); ++i) {
        const BlockProfile& profile = profiles[i];
        out += i == 0 ? "\n{\"thread\":" : ",\n{\"thread\":";
        out += std::to_string(profile.thread);
        out += ",\"startNs\":" + std::to_string(profile.callbackStartNs);
        out += ",\"intervalNs\":" + std::to_string(profile.intervalNs);
        out += ",\"stacks\":[";
        for (std::size_t s = 0; s < profile.stacks.size(); ++s) {
            const BlockProfile::Stack& stack = profile.stacks[s];
            out += s == 0 ? "{\"hits\":" : ",{\"hits\":";
            out += std::to_string(stack.hits);
            out += ",\"frames\":[";
            for (std::size_t f = 0; f < stack.frames.size(); ++f) {
                if (f > 0)
                    out += ',';
                appendString(out, recording.strings.at(stack.frames[f]));
            }
            out += "]}";
        }
        out += "]}";
    }
    out += "\n]";
}

bool readBlockProfiles(JsonLexer& lexer, Recording& into)
{
    if (lexer.peek() != '[')
        return lexer.failHere("blockProfiles must be an array");
    return lexer.readElements([&] {
        if (lexer.peek() != '{')
            return lexer.failHere("blockProfiles: a profile must be an object");
        return readProfile(lexer, into);
    });
}

} // namespace loopscope
