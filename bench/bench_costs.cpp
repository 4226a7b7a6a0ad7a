// What each blocking op costs in LoopScope's runtime and in Node on this machine, side by side in
// one run: JSON.parse of the json-parse scenario's payload, the redos scenario's regex tests one
// after another, crypto.pbkdf2 (call to callback) and pbkdf2Sync, and the `block` op's SHA-256
// updates. LoopScope runs each op as a program with the calibration in effect and with one pass of
// its work; Node runs the script --emit-js writes for the same program, the op's line timed with
// performance.now(); each run of either is a fresh process. Prints medians and, per op, LoopScope / Node.
//
// Usage: bench_costs [--runs N] [--only json|regex|pbkdf2|pbkdf2Sync|hash] [--write FILE]
//   --write FILE: also write the calibration these runs measure (passes = Node / one pass), in the
//   form engine/runtime/blockingcosts.json holds; scripts/calibrate-costs.sh wraps this.
#include "program/program.h"
#include "runtime/pbkdf2.h"
#include "session/session.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

using namespace loopscope;

namespace {

double median(std::vector<double> values)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

std::string programText(const std::string& main)
{
    return R"({ "format": "loopscope-program", "version": 1, "name": "bench-costs", "main": [ )" + main + " ] }";
}

Program programOf(const std::string& text)
{
    auto parsed = parseProgram(text, "bench-costs.json");
    if (auto* error = std::get_if<ProgramError>(&parsed)) {
        std::fprintf(stderr, "bench_costs: %s\n", error->toString().c_str());
        std::exit(1);
    }
    return std::get<Program>(std::move(parsed));
}

// One op in a setTimeout callback labelled `label`, as the scenarios run them.
std::string timed(const std::string& label, const std::string& op)
{
    return R"({ "op": "setTimeout", "ms": 0, "label": ")" + label + R"(", "do": [ )" + op + " ] }";
}

// Milliseconds each labelled callback of a LoopScope run took (start to end of its record); a
// label ending in "->" gives the time from that callback's start to the start of the one named
// after the arrow (an op's call to its callback).
std::map<std::string, double> runLoopScope(const Program& program, const NodeCosts& costs)
{
    SessionOptions options;
    options.costs = costs;
    Session session(program, options);
    session.start();
    if (!session.waitFinished(600000)) {
        std::fprintf(stderr, "bench_costs: the program did not finish\n");
        std::exit(1);
    }
    std::map<std::string, double> ms;
    std::map<std::string, std::int64_t> starts;
    const EventLog& log = session.recording().mainLog();
    for (std::size_t i = 0; i < log.size(); ++i) {
        if (log[i].type != RecordType::Callback)
            continue;
        const std::string label = session.recording().strings.at(log[i].label);
        ms[label] = double(log[i].span.durNs) / 1e6;
        starts[label] = log[i].startNs;
    }
    session.stop();
    for (const auto& [label, start] : starts) {
        const auto arrow = label.find("->");
        if (arrow == std::string::npos)
            continue;
        const auto end = starts.find(label.substr(arrow + 2));
        if (end != starts.end())
            ms[label] = double(end->second - start) / 1e6;
    }
    return ms;
}

std::string findNode()
{
    const char* path = std::getenv("PATH");
    std::string dirs = path ? path : "";
    std::size_t begin = 0;
    while (begin <= dirs.size()) {
        std::size_t end = dirs.find(':', begin);
        if (end == std::string::npos)
            end = dirs.size();
        const std::string candidate = (end > begin ? dirs.substr(begin, end - begin) : ".") + "/node";
        if (::access(candidate.c_str(), X_OK) == 0)
            return candidate;
        begin = end + 1;
    }
    return {};
}

std::string run(const std::string& command)
{
    std::string out;
    if (FILE* pipe = ::popen(command.c_str(), "r")) {
        char buffer[512];
        while (std::fgets(buffer, sizeof buffer, pipe))
            out += buffer;
        ::pclose(pipe);
    }
    return out;
}

// The emitted script with the op's line timed: `line` is replaced by itself between two
// performance.now() reads, and each time is printed as "bench-costs LABEL MS". For a line whose
// callback is `() => {});` the time runs to the callback instead.
std::string timeLine(std::string script, const std::string& line, const std::string& label)
{
    const std::size_t at = script.find(line);
    if (at == std::string::npos) {
        std::fprintf(stderr, "bench_costs: \"%s\" is not in the emitted script\n", line.c_str());
        std::exit(1);
    }
    const std::string report
        = "process.stdout.write(`bench-costs " + label + " ${(performance.now() - t0).toFixed(3)}\\n`);";
    std::string timedLine;
    const std::string callback = "() => {});";
    if (line.size() > callback.size() && line.compare(line.size() - callback.size(), callback.size(), callback) == 0)
        timedLine = "{ const t0 = performance.now(); " + line.substr(0, line.size() - callback.size()) + "() => { "
            + report + " }); }";
    else
        timedLine = "{ const t0 = performance.now(); " + line + " " + report + " }";
    script.replace(at, line.size(), timedLine);
    return script;
}

// The "bench-costs LABEL MS" lines a script or a child printed.
std::map<std::string, double> readReport(const std::string& out, const char* who)
{
    std::map<std::string, double> ms;
    std::size_t at = 0;
    while ((at = out.find("bench-costs ", at)) != std::string::npos) {
        const std::size_t end = out.find('\n', at);
        const std::string row = out.substr(at + 12, end - at - 12);
        const std::size_t space = row.rfind(' ');
        ms[row.substr(0, space)] = std::atof(row.c_str() + space + 1);
        at = end;
    }
    if (ms.empty()) {
        std::fprintf(stderr, "bench_costs: %s printed \"%s\"\n", who, out.c_str());
        std::exit(1);
    }
    return ms;
}

std::string writeTemporary(const std::string& text, const char* suffix)
{
    std::string path = std::string("/tmp/bench-costs-XXXXXX") + suffix;
    const int fd = ::mkstemps(path.data(), int(std::strlen(suffix)));
    if (fd < 0 || ::write(fd, text.data(), text.size()) != ssize_t(text.size())) {
        std::fprintf(stderr, "bench_costs: cannot write %s\n", path.c_str());
        std::exit(1);
    }
    ::close(fd);
    return path;
}

std::map<std::string, double> runNode(const std::string& node, const std::string& script)
{
    const std::string path = writeTemporary(script, ".js");
    const std::string out = run("'" + node + "' " + path);
    ::unlink(path.c_str());
    return readReport(out, "node");
}

// LoopScope's run in a fresh process too, as Node's: a process that has run before reuses memory
// the allocator kept, where a new one (the app, a first JSON.parse) takes fresh pages from the
// kernel, which costs this virtual machine more than the parse.
std::map<std::string, double> runLoopScopeProcess(const std::string& programText, bool onePass)
{
    const std::string path = writeTemporary(programText, ".json");
    const std::string out
        = run("/proc/" + std::to_string(::getpid()) + "/exe --child " + path + (onePass ? " one" : " calibrated"));
    ::unlink(path.c_str());
    return readReport(out, "the child");
}

struct Row
{
    std::string name; // as printed
    std::string label; // the callback's label in both runs
    std::vector<double> node, calibrated, onePass;
};

constexpr std::int64_t Pbkdf2Iterations = 1'000'000;
constexpr std::int64_t HashIterations = 20'000;

} // namespace

int main(int argc, char** argv)
{
    if (argc == 4 && !std::strcmp(argv[1], "--child")) {
        std::ifstream file(argv[2]);
        const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
        NodeCosts costs = NodeCosts::node20();
        if (!std::strcmp(argv[3], "one"))
            costs.blocking = BlockingCalibration();
        for (const auto& [label, ms] : runLoopScope(programOf(text), costs))
            std::printf("bench-costs %s %.3f\n", label.c_str(), ms);
        return 0;
    }
    int runs = 5;
    std::string only;
    std::string writeTo;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) {
            runs = std::max(1, std::atoi(argv[++i]));
        } else if (!std::strcmp(argv[i], "--only") && i + 1 < argc) {
            only = argv[++i];
        } else if (!std::strcmp(argv[i], "--write") && i + 1 < argc) {
            writeTo = argv[++i];
        } else {
            std::fprintf(
                stderr, "usage: bench_costs [--runs N] [--only json|regex|pbkdf2|pbkdf2Sync|hash] [--write FILE]\n");
            return 2;
        }
    }
    const std::string node = findNode();
    if (node.empty()) {
        std::fprintf(stderr, "bench_costs: node not found in PATH\n");
        return 1;
    }
    std::string nodeVersion = run("'" + node + "' --version");
    nodeVersion.erase(std::remove(nodeVersion.begin(), nodeVersion.end(), '\n'), nodeVersion.end());
    auto wanted = [&only](const char* op) { return only.empty() || only == op; };

    const NodeCosts calibrated = NodeCosts::node20();
    NodeCosts onePass = calibrated;
    onePass.blocking = BlockingCalibration();

    // The programs, and the lines of their emitted scripts that are timed.
    struct Case
    {
        std::string op;
        std::string text;
        Program program;
        std::vector<std::pair<std::string, std::string>> lines; // line, label
    };
    std::vector<Case> cases;
    auto addCase
        = [&cases](const char* op, const std::string& main, std::vector<std::pair<std::string, std::string>> lines) {
              const std::string text = programText(main);
              cases.push_back({ op, text, programOf(text), std::move(lines) });
          };
    if (wanted("json")) {
        addCase("json", timed("JSON.parse 20 MB", R"({ "op": "jsonParse", "mb": 20 })"),
            { { "JSON.parse(orderPayload20);", "JSON.parse 20 MB" } });
    }
    if (wanted("regex")) {
        // The redos scenario's order: each pattern's first test runs cold, as in the lesson.
        std::string main;
        std::vector<std::pair<std::string, std::string>> lines;
        for (int length = 16; length <= 24; length += 2) {
            for (const char* pattern : { "vulnerable", "safe" }) {
                const std::string label = std::string(pattern) + " regex, " + std::to_string(length) + " chars";
                main += std::string(main.empty() ? "" : ", ")
                    + timed(label,
                        R"({ "op": "regex", "pattern": ")" + std::string(pattern) + R"(", "length": )"
                            + std::to_string(length) + " }");
                lines.push_back({ std::string(pattern == std::string("safe") ? "safe" : "vulnerable")
                        + "Coupon.test(couponInput(" + std::to_string(length) + "));",
                    label });
            }
        }
        addCase("regex", main, lines);
        // A longer first test alone: V8 interprets a pattern's first test, so this calibrates that tier.
        const std::string label = "vulnerable regex, 20 chars, first";
        addCase("regex", timed(label, R"({ "op": "regex", "pattern": "vulnerable", "length": 20 })"),
            { { "vulnerableCoupon.test(couponInput(20));", label } });
    }
    const std::string pbkdf2Line = "crypto.pbkdf2(\"correct horse\", \"bookstore-salt\", "
        + std::to_string(Pbkdf2Iterations) + ", 32, \"sha256\", () => {});";
    if (wanted("pbkdf2")) {
        addCase("pbkdf2",
            timed("crypto.pbkdf2 1M->callback",
                R"({ "op": "pbkdf2", "iterations": )" + std::to_string(Pbkdf2Iterations)
                    + R"(, "label": "callback", "do": [] })"),
            { { pbkdf2Line, "crypto.pbkdf2 1M->callback" } });
    }
    if (wanted("hash")) {
        addCase("hash",
            timed(
                "block 20000 iterations", R"({ "op": "block", "iterations": )" + std::to_string(HashIterations) + " }"),
            { { "blockForIterations(" + std::to_string(HashIterations) + ");", "block 20000 iterations" } });
    }

    std::vector<Row> rows;
    auto rowFor = [&rows](const std::string& label) -> Row& {
        for (Row& row : rows) {
            if (row.label == label)
                return row;
        }
        rows.push_back({ label, label, {}, {}, {} });
        return rows.back();
    };
    for (const Case& c : cases) {
        for (const auto& [line, label] : c.lines)
            rowFor(label);
    }
    if (wanted("pbkdf2Sync"))
        rowFor("pbkdf2Sync 1M");

    for (int r = 0; r < runs; ++r) {
        std::fprintf(stderr, "bench_costs: run %d of %d\n", r + 1, runs);
        for (const Case& c : cases) {
            std::string script = emitJs(c.program);
            for (const auto& [line, label] : c.lines)
                script = timeLine(script, line, label);
            // Alternate which goes first, so that neither always meets a warmer machine.
            std::map<std::string, double> fromNode, fromCalibrated, fromOnePass;
            if (r % 2 == 0)
                fromNode = runNode(node, script);
            fromCalibrated = runLoopScopeProcess(c.text, false);
            fromOnePass = runLoopScopeProcess(c.text, true);
            if (r % 2 == 1)
                fromNode = runNode(node, script);
            for (const auto& [line, label] : c.lines) {
                Row& row = rowFor(label);
                row.node.push_back(fromNode[label]);
                row.calibrated.push_back(fromCalibrated[label]);
                row.onePass.push_back(fromOnePass[label]);
            }
        }
        if (wanted("pbkdf2Sync")) {
            // Node's pbkdf2Sync against the function LoopScope's pool threads run, on this thread.
            Row& row = rowFor("pbkdf2Sync 1M");
            const std::string script = "const crypto = require(\"node:crypto\");\n"
                                       "const t0 = performance.now();\n"
                                       "crypto.pbkdf2Sync(\"correct horse\", \"bookstore-salt\", "
                + std::to_string(Pbkdf2Iterations)
                + ", 32, \"sha256\");\n"
                  "process.stdout.write(`bench-costs pbkdf2Sync 1M ${(performance.now() - t0).toFixed(3)}\\n`);\n";
            row.node.push_back(runNode(node, script)["pbkdf2Sync 1M"]);
            auto derive = [](double passes) {
                unsigned char key[32];
                const auto start = std::chrono::steady_clock::now();
                derivePbkdf2("correct horse", "bookstore-salt", std::llround(double(Pbkdf2Iterations) * passes),
                    Digest::Sha256, key, sizeof key, nullptr);
                return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
            };
            row.calibrated.push_back(derive(calibrated.blocking.pbkdf2));
            row.onePass.push_back(derive(1));
        }
    }

    double load[3] = {};
    ::getloadavg(load, 3);
    utsname host {};
    ::uname(&host);
    std::printf("bench_costs: medians of %d runs, ms of wall time; %s, %ld cores, load %.2f %.2f %.2f\n", runs,
        nodeVersion.c_str(), ::sysconf(_SC_NPROCESSORS_ONLN), load[0], load[1], load[2]);
    std::printf("calibration in effect: json %.3f, regex %.3f (first test %.3f), hash %.3f, pbkdf2 %.3f passes (%s)\n",
        calibrated.blocking.jsonParse, calibrated.blocking.regex, calibrated.blocking.regexFirst,
        calibrated.blocking.hash, calibrated.blocking.pbkdf2, calibrated.blocking.measured.c_str());
    std::printf("  %-34s %11s %11s %11s %9s %9s\n", "op", "Node", "LoopScope", "1 pass", "LS/Node", "Node/1p");
    bool allWithin = true;
    for (const Row& row : rows) {
        const double n = median(row.node), c = median(row.calibrated), one = median(row.onePass);
        const double ratio = n > 0 ? c / n : 0;
        // Sub-millisecond tests are timer noise on both sides; they are shown, not judged.
        const bool judged = n >= 2;
        const bool within = !judged || (ratio <= 1.5 && ratio >= 1 / 1.5);
        allWithin = allWithin && within;
        std::printf("  %-34s %11.3f %11.3f %11.3f %8.2fx %8.2fx %s\n", row.name.c_str(), n, c, one, ratio,
            one > 0 ? n / one : 0,
            !judged      ? ""
                : within ? "within 1.5x"
                         : "OUTSIDE 1.5x");
    }
    std::printf("LoopScope / Node per op, target 0.67x to 1.5x: %s\n", allWithin ? "met" : "MISSED");

    if (!writeTo.empty()) {
        // Passes = Node / one pass, the median of each run's pair (measured one right after the other,
        // so that a change in the machine's load cancels), from the rows that measure the op's work
        // best: the longest regex, the first test that interprets, and pbkdf2Sync (no pool).
        auto passes = [&rows](const std::string& label, double fallback) {
            for (const Row& row : rows) {
                if (row.label != label)
                    continue;
                std::vector<double> pairs;
                for (std::size_t i = 0; i < row.node.size() && i < row.onePass.size(); ++i) {
                    if (row.onePass[i] > 0)
                        pairs.push_back(row.node[i] / row.onePass[i]);
                }
                if (!pairs.empty())
                    return std::max(1.0, median(pairs));
            }
            return fallback;
        };
        BlockingCalibration out = calibrated.blocking;
        out.jsonParse = passes("JSON.parse 20 MB", out.jsonParse);
        out.regex = passes("vulnerable regex, 24 chars", out.regex);
        out.regexFirst = passes("vulnerable regex, 20 chars, first", out.regexFirst);
        out.hash = passes("block 20000 iterations", out.hash);
        out.pbkdf2 = passes("pbkdf2Sync 1M", out.pbkdf2);
        char date[32];
        const std::time_t now = std::time(nullptr);
        std::strftime(date, sizeof date, "%Y-%m-%d", std::localtime(&now));
        out.measured = std::string(date) + ", " + host.nodename + " (" + std::to_string(::sysconf(_SC_NPROCESSORS_ONLN))
            + " cores), Node " + nodeVersion + ", bench_costs --runs " + std::to_string(runs);
        std::ofstream file(writeTo);
        file << out.toJson();
        if (!file) {
            std::fprintf(stderr, "bench_costs: cannot write %s\n", writeTo.c_str());
            return 1;
        }
        std::printf("wrote %s: json %.3f, regex %.3f (first test %.3f), hash %.3f, pbkdf2 %.3f passes\n",
            writeTo.c_str(), out.jsonParse, out.regex, out.regexFirst, out.hash, out.pbkdf2);
    }
    return 0;
}
