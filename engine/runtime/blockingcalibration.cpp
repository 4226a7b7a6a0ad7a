#include "runtime/blockingcalibration.h"

#include "formats/jsonvalue.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace loopscope {

// engine/runtime/blockingcosts.json, as the build found it (blockingcosts.cpp.in).
extern const char* const storedBlockingCostsJson;

namespace {

constexpr const char* Format = "loopscope-blocking-costs";

} // namespace

std::optional<BlockingCalibration> BlockingCalibration::fromJson(std::string_view text, std::string* error)
{
    auto fail = [error](std::string why) {
        if (error)
            *error = std::move(why);
        return std::nullopt;
    };
    const JsonResult parsed = parseJson(text);
    if (const auto* bad = std::get_if<JsonError>(&parsed))
        return fail(bad->message);
    const JsonValue& root = std::get<JsonValue>(parsed);
    const JsonValue::Member* format = root.isObject() ? root.find("format") : nullptr;
    if (!format || !format->value.isString() || format->value.string() != Format)
        return fail(std::string("not a ") + Format + " file");
    BlockingCalibration out;
    if (const JsonValue::Member* measured = root.find("measured"); measured && measured->value.isString())
        out.measured = measured->value.string();
    const JsonValue::Member* passes = root.find("passes");
    if (!passes || !passes->value.isObject())
        return fail("no \"passes\" object");
    for (auto [name, field] : { std::pair { "jsonParse", &out.jsonParse }, std::pair { "regex", &out.regex },
             std::pair { "regexFirst", &out.regexFirst }, std::pair { "hash", &out.hash },
             std::pair { "pbkdf2", &out.pbkdf2 } }) {
        const JsonValue::Member* value = passes->value.find(name);
        if (!value)
            continue;
        // Fewer passes than one would skip part of the work; a thousand is no machine.
        if (!value->value.isNumber() || !(value->value.number() >= 1) || value->value.number() > 1000)
            return fail(std::string("passes.") + name + " must be a number from 1 to 1000");
        *field = value->value.number();
    }
    return out;
}

std::string BlockingCalibration::toJson() const
{
    auto number = [](double value) {
        char text[32];
        std::snprintf(text, sizeof text, "%.3f", value);
        return std::string(text);
    };
    std::string escaped;
    for (const char c : measured) {
        if (c == '"' || c == '\\')
            escaped += '\\';
        if (static_cast<unsigned char>(c) >= 0x20)
            escaped += c;
    }
    return std::string("{\n    \"format\": \"") + Format + "\",\n    \"measured\": \"" + escaped
        + "\",\n    \"passes\": {\n        \"jsonParse\": " + number(jsonParse)
        + ",\n        \"regex\": " + number(regex) + ",\n        \"regexFirst\": " + number(regexFirst)
        + ",\n        \"hash\": " + number(hash) + ",\n        \"pbkdf2\": " + number(pbkdf2) + "\n    }\n}\n";
}

std::string BlockingCalibration::userFile()
{
    // NOLINTBEGIN(concurrency-mt-unsafe): read once, before any thread of ours runs programs.
    if (const char* config = std::getenv("XDG_CONFIG_HOME"); config && *config)
        return std::string(config) + "/loopscope/blocking-costs.json";
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::string(home) + "/.config/loopscope/blocking-costs.json";
    // NOLINTEND(concurrency-mt-unsafe)
    return {};
}

const BlockingCalibration& BlockingCalibration::stored()
{
    static const BlockingCalibration calibration = [] {
        const char* named = std::getenv("LOOPSCOPE_BLOCKING_COSTS"); // NOLINT(concurrency-mt-unsafe)
        const std::string path = named && *named ? std::string(named) : userFile();
        std::ifstream file(path);
        if (!path.empty() && (file || named)) {
            std::stringstream text;
            text << file.rdbuf();
            std::string error = "cannot read the file";
            if (file) {
                if (auto read = fromJson(text.str(), &error))
                    return *read;
            }
            std::fprintf(stderr, "loopscope: %s: %s; using the calibration stored with LoopScope\n", path.c_str(),
                error.c_str());
        }
        return fromJson(storedBlockingCostsJson).value_or(BlockingCalibration());
    }();
    return calibration;
}

} // namespace loopscope
