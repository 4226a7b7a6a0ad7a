#include "commandline.h"

#include "catalog/scenariocatalog.h"
#include "commandlinedocs.h"
#include "optiontable.h"

#include <QCommandLineParser>
#include <QFileInfo>

#include <algorithm>
#include <utility>

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

std::optional<QString> CommandLine::parse(const QStringList& arguments, CommandLine& out)
{
    // Every option comes from the OptionTable, as --help, the man page and the shell completion do.
    QCommandLineParser parser;
    for (const OptionTable::Option& entry : OptionTable::options()) {
        QStringList names;
        if (entry.alias)
            names << QLatin1String(entry.alias);
        names << QLatin1String(entry.name);
        QCommandLineOption option(names, QCoreApplication::translate("CommandLine", entry.text));
        if (entry.valueName)
            option.setValueName(QCoreApplication::translate("CommandLine", entry.valueName));
        parser.addOption(option);
    }
    const QString help = QStringLiteral("help");
    const QString version = QStringLiteral("version");
    const QString headless = QStringLiteral("headless");
    const QString scenario = QStringLiteral("scenario");
    const QString program = QStringLiteral("program");
    const QString set = QStringLiteral("set");
    const QString list = QStringLiteral("list-scenarios");
    const QString emitJs = QStringLiteral("emit-js");
    const QString withFigures = QStringLiteral("with-figures");
    const QString pool = QStringLiteral("threadpool-size");
    const QString trace = QStringLiteral("trace");
    const QString csv = QStringLiteral("csv");
    const QString open = QStringLiteral("open");
    const QString summary = QStringLiteral("summary");
    const QString timeout = QStringLiteral("timeout-ms");
    const QString lang = QStringLiteral("lang");
    const QString compare = QStringLiteral("compare-node");
    const QString node = QStringLiteral("node");
    const QString budget = QStringLiteral("memory-budget");
    const QString rolling = QStringLiteral("rolling-window");
    const QString maxTrace = QStringLiteral("max-trace-mb");
    const QString nodeCosts = QStringLiteral("node-costs");
    const QString startupGap = QStringLiteral("startup-gap-us");
    const QString repeat = QStringLiteral("repeat");
    const QString calibrate = QStringLiteral("calibrate-node");
    const QString calibrationRuns = QStringLiteral("calibration-runs");
    const QString png = QStringLiteral("png");
    const QString svg = QStringLiteral("svg");
    const QString pdf = QStringLiteral("pdf");
    const QString view = QStringLiteral("view");
    const QString at = QStringLiteral("at");
    const QString animation = QStringLiteral("animation");
    const QString from = QStringLiteral("from");
    const QString to = QStringLiteral("to");
    const QString speed = QStringLiteral("speed");
    const QString fps = QStringLiteral("fps");
    const QString attach = QStringLiteral("attach");
    const QString attachPid = QStringLiteral("attach-pid");
    const QString probeMode = QStringLiteral("probe");
    const QString blockMs = QStringLiteral("block-ms");
    const QString nodeOption = QStringLiteral("node-option");
    const QString detach = QStringLiteral("detach");
    const QString followChildren = QStringLiteral("follow-children");

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
    for (const OptionTable::Option& entry : OptionTable::options()) {
        if (entry.valueName && !entry.repeatable && parser.values(QLatin1String(entry.name)).size() > 1)
            return tr("--%1 is given more than once").arg(QLatin1String(entry.name));
    }

    out.helpText = CommandLineDocs::helpText();
    out.scenario = parser.value(scenario);
    out.programFile = parser.value(program);
    out.sets = parser.values(set);
    out.traceFile = parser.value(trace);
    out.csvFile = parser.value(csv);
    out.openFile = parser.value(open);
    out.pngFile = parser.value(png);
    out.svgFile = parser.value(svg);
    out.pdfFile = parser.value(pdf);
    out.animationFile = parser.value(animation);
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
    if (parser.isSet(view) && out.pngFile.isEmpty() && out.svgFile.isEmpty() && out.animationFile.isEmpty())
        return tr("--view needs --png, --svg or --animation");
    if (parser.isSet(at)) {
        bool number = false;
        const double ms = parser.value(at).toDouble(&number);
        if (!number || !(ms >= 0))
            return tr("--at must be a number of milliseconds from 0, not '%1'").arg(parser.value(at));
        // A moment is for the still pictures; an animation has --from and --to.
        if (out.pngFile.isEmpty() && out.svgFile.isEmpty() && out.pdfFile.isEmpty())
            return tr("--at needs --png, --svg or --pdf");
        out.atMs = ms;
    }
    for (const auto& [option, value] : { std::pair { &from, &out.fromMs }, std::pair { &to, &out.toMs } }) {
        if (!parser.isSet(*option))
            continue;
        bool number = false;
        const double ms = parser.value(*option).toDouble(&number);
        if (!number || !(ms >= 0))
            return tr("--%1 must be a number of milliseconds from 0, not '%2'").arg(*option, parser.value(*option));
        *value = ms;
    }
    if (parser.isSet(speed)) {
        bool number = false;
        out.speed = parser.value(speed).toDouble(&number);
        if (!number || !(out.speed >= 0.01 && out.speed <= 10))
            return tr("--speed must be a number from 0.01 to 10, not '%1'").arg(parser.value(speed));
    }
    if (parser.isSet(fps) && !parseInt(parser.value(fps), 1, 50, out.fps))
        return tr("--fps must be a whole number from 1 to 50, not '%1'").arg(parser.value(fps));
    for (const QString* option : { &from, &to, &speed, &fps }) {
        if (parser.isSet(*option) && out.animationFile.isEmpty())
            return tr("--%1 needs --animation").arg(*option);
    }
    if (out.fromMs && out.toMs && !(*out.toMs > *out.fromMs))
        return tr("--to must come after --from");
    for (const QString* picture : { &out.pngFile, &out.svgFile, &out.pdfFile, &out.animationFile }) {
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
    if (parser.isSet(blockMs) && !parseInt(parser.value(blockMs), 0, 3600000, out.blockMs))
        return tr("--block-ms must be a whole number of ms from 0 to 3600000, not '%1'").arg(parser.value(blockMs));

    const bool hasProgram = !out.scenario.isEmpty() || !out.programFile.isEmpty();
    if (parser.isSet(attachPid) && !parser.isSet(help) && !parser.isSet(version)) {
        bool number = false;
        out.attachPid = parser.value(attachPid).toInt(&number);
        if (!number || out.attachPid <= 0)
            return tr("--attach-pid needs a process id, not '%1'").arg(parser.value(attachPid));
        if (hasProgram || !out.attachScript.isEmpty() || !out.openFile.isEmpty() || parser.isSet(repeat)
            || parser.isSet(emitJs) || out.compareNode)
            return tr("--attach-pid watches a process that runs already: it cannot be combined with --attach, "
                      "--scenario, --program, --open, --repeat, --emit-js or --compare-node");
        if (out.wantsPictures())
            return tr("--attach-pid cannot draw pictures yet: use --trace, --csv or --summary");
        if (parser.isSet(nodeOption) || out.detach || out.followChildren)
            return tr("--node-option, --detach and --follow-children go with --attach: a process attached to "
                      "by --attach-pid runs as it was started, and is always left running");
        out.action = parser.isSet(headless) ? Action::Attach : Action::RunGui;
        return std::nullopt;
    }
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
        return tr("--probe goes with --attach or --attach-pid");
    if (parser.isSet(blockMs) && !parser.isSet(help) && !parser.isSet(version))
        return tr("--block-ms goes with --attach");
    if (parser.isSet(nodeOption) && !parser.isSet(help) && !parser.isSet(version))
        return tr("--node-option goes with --attach");
    if (out.detach && !parser.isSet(help) && !parser.isSet(version))
        return tr("--detach goes with --attach");
    if (out.followChildren && !parser.isSet(help) && !parser.isSet(version))
        return tr("--follow-children goes with --attach");
    if (parser.isSet(calibrationRuns)) {
        if (!parseInt(parser.value(calibrationRuns), 1, 1000, out.calibrationRuns))
            return tr("--calibration-runs must be a whole number from 1 to 1000, not '%1'")
                .arg(parser.value(calibrationRuns));
        if (!parser.isSet(calibrate) && !parser.isSet(help) && !parser.isSet(version))
            return tr("--calibration-runs goes with --calibrate-node");
    }
    if (parser.isSet(help))
        out.action = Action::ShowHelp;
    else if (parser.isSet(version))
        out.action = Action::ShowVersion;
    else if (parser.isSet(list))
        out.action = Action::ListScenarios;
    else if (parser.isSet(calibrate)) {
        if (hasProgram || !out.openFile.isEmpty() || parser.isSet(repeat) || parser.isSet(emitJs) || out.compareNode)
            return tr("--calibrate-node runs Node.js alone: it cannot be combined with --scenario, --program, "
                      "--open, --repeat, --emit-js or --compare-node");
        out.action = Action::CalibrateNode;
    } else if (parser.isSet(emitJs)) {
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
