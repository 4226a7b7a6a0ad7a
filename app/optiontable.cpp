#include "optiontable.h"

#include <QtGlobal>

#include <cstring>

namespace {

using Option = OptionTable::Option;
using Section = OptionTable::Section;
using Completion = OptionTable::Completion;

// In the order --help and the man page list them, section by section.
const Option optionList[] = {
    { "help", "h", nullptr, QT_TRANSLATE_NOOP("CommandLine", "Show this help and exit."), Section::General },
    { "version", nullptr, nullptr, QT_TRANSLATE_NOOP("CommandLine", "Show the version and exit."), Section::General },
    { "lang", nullptr, QT_TRANSLATE_NOOP("CommandLine", "CODE"),
        QT_TRANSLATE_NOOP("CommandLine", "User-interface language: en, es or be."), Section::General,
        Completion::Choice, "en es be" },

    { "headless", nullptr, nullptr,
        QT_TRANSLATE_NOOP("CommandLine",
            "Without a window: run one program to the end (--scenario, --program), run a Node.js program "
            "(--attach), or read a recording (--open or FILE). stdout carries only the program's output."),
        Section::Programs },
    { "scenario", nullptr, QT_TRANSLATE_NOOP("CommandLine", "NAME"),
        QT_TRANSLATE_NOOP("CommandLine", "Load the built-in scenario NAME (see --list-scenarios)."), Section::Programs,
        Completion::Scenario },
    { "program", nullptr, QT_TRANSLATE_NOOP("CommandLine", "FILE"),
        QT_TRANSLATE_NOOP("CommandLine", "Load the program FILE."), Section::Programs, Completion::ProgramFile },
    { "set", nullptr, QT_TRANSLATE_NOOP("CommandLine", "KEY=VALUE"),
        QT_TRANSLATE_NOOP("CommandLine", "Override a declared program parameter (repeatable)."), Section::Programs,
        Completion::Nothing, nullptr, true },
    { "list-scenarios", nullptr, nullptr, QT_TRANSLATE_NOOP("CommandLine", "List the built-in scenarios and exit."),
        Section::Programs },
    { "threadpool-size", nullptr, QT_TRANSLATE_NOOP("CommandLine", "N"),
        QT_TRANSLATE_NOOP(
            "CommandLine", "Size of the libuv thread pool, 1 to 1024 (default: UV_THREADPOOL_SIZE, else 4)."),
        Section::Programs },
    { "repeat", nullptr, QT_TRANSLATE_NOOP("CommandLine", "N"),
        QT_TRANSLATE_NOOP("CommandLine",
            "Run the program N times without a window (1 to 10000) and print on stderr how often each output "
            "came: a race shows both its outcomes. stdout carries the first run's output."),
        Section::Programs },
    { "timeout-ms", nullptr, QT_TRANSLATE_NOOP("CommandLine", "N"),
        QT_TRANSLATE_NOOP("CommandLine",
            "Headless: abort the run after N ms of wall time (default 60000; with --attach, only when given: the "
            "program is then ended and the run exits 3)."),
        Section::Programs },

    { "emit-js", nullptr, nullptr, QT_TRANSLATE_NOOP("CommandLine", "Print the equivalent Node.js script and exit."),
        Section::Node },
    { "with-figures", nullptr, nullptr,
        QT_TRANSLATE_NOOP("CommandLine",
            "With --emit-js: the script also runs the program's probes as Node's perf_hooks measure them "
            "(monitorEventLoopDelay, a /health prober on a worker thread) and prints their figures on stderr at "
            "exit, one line starting 'loopscope-figures', to compare with --summary's."),
        Section::Node },
    { "compare-node", nullptr, nullptr,
        QT_TRANSLATE_NOOP("CommandLine",
            "Also run the emitted script in Node.js and compare the outputs: exit 0 when they agree, 4 when they "
            "differ."),
        Section::Node },
    { "node", nullptr, QT_TRANSLATE_NOOP("CommandLine", "PATH"),
        QT_TRANSLATE_NOOP("CommandLine",
            "The Node.js executable that --attach runs and --compare-node compares with: a path, or a name looked "
            "up in PATH (default node; Node.js 18 to 24)."),
        Section::Node, Completion::Command },
    { "attach", nullptr, QT_TRANSLATE_NOOP("CommandLine", "SCRIPT"),
        QT_TRANSLATE_NOOP("CommandLine",
            "Run the Node.js program SCRIPT with LoopScope's probe and record its real event loop: its phases, "
            "callbacks and their kinds. The rest of the line is the program's arguments. The window shows it "
            "live, its output in the console; with --headless its input, output and exit status stay its own, "
            "and LoopScope exits with its status. --trace, --csv and --summary write the recording when it ends."),
        Section::Node, Completion::Script },
    { "attach-pid", nullptr, QT_TRANSLATE_NOOP("CommandLine", "PID"),
        QT_TRANSLATE_NOOP("CommandLine",
            "Attach to the Node.js process PID as it runs, without a restart, as `node inspect -p PID` reaches "
            "it: LoopScope opens its inspector on 127.0.0.1 (SIGUSR1) for as long as it takes to load the probe, "
            "then closes it again, and records the main thread's loop. The window shows it live; with --headless, "
            "SIGINT, SIGTERM, SIGHUP or --timeout-ms end the watch by detaching: the probe takes out every hook "
            "it put in, the program runs on, and --trace, --csv and --summary are written. A process that "
            "cannot be attached to is said so in one line (exit 2)."),
        Section::Node, Completion::Nothing },
    { "probe", nullptr, QT_TRANSLATE_NOOP("CommandLine", "MODE"),
        QT_TRANSLATE_NOOP("CommandLine",
            "With --attach or --attach-pid: the probe labels and times every callback the program runs (callbacks, the "
            "default), "
            "or marks its loops' phases only (markers), which costs the program next to nothing; on every loop, "
            "its worker threads' too. The window switches it while the program runs (Loop > Label every "
            "callback)."),
        Section::Node, Completion::Choice, "markers callbacks" },
    { "block-ms", nullptr, QT_TRANSLATE_NOOP("CommandLine", "MS"),
        QT_TRANSLATE_NOOP("CommandLine",
            "With --attach: while a callback of the program's main loop runs longer than MS ms (default 50; 0: "
            "never), the probe samples its JavaScript stack every 2 ms. --summary lists the functions that "
            "blocked longest, the trace keeps the stacks and the window shows them beside the timeline."),
        Section::Node },
    { "node-option", nullptr, QT_TRANSLATE_NOOP("CommandLine", "OPTION"),
        QT_TRANSLATE_NOOP("CommandLine",
            "With --attach: give node OPTION before the script, as `node OPTION SCRIPT` would (--expose-gc, "
            "--stack-size=500, --expose-internals); once per option, in order. Write it --node-option=OPTION "
            "when OPTION begins with a dash. The program's process.execArgv is these options, as without the "
            "probe."),
        Section::Node, Completion::Nothing, nullptr, true },
    { "detach", nullptr, nullptr,
        QT_TRANSLATE_NOOP("CommandLine",
            "With --attach --headless: let the program run on when LoopScope ends (SIGTERM, SIGHUP, SIGINT, "
            "--timeout-ms, or LoopScope killed); the recording so far is written. By default the program is "
            "ended with LoopScope (SIGTERM, then SIGKILL two seconds later), then the recording is written; "
            "LoopScope exits with 128 + the signal it got, or 3 for --timeout-ms."),
        Section::Node },
    { "follow-children", nullptr, nullptr,
        QT_TRANSLATE_NOOP("CommandLine",
            "With --attach: also record the program's child node processes (forks, cluster workers, node run by "
            "a shell), each as a process of its own, with its own tracks in the trace and its own part of the "
            "summary. They are reached through the environment: NODE_OPTIONS requires the probe and "
            "LOOPSCOPE_PROBE_CHILDREN names LoopScope's socket, both left in the program's environment for its "
            "children to inherit. A child started with an environment of its own is not followed."),
        Section::Node },

    { "trace", nullptr, QT_TRANSLATE_NOOP("CommandLine", "FILE"),
        QT_TRANSLATE_NOOP("CommandLine",
            "Write the recorded timeline to FILE (Chrome trace JSON; gzip-compressed when FILE ends in .json.gz). "
            "With the window: of the session it shows when it closes or the process gets SIGTERM, SIGINT or "
            "SIGHUP (the last run, or the idle loop with its workloads)."),
        Section::Recordings, Completion::OutputFile },
    { "csv", nullptr, QT_TRANSLATE_NOOP("CommandLine", "FILE"),
        QT_TRANSLATE_NOOP("CommandLine", "Write latency samples as CSV to FILE; with the window, like --trace."),
        Section::Recordings, Completion::OutputFile },
    { "summary", nullptr, nullptr,
        QT_TRANSLATE_NOOP("CommandLine", "Print a summary of the run (with the window: when it closes) on stderr."),
        Section::Recordings },
    { "open", nullptr, QT_TRANSLATE_NOOP("CommandLine", "FILE"),
        QT_TRANSLATE_NOOP("CommandLine",
            "Open the recording FILE (.json or .json.gz) for replay; with --headless, print its summary "
            "(--summary) or write it again (--trace, --csv, a picture)."),
        Section::Recordings, Completion::RecordingFile },
    { "max-trace-mb", nullptr, QT_TRANSLATE_NOOP("CommandLine", "MB"),
        QT_TRANSLATE_NOOP("CommandLine",
            "Largest trace file to write, in MB (default 512); past it events are left out and the trace "
            "says it was truncated."),
        Section::Recordings },

    { "png", nullptr, QT_TRANSLATE_NOOP("CommandLine", "FILE"),
        QT_TRANSLATE_NOOP("CommandLine",
            "Write a picture of the run as PNG to FILE: of the window when it closes, or with --headless when the "
            "run ends."),
        Section::Pictures, Completion::OutputFile },
    { "svg", nullptr, QT_TRANSLATE_NOOP("CommandLine", "FILE"),
        QT_TRANSLATE_NOOP("CommandLine", "As --png, as SVG with vector shapes and text (for slides)."),
        Section::Pictures, Completion::OutputFile },
    { "pdf", nullptr, QT_TRANSLATE_NOOP("CommandLine", "FILE"),
        QT_TRANSLATE_NOOP("CommandLine",
            "Write a one-page PDF report of the run (program, console, circle, latency chart, summary) to FILE."),
        Section::Pictures, Completion::OutputFile },
    { "view", nullptr, QT_TRANSLATE_NOOP("CommandLine", "NAME"),
        QT_TRANSLATE_NOOP(
            "CommandLine", "What --png, --svg and --animation show: window (default), circle, chart or timeline."),
        Section::Pictures, Completion::Choice, "window circle chart timeline" },
    { "at", nullptr, QT_TRANSLATE_NOOP("CommandLine", "MS"),
        QT_TRANSLATE_NOOP("CommandLine",
            "Pictures show the moment MS milliseconds into the recording, as the playhead does (default: its "
            "end)."),
        Section::Pictures },
    { "animation", nullptr, QT_TRANSLATE_NOOP("CommandLine", "FILE"),
        QT_TRANSLATE_NOOP("CommandLine",
            "Write an animation of the recording replayed to FILE, as GIF (.gif) or animated WebP (.webp, every "
            "colour, smaller): --view drawn frame by frame from --from to --to at --speed, --fps frames a second."),
        Section::Pictures, Completion::OutputFile },
    { "from", nullptr, QT_TRANSLATE_NOOP("CommandLine", "MS"),
        QT_TRANSLATE_NOOP(
            "CommandLine", "Where --animation starts, in milliseconds of the recording (default: its start)."),
        Section::Pictures },
    { "to", nullptr, QT_TRANSLATE_NOOP("CommandLine", "MS"),
        QT_TRANSLATE_NOOP("CommandLine", "Where --animation ends: its last frame (default: the recording's end)."),
        Section::Pictures },
    { "speed", nullptr, QT_TRANSLATE_NOOP("CommandLine", "X"),
        QT_TRANSLATE_NOOP("CommandLine",
            "How fast --animation replays, 0.01 to 10 (default 0.1: a millisecond of the program lasts ten)."),
        Section::Pictures },
    { "fps", nullptr, QT_TRANSLATE_NOOP("CommandLine", "N"),
        QT_TRANSLATE_NOOP("CommandLine",
            "Frames a second of --animation, 1 to 50 (default 10). Past 1000 frames they are spread over the "
            "range and each shows longer, which is said on stderr."),
        Section::Pictures },

    { "memory-budget", nullptr, QT_TRANSLATE_NOOP("CommandLine", "MB"),
        QT_TRANSLATE_NOOP("CommandLine",
            "What the queues and the recording may hold in memory, in MB (default 512). Past it the recording "
            "spills to a temporary file (up to 16 times as much) and the run goes on; queues that outgrow it "
            "abort the run cleanly."),
        Section::Limits },
    { "rolling-window", nullptr, nullptr,
        QT_TRANSLATE_NOOP("CommandLine",
            "Past --memory-budget, let go of the oldest events instead of spilling them to disk: the run goes "
            "on however long, and the recording keeps its latest part (the trace counts what was let go as "
            "droppedEvents). With the window: for this session; the Loop menu remembers a choice."),
        Section::Limits },
    { "node-costs", nullptr, QT_TRANSLATE_NOOP("CommandLine", "PERCENT"),
        QT_TRANSLATE_NOOP("CommandLine",
            "The time Node.js spends where LoopScope takes microseconds (the first console.log, a worker's "
            "start-up, the start-up gap), in percent of what was measured against Node 20 (default 100; 0: "
            "none, 0 to 1000). It decides races such as setTimeout(0) against setImmediate. See "
            "docs/FIDELITY.md."),
        Section::Limits },
    { "startup-gap-us", nullptr, QT_TRANSLATE_NOOP("CommandLine", "N"),
        QT_TRANSLATE_NOOP("CommandLine",
            "Node's time from the main module's drain to the first timers phase, in microseconds (default: this "
            "machine's calibration, else 0, measured against Node 20; 0 to 100000)."),
        Section::Limits },
    { "calibrate-node", nullptr, nullptr,
        QT_TRANSLATE_NOOP("CommandLine",
            "Measure on this machine what Node.js (--node) spends where LoopScope models start-up costs (the "
            "first console.log, setTimeout's and setImmediate's first use, the start-up gap, a worker's first "
            "line, a console.log line, by which every line's cost is scaled), print it on stderr and keep it in the "
            "settings: every run afterwards, in the window and without it, models this machine's Node. "
            "--calibration-runs sets how many processes each figure takes. See docs/FIDELITY.md."),
        Section::Limits },
    { "calibration-runs", nullptr, QT_TRANSLATE_NOOP("CommandLine", "N"),
        QT_TRANSLATE_NOOP("CommandLine",
            "With --calibrate-node: fresh node processes per figure (default 15, 1 to 1000; main-race runs ten "
            "times as often)."),
        Section::Limits },
};

const OptionTable::ExitStatus exitList[] = {
    { 0, QT_TRANSLATE_NOOP("CommandLine", "success") },
    { 1, QT_TRANSLATE_NOOP("CommandLine", "internal error, or an output that could not be written") },
    { 2,
        QT_TRANSLATE_NOOP("CommandLine",
            "bad input: a flag, a program or a recording, with one line on stderr naming the file and, for JSON, "
            "line and column") },
    { 3,
        QT_TRANSLATE_NOOP(
            "CommandLine", "aborted (--timeout-ms, Ctrl-C or SIGTERM), the trace still written and marked aborted") },
    { 4, QT_TRANSLATE_NOOP("CommandLine", "--compare-node found a difference") },
};

const OptionTable::Example exampleList[] = {
    { "", "Open the window on a live loop that behaves like an idle Node.js server." },
    { "--scenario guess-order",
        "Open the window with the guess-order scenario loaded, paused before its main "
        "module: press C to step one callback at a time." },
    { "--list-scenarios", "List the built-in scenarios, one name and title a line." },
    { "--headless --scenario guess-order --trace guess.json --summary",
        "Run a scenario without a window, print its console output, write its trace and print its figures." },
    { "--headless --scenario pbkdf2-waves --threadpool-size 8 --summary",
        "The same with eight threads in libuv's pool." },
    { "--emit-js --scenario await-order > await-order.js",
        "Write the Node.js script that does what the scenario does, to run with node." },
    { "--headless --scenario tick-vs-promise --compare-node",
        "Run a scenario and its Node.js script in node, and compare their outputs." },
    { "--headless --summary --trace app.json --attach app.js --port 8080",
        "Run the Node.js program app.js (with its argument --port 8080) under the probe and record its loop." },
    { "--headless --summary --timeout-ms 10000 --attach-pid 4242",
        "Attach to the running Node.js process 4242 for ten seconds, then detach, leaving it running." },
    { "--headless --scenario pool-saturation --view circle --animation pool.gif --from 0 --to 200 --speed 0.1",
        "Write the circle's first 200 ms as an animated GIF at a tenth of the speed: 2 s, 21 frames." },
    { "guess.json", "Open a recording for replay (as a double click on it does)." },
};

} // namespace

const char* const OptionTable::summary = "the Node.js event loop, made visible";

const char* const OptionTable::description = QT_TRANSLATE_NOOP("CommandLine",
    "LoopScope runs a real libuv event loop and shows, live, what Node.js does with timers, immediates, "
    "nextTicks, promises and the thread pool.");

const char* const OptionTable::fileArgument = QT_TRANSLATE_NOOP("CommandLine",
    "A program to load or a recording to open, told apart by what the file holds (the desktop entry's %f).");

const char* const OptionTable::attachUsage = QT_TRANSLATE_NOOP("CommandLine", "--attach SCRIPT [ARGS...]");

std::span<const OptionTable::Option> OptionTable::options()
{
    return optionList;
}

const OptionTable::Option* OptionTable::find(const char* name)
{
    for (const Option& option : optionList) {
        if (std::strcmp(option.name, name) == 0)
            return &option;
    }
    return nullptr;
}

const char* OptionTable::sectionTitle(Section section)
{
    switch (section) {
    case Section::General:
        return QT_TRANSLATE_NOOP("CommandLine", "General");
    case Section::Programs:
        return QT_TRANSLATE_NOOP("CommandLine", "Running a program");
    case Section::Node:
        return QT_TRANSLATE_NOOP("CommandLine", "Node.js");
    case Section::Recordings:
        return QT_TRANSLATE_NOOP("CommandLine", "Recordings");
    case Section::Pictures:
        return QT_TRANSLATE_NOOP("CommandLine", "Pictures");
    case Section::Limits:
        return QT_TRANSLATE_NOOP("CommandLine", "Memory and timing");
    }
    return "";
}

std::span<const OptionTable::ExitStatus> OptionTable::exitStatuses()
{
    return exitList;
}

std::span<const OptionTable::Example> OptionTable::examples()
{
    return exampleList;
}
