#include "commandline.h"

#include "catalog/scenariocatalog.h"

#include <QCommandLineParser>
#include <QFileInfo>

#include <algorithm>

namespace {

bool parseInt(const QString& text, int min, int max, int& out)
{
    bool ok = false;
    const qlonglong value = text.toLongLong(&ok);
    if (!ok || value < min || value > max)
        return false;
    out = int(value);
    return true;
}

// The same file whether or not it exists yet, so that "out" and "./out" match.
bool sameFile(const QString& a, const QString& b)
{
    if (a.isEmpty() || b.isEmpty())
        return false;
    const QFileInfo first(a);
    const QFileInfo second(b);
    if (first.exists() && second.exists())
        return first.canonicalFilePath() == second.canonicalFilePath();
    return first.absoluteFilePath() == second.absoluteFilePath();
}

} // namespace

std::optional<loopscope::NodeCosts> CommandLine::nodeCosts() const
{
    if (!nodeCostsPercent && !startupGapUs)
        return std::nullopt;
    loopscope::NodeCosts costs = loopscope::NodeCosts::node20().scaled(nodeCostsPercent.value_or(100));
    if (startupGapUs)
        costs.startupGapUs = std::uint32_t(*startupGapUs);
    return costs;
}

std::optional<QString> CommandLine::parse(const QStringList& arguments, CommandLine& out)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(tr("LoopScope runs a real libuv event loop and shows, live, what Node.js "
                                        "does with timers, immediates, nextTicks, promises and the thread pool."));
    const QCommandLineOption help({ QStringLiteral("h"), QStringLiteral("help") }, tr("Show this help and exit."));
    const QCommandLineOption version(QStringLiteral("version"), tr("Show the version and exit."));
    const QCommandLineOption headless(QStringLiteral("headless"), tr("Run one program to the end without a window."));
    const QCommandLineOption scenario(QStringLiteral("scenario"), tr("Load the built-in scenario NAME."), tr("NAME"));
    const QCommandLineOption program(QStringLiteral("program"), tr("Load the program FILE."), tr("FILE"));
    const QCommandLineOption set(
        QStringLiteral("set"), tr("Override a declared program parameter (repeatable)."), tr("KEY=VALUE"));
    const QCommandLineOption list(QStringLiteral("list-scenarios"), tr("List the built-in scenarios and exit."));
    const QCommandLineOption emitJs(QStringLiteral("emit-js"), tr("Print the equivalent Node.js script and exit."));
    const QCommandLineOption withFigures(QStringLiteral("with-figures"),
        tr("With --emit-js: the script also runs the program's probes as Node's perf_hooks measure them "
           "(monitorEventLoopDelay, a /health prober on a worker thread) and prints their figures on stderr at "
           "exit, one line starting 'loopscope-figures', to compare with --summary's."));
    const QCommandLineOption pool(QStringLiteral("threadpool-size"),
        tr("Size of the libuv thread pool, 1 to 1024 (default: UV_THREADPOOL_SIZE, else 4)."), tr("N"));
    const QCommandLineOption trace(QStringLiteral("trace"),
        tr("Write the recorded timeline to FILE. With the window: of the session it shows when it closes or "
           "the process gets SIGTERM, SIGINT or SIGHUP (the last run, or the idle loop with its workloads)."),
        tr("FILE"));
    const QCommandLineOption csv(
        QStringLiteral("csv"), tr("Write latency samples as CSV to FILE; with the window, like --trace."), tr("FILE"));
    const QCommandLineOption open(QStringLiteral("open"), tr("Open the recording FILE."), tr("FILE"));
    const QCommandLineOption summary(
        QStringLiteral("summary"), tr("Print a summary of the run (with the window: when it closes) on stderr."));
    const QCommandLineOption timeout(QStringLiteral("timeout-ms"),
        tr("Headless: abort the run after N ms of wall time (default 60000; with --attach, only when given: the "
           "program is then ended and the run exits 3)."),
        tr("N"));
    const QCommandLineOption lang(QStringLiteral("lang"), tr("User-interface language: en, es or be."), tr("CODE"));
    const QCommandLineOption compare(
        QStringLiteral("compare-node"), tr("Also run the emitted script in Node.js and compare the outputs."));
    const QCommandLineOption node(QStringLiteral("node"),
        tr("The Node.js executable that --attach runs and --compare-node compares with: a path, or a name looked up "
           "in PATH (default node; Node.js 18 to 24)."),
        tr("PATH"));
    const QCommandLineOption budget(QStringLiteral("memory-budget"),
        tr("What the queues and the recording may hold in memory, in MB (default 512). Past it the recording "
           "spills to a temporary file (up to 16 times as much) and the run goes on; queues that outgrow it "
           "abort the run cleanly."),
        tr("MB"));
    const QCommandLineOption rolling(QStringLiteral("rolling-window"),
        tr("Past --memory-budget, let go of the oldest events instead of spilling them to disk: the run goes "
           "on however long, and the recording keeps its latest part (the trace counts what was let go as "
           "droppedEvents). With the window: for this session; the Loop menu remembers a choice."));
    const QCommandLineOption maxTrace(QStringLiteral("max-trace-mb"),
        tr("Largest trace file to write, in MB (default 512); past it events are left out and the trace "
           "says it was truncated."),
        tr("MB"));
    const QCommandLineOption nodeCosts(QStringLiteral("node-costs"),
        tr("The time Node.js spends where LoopScope takes microseconds (the first console.log, a worker's "
           "start-up, the start-up gap), in percent of what was measured against Node 20 (default 100; 0: "
           "none, 0 to 1000). It decides races such as setTimeout(0) against setImmediate. See "
           "docs/FIDELITY.md."),
        tr("PERCENT"));
    const QCommandLineOption startupGap(QStringLiteral("startup-gap-us"),
        tr("Node's time from the main module's drain to the first timers phase, in microseconds (default 130, "
           "measured against Node 20; 0 to 100000)."),
        tr("N"));
    const QCommandLineOption repeat(QStringLiteral("repeat"),
        tr("Run the program N times without a window (1 to 10000) and print on stderr how often each output "
           "came: a race shows both its outcomes. stdout carries the first run's output."),
        tr("N"));
    const QCommandLineOption png(QStringLiteral("png"),
        tr("Write a picture of the run as PNG to FILE: of the window when it closes, or with --headless when the run "
           "ends."),
        tr("FILE"));
    const QCommandLineOption svg(
        QStringLiteral("svg"), tr("As --png, as SVG with vector shapes and text (for slides)."), tr("FILE"));
    const QCommandLineOption pdf(QStringLiteral("pdf"),
        tr("Write a one-page PDF report of the run (program, console, circle, latency chart, summary) to FILE."),
        tr("FILE"));
    const QCommandLineOption view(QStringLiteral("view"),
        tr("What --png and --svg show: window (default), circle, chart or timeline."), tr("NAME"));
    const QCommandLineOption attach(QStringLiteral("attach"),
        tr("Run the Node.js program SCRIPT with LoopScope's probe and record its real event loop: its phases, "
           "callbacks and their kinds. The rest of the line is the program's arguments. The window shows it live, "
           "its output in the console; with --headless its input, output and exit status stay its own, and "
           "LoopScope exits with its status. --trace, --csv and --summary write the recording when it ends."),
        tr("SCRIPT"));
    const QCommandLineOption probeMode(QStringLiteral("probe"),
        tr("With --attach: the probe labels and times every callback the program runs (callbacks, the default), or "
           "marks its loops' phases only (markers), which costs the program next to nothing; on every loop, its "
           "worker threads' too. The window switches it while the program runs (Loop > Label every callback)."),
        tr("MODE"));
    const QCommandLineOption nodeOption(QStringLiteral("node-option"),
        tr("With --attach: give node OPTION before the script, as `node OPTION SCRIPT` would (--expose-gc, "
           "--stack-size=500, --expose-internals); once per option, in order. Write it --node-option=OPTION when "
           "OPTION begins with a dash. The program's process.execArgv is these options, as without the probe."),
        tr("OPTION"));
    const QCommandLineOption detach(QStringLiteral("detach"),
        tr("With --attach --headless: let the program run on when LoopScope ends (SIGTERM, SIGHUP, SIGINT, "
           "--timeout-ms, or LoopScope killed); the recording so far is written. By default the program is ended "
           "with LoopScope (SIGTERM, then SIGKILL two seconds later), then the recording is written; LoopScope "
           "exits with 128 + the signal it got, or 3 for --timeout-ms."));
    const QCommandLineOption followChildren(QStringLiteral("follow-children"),
        tr("With --attach: also record the program's child node processes (forks, cluster workers, node run by "
           "a shell), each as a process of its own, with its own tracks in the trace and its own part of the "
           "summary. They are reached through the environment: NODE_OPTIONS requires the probe and "
           "LOOPSCOPE_PROBE_CHILDREN names LoopScope's socket, both left in the program's environment for its "
           "children to inherit. A child started with an environment of its own is not followed."));
    const QCommandLineOption at(QStringLiteral("at"),
        tr("Pictures show the moment MS milliseconds into the recording, as the playhead does (default: its end)."),
        tr("MS"));
    parser.addOptions({ help, version, headless, scenario, program, set, list, emitJs, withFigures, pool, trace, csv,
        open, summary, timeout, lang, compare, node, budget, rolling, maxTrace, nodeCosts, startupGap, repeat, png, svg,
        pdf, view, at, attach, probeMode, nodeOption, detach, followChildren });
    parser.addPositionalArgument(QStringLiteral("FILE"),
        tr("A program to load or a recording to open, told apart by what the file holds (the desktop "
           "entry's %f)."),
        QStringLiteral("[FILE]"));

    // The rest of the line after --attach SCRIPT is the script's: it is not LoopScope's to parse.
    QStringList own = arguments;
    for (qsizetype i = 1; i < own.size(); ++i) {
        const bool joined = own[i].startsWith(QLatin1String("--attach="));
        if (own[i] != QLatin1String("--attach") && !joined)
            continue;
        const qsizetype scriptEnd = joined ? i + 1 : std::min(i + 2, own.size());
        out.attachArguments = own.mid(scriptEnd);
        own = own.mid(0, scriptEnd);
        break;
    }
    if (!parser.parse(own))
        return parser.errorText();
    QStringList positional = parser.positionalArguments();
    if (parser.isSet(attach))
        out.attachScript = parser.value(attach);
    if (positional.size() > 1)
        return tr("unexpected argument '%1'").arg(positional.at(1));
    for (const QCommandLineOption* single :
        { &scenario, &program, &pool, &trace, &csv, &open, &timeout, &lang, &node, &budget, &maxTrace, &nodeCosts,
            &startupGap, &repeat, &png, &svg, &pdf, &view, &at, &attach, &probeMode }) {
        if (parser.values(*single).size() > 1)
            return tr("--%1 is given more than once").arg(single->names().constLast());
    }

    out.helpText = parser.helpText();
    out.scenario = parser.value(scenario);
    out.programFile = parser.value(program);
    out.sets = parser.values(set);
    out.traceFile = parser.value(trace);
    out.csvFile = parser.value(csv);
    out.openFile = parser.value(open);
    out.pngFile = parser.value(png);
    out.svgFile = parser.value(svg);
    out.pdfFile = parser.value(pdf);
    if (parser.isSet(view))
        out.view = parser.value(view);
    out.language = parser.value(lang);
    out.summary = parser.isSet(summary);
    out.compareNode = parser.isSet(compare);
    out.rollingWindow = parser.isSet(rolling);
    if (parser.isSet(node))
        out.nodePath = parser.value(node);
    out.nodeOptions = parser.values(nodeOption);

    if (!out.scenario.isEmpty() && !out.programFile.isEmpty())
        return tr("--scenario and --program cannot be used together");
    if (!positional.isEmpty()) {
        const QString file = positional.constFirst();
        if (!out.scenario.isEmpty() || !out.programFile.isEmpty() || !out.openFile.isEmpty())
            return tr("unexpected argument '%1': a file cannot be named with --scenario, --program or --open")
                .arg(file);
        // A program says so in its "format"; anything else is read as a recording, whose reader names
        // what is wrong with it (a missing file, gzip, not a trace).
        if (ScenarioCatalog::isProgramFile(file))
            out.programFile = file;
        else
            out.openFile = file;
        out.fileIsPositional = true;
    }
    if (sameFile(out.traceFile, out.programFile))
        return tr("--trace would overwrite the program '%1'").arg(out.programFile);
    if (sameFile(out.csvFile, out.programFile))
        return tr("--csv would overwrite the program '%1'").arg(out.programFile);
    if (sameFile(out.traceFile, out.openFile))
        return tr("--trace would overwrite the recording '%1'").arg(out.openFile);
    if (sameFile(out.csvFile, out.openFile))
        return tr("--csv would overwrite the recording '%1'").arg(out.openFile);
    if (sameFile(out.traceFile, out.csvFile))
        return tr("--trace and --csv name the same file '%1'").arg(out.csvFile);
    static const QStringList views { QStringLiteral("window"), QStringLiteral("circle"), QStringLiteral("chart"),
        QStringLiteral("timeline") };
    if (!views.contains(out.view))
        return tr("--view must be one of window, circle, chart, timeline, not '%1'").arg(out.view);
    if (parser.isSet(view) && out.pngFile.isEmpty() && out.svgFile.isEmpty())
        return tr("--view needs --png or --svg");
    if (parser.isSet(at)) {
        bool number = false;
        const double ms = parser.value(at).toDouble(&number);
        if (!number || !(ms >= 0))
            return tr("--at must be a number of milliseconds from 0, not '%1'").arg(parser.value(at));
        if (!out.wantsPictures())
            return tr("--at needs --png, --svg or --pdf");
        out.atMs = ms;
    }
    for (const QString* picture : { &out.pngFile, &out.svgFile, &out.pdfFile }) {
        if (!picture->isEmpty() && (sameFile(*picture, out.programFile) || sameFile(*picture, out.openFile)))
            return tr("a picture would overwrite '%1'").arg(*picture);
    }
    if (parser.isSet(repeat)) {
        if (!parseInt(parser.value(repeat), 1, 10000, out.repeat))
            return tr("--repeat must be a whole number from 1 to 10000, not '%1'").arg(parser.value(repeat));
        if (!out.traceFile.isEmpty() || !out.csvFile.isEmpty() || out.summary || out.compareNode || out.wantsPictures())
            return tr("--repeat counts outputs only: it cannot be combined with --trace, --csv, --summary, "
                      "--compare-node or a picture");
    }
    if (parser.isSet(timeout) && !parseInt(parser.value(timeout), 1, 86400000, out.timeoutMs))
        return tr("--timeout-ms must be a whole number from 1 to 86400000, not '%1'").arg(parser.value(timeout));
    out.timeoutSet = parser.isSet(timeout);
    out.detach = parser.isSet(detach);
    out.followChildren = parser.isSet(followChildren);
    if (parser.isSet(budget) && !parseInt(parser.value(budget), 16, 1048576, out.memoryBudgetMb))
        return tr("--memory-budget must be a whole number of MB from 16 to 1048576, not '%1'")
            .arg(parser.value(budget));
    if (parser.isSet(maxTrace) && !parseInt(parser.value(maxTrace), 1, 1048576, out.maxTraceMb))
        return tr("--max-trace-mb must be a whole number of MB from 1 to 1048576, not '%1'")
            .arg(parser.value(maxTrace));
    if (parser.isSet(nodeCosts)) {
        int percent = 0;
        if (!parseInt(parser.value(nodeCosts), 0, 1000, percent))
            return tr("--node-costs must be a whole number of percent from 0 to 1000, not '%1'")
                .arg(parser.value(nodeCosts));
        out.nodeCostsPercent = percent;
    }
    if (parser.isSet(startupGap)) {
        int gap = 0;
        if (!parseInt(parser.value(startupGap), 0, 100000, gap))
            return tr("--startup-gap-us must be a whole number from 0 to 100000, not '%1'")
                .arg(parser.value(startupGap));
        out.startupGapUs = gap;
    }
    if (parser.isSet(pool)) {
        int size = 0;
        if (!parseInt(parser.value(pool), 1, 1024, size))
            return tr("--threadpool-size must be a whole number from 1 to 1024, not '%1'").arg(parser.value(pool));
        out.threadpoolSize = size;
    }
    if (!out.language.isEmpty() && out.language != QLatin1String("en") && out.language != QLatin1String("es")
        && out.language != QLatin1String("be"))
        return tr("--lang must be one of en, es, be, not '%1'").arg(out.language);
    for (const QString& assignment : std::as_const(out.sets)) {
        if (assignment.indexOf(QLatin1Char('=')) <= 0)
            return tr("--set expects KEY=VALUE, not '%1'").arg(assignment);
    }

    if (parser.isSet(probeMode)) {
        const QString mode = parser.value(probeMode);
        if (mode != QLatin1String("markers") && mode != QLatin1String("callbacks"))
            return tr("--probe must be markers or callbacks, not '%1'").arg(mode);
        out.probeEveryCallback = mode == QLatin1String("callbacks");
    }

    const bool hasProgram = !out.scenario.isEmpty() || !out.programFile.isEmpty();
    if (!out.attachScript.isEmpty() && !parser.isSet(help) && !parser.isSet(version)) {
        if (hasProgram || !out.openFile.isEmpty() || parser.isSet(repeat) || parser.isSet(emitJs) || out.compareNode)
            return tr("--attach runs a Node.js program of its own: it cannot be combined with --scenario, --program, "
                      "--open, --repeat, --emit-js or --compare-node");
        if (out.wantsPictures())
            return tr("--attach cannot draw pictures yet: use --trace, --csv or --summary");
        if (!QFileInfo::exists(out.attachScript))
            return tr("%1: no such file").arg(out.attachScript);
        if (out.detach && !parser.isSet(headless))
            return tr("--detach needs --headless: the window's console takes the program's output, which would "
                      "have nowhere to go once the window closed");
        // Without --headless the window attaches, and writes what was asked for when it closes.
        out.action = parser.isSet(headless) ? Action::Attach : Action::RunGui;
        return std::nullopt;
    }
    if (parser.isSet(withFigures) && !parser.isSet(emitJs) && !parser.isSet(help) && !parser.isSet(version))
        return tr("--with-figures goes with --emit-js");
    if (parser.isSet(probeMode) && !parser.isSet(help) && !parser.isSet(version))
        return tr("--probe goes with --attach");
    if (parser.isSet(nodeOption) && !parser.isSet(help) && !parser.isSet(version))
        return tr("--node-option goes with --attach");
    if (out.detach && !parser.isSet(help) && !parser.isSet(version))
        return tr("--detach goes with --attach");
    if (out.followChildren && !parser.isSet(help) && !parser.isSet(version))
        return tr("--follow-children goes with --attach");
    if (parser.isSet(help))
        out.action = Action::ShowHelp;
    else if (parser.isSet(version))
        out.action = Action::ShowVersion;
    else if (parser.isSet(list))
        out.action = Action::ListScenarios;
    else if (parser.isSet(emitJs)) {
        if (!hasProgram)
            return tr("--emit-js needs --scenario or --program");
        out.action = Action::EmitJs;
        out.emitFigures = parser.isSet(withFigures);
    } else if (parser.isSet(repeat)) {
        if (!hasProgram)
            return tr("--repeat needs --scenario or --program");
        out.action = Action::Repeat;
    } else if (parser.isSet(headless)) {
        if (!out.openFile.isEmpty()) {
            // A recording opened without a window is summarised, written again, or both.
            const bool output
                = out.summary || !out.traceFile.isEmpty() || !out.csvFile.isEmpty() || out.wantsPictures();
            if (!output && out.fileIsPositional && !QFileInfo::exists(out.openFile))
                return tr("%1: no such file").arg(out.openFile);
            if (!output && out.fileIsPositional)
                return tr("--headless with the recording '%1' needs --summary, --trace, --csv or a picture")
                    .arg(out.openFile);
            if (!output)
                return tr("--headless --open needs --summary, --trace, --csv or a picture");
            out.action = Action::ReopenRecording;
        } else if (!hasProgram) {
            return tr("--headless needs --scenario or --program");
        } else {
            out.action = Action::RunHeadless;
        }
    } else if (out.compareNode) {
        if (!hasProgram)
            return tr("--compare-node needs --scenario or --program");
        out.action = Action::RunHeadless;
    }
    return std::nullopt;
}
