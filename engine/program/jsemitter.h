// The writer of a program's Node.js script, shared by emitjs.cpp (the script and its ops) and
// emitjsparts.cpp (its helpers, the probes it measures with, and the forms of version 2's promises).
#pragma once

#include "program/program.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace loopscope::emitting {

// A double-quoted JavaScript string literal holding exactly `text` (UTF-8).
inline std::string jsString(std::string_view text)
{
    static const char digits[] = "0123456789ABCDEF";
    std::string out;
    out.reserve(text.size() + 2);
    out += '"';
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (c < 0x20 || c == 0x7F) {
                out += "\\x";
                out += digits[c >> 4];
                out += digits[c & 0xF];
            } else if (c == 0xE2 && i + 2 < text.size() && text[i + 1] == '\x80'
                && (text[i + 2] == '\xA8' || text[i + 2] == '\xA9')) {
                // Line and paragraph separators end a line in older engines and in editors.
                out += text[i + 2] == '\xA8' ? "\\u2028" : "\\u2029";
                i += 2;
            } else {
                out += char(c);
            }
        }
    }
    out += '"';
    return out;
}

// Text for a // comment: one line, whatever the program's strings hold.
inline std::string commentText(std::string_view text)
{
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x20 || c == 0x7F) {
            out += ' ';
        } else if (c == 0xE2 && i + 2 < text.size() && text[i + 1] == '\x80'
            && (text[i + 2] == '\xA8' || text[i + 2] == '\xA9')) {
            out += ' ';
            i += 2;
        } else {
            out += char(c);
        }
    }
    return out;
}

inline std::string jsNumber(double value)
{
    if (std::isnan(value))
        return "NaN";
    if (std::isinf(value))
        return value < 0 ? "-Infinity" : "Infinity";
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

inline const char* digestName(Digest digest)
{
    return digest == Digest::Sha512 ? "\"sha512\"" : "\"sha256\"";
}

// Writes one script: the main module, or (for a worker op) the worker's own script.
class JsEmitter
{
public:
    JsEmitter(const Program& program, bool worker)
        : m_program(program)
        , m_worker(worker)
    { }

    // The whole script; with `withFigures`, also the probes that measure it (emitJsWithFigures).
    std::string emit(bool withFigures = false);
    // Makes emit() note the line each op starts on: a map entry per op, for the window's script view.
    void keepLines() { m_keepLines = true; }
    // After emit(): the line (from 1) each op of the script starts on.
    std::unordered_map<const Op*, int> takeLines() { return std::move(m_lines); }

private:
    // Notes what the ops use: the modules to import, the helpers to define, the timers' names.
    void scan(const Block& block);
    // require() or import of the modules the script uses.
    void emitImports();
    // The program's probes as Node measures them (emitJsWithFigures).
    void emitFigures();
    // The functions and values the ops call: payloads, the coupon regexes, the HTTP client, makeError...
    void emitHelpers();
    // One line of the script at `depth` levels of indentation.
    void line(int depth, std::string_view text);
    std::string uniqueName(const char* stem) { return stem + std::to_string(++m_counter); }

    static std::string timerVariable(std::string_view name) { return "timer_" + std::string(name); }
    static std::string controllerVariable(std::string_view name) { return "controller_" + std::string(name); }
    static std::string fileVariable(std::string_view name) { return "fd_" + std::string(name); }
    // The path of the file a readStream of `bytes` reads.
    static std::string streamVariable(std::int64_t bytes) { return "streamFile" + std::to_string(bytes); }

    // setTimeout or setImmediate, assigned to its name's variable when it has one.
    std::string named(const Op& op, const std::string& call) const
    {
        return op.text.empty() ? call : timerVariable(op.text.view()) + " = " + call;
    }

    static std::string errorExpression(const Op& op) { return "makeError(" + jsString(op.text.view()) + ")"; }

    // The steps of a promise or promiseAll op after its first line, the last one closing the statement.
    void emitSteps(const Op& op, int depth);
    // One promise of a promiseAll op: settled at once, or from a timer or an immediate, after its body.
    void emitCombined(const Op& promise, int depth);
    // `open` ends with "{"; an empty body closes on the same line.
    void callback(int depth, const std::string& open, const Block& body, const std::string& close);
    // The ops of a body, one after the other.
    void emitBody(const Block& block, int depth);
    std::string scriptPath() const { return m_worker ? "process.argv[2]" : "process.argv[1]"; }

    // The options of timers/promises' functions given a signal: `{ signal: controller_NAME.signal }`.
    static std::string signalOptions(const Op& op)
    {
        return "{ signal: " + controllerVariable(op.text.view()) + ".signal }";
    }
    // The statement of an await op.
    std::string awaitExpression(const Op& op) const;
    // A chain op's call that schedules its next step.
    std::string schedule(const Op& op, const std::string& step) const;
    // One op, and the bodies it holds.
    void emitOp(const Op& op, int depth);
    // A worker op: its body becomes the worker's own script, its done the message listener.
    void emitWorker(const Op& op, int depth);
    // fs.createReadStream of the file of the op's size, its listeners chained on.
    void emitReadStream(const Op& op, int depth);
    // A postMessage lies somewhere in the block: the worker sends messages besides its "done".
    static bool postsMessages(const Block& block);
    const Program& m_program;
    bool m_worker = false;
    bool m_withFigures = false;
    bool m_usesFs = false;
    bool m_usesDns = false;
    bool m_usesCrypto = false;
    bool m_usesHttp = false;
    bool m_usesWorker = false;
    bool m_usesBlockMs = false;
    bool m_usesBlockIterations = false;
    bool m_usesRegex = false;
    bool m_usesErrors = false;
    bool m_usesTimersPromises = false;
    std::set<std::string> m_timerNames;
    std::vector<std::string> m_timerOrder; // the names in the order they first appear
    std::set<std::string> m_controllerNames;
    std::vector<std::string> m_controllerOrder; // the AbortControllers' names in the order they first appear
    std::set<std::string> m_fileNames;
    std::vector<std::string> m_fileOrder; // the names of the opened files in the order they first appear
    std::set<std::int64_t> m_payloadSizes;
    std::set<std::int64_t> m_streamSizes; // the sizes of the files the readStreams read
    int m_counter = 0;
    std::string m_out;
    int m_lineCount = 0;
    bool m_keepLines = false;
    std::unordered_map<const Op*, int> m_lines;
};

} // namespace loopscope::emitting
