#pragma once

#include "runtime/nodecosts.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <optional>

// The parsed command line of `loopscope` (SPEC section 3).
struct CommandLine
{
    Q_DECLARE_TR_FUNCTIONS(CommandLine)

public:
    enum class Action {
        RunGui,
        RunHeadless,
        ShowHelp,
        ShowVersion,
        ListScenarios,
        EmitJs,
        ReopenRecording,
        Repeat,
        Attach,
        CalibrateNode
    };

    Action action = Action::RunGui;
    QString helpText;
    QString scenario;
    QString programFile;
    QStringList sets;
    QString traceFile;
    QString csvFile;
    QString openFile;
    // --attach: a Node.js program to run with the probe, and its arguments (the FILEs after it).
    QString attachScript;
    // --attach-pid: a running Node.js process to attach to (0: none).
    int attachPid = 0;
    QStringList attachArguments;
    // --node-option: node's own options for the attached program, before its script, in order.
    QStringList nodeOptions;
    // --probe: the probe labels every callback (callbacks, the default) or marks the phases only (markers).
    bool probeEveryCallback = true;
    int blockMs = 50; // --block-ms: AttachOptions::DefaultBlockThresholdMs
    // Pictures: --png and --svg of the view named by --view (window, circle, chart, timeline), --pdf
    // the one-page report; at --at milliseconds of the recording when given, else at its end.
    QString pngFile;
    QString svgFile;
    QString pdfFile;
    QString view = QStringLiteral("window");
    std::optional<double> atMs;
    // --animation: the recording replayed from --from to --to milliseconds (default: all of it) at --speed,
    // --fps frames a second, as GIF or WebP.
    QString animationFile;
    std::optional<double> fromMs;
    std::optional<double> toMs;
    double speed = 0.1;
    int fps = 10;
    QString language;
    QString nodePath = QStringLiteral("node");
    bool fileIsPositional = false; // programFile or openFile came as FILE, decided by its content
    bool summary = false;
    bool compareNode = false;
    bool emitFigures = false; // --emit-js --with-figures
    int repeat = 1; // --repeat: runs of the program whose outputs are counted
    int timeoutMs = 60000;
    bool timeoutSet = false; // --timeout-ms was given: only then is an attached program stopped at it
    bool detach = false; // --attach --headless: the program runs on when LoopScope ends
    bool followChildren = false; // --attach: the program's child node processes are recorded too
    int memoryBudgetMb = 512; // MemoryBudget::DefaultMb
    bool rollingWindow = false; // past the budget, let go of the oldest events instead of spilling them
    // --node-costs (percent of NodeCosts::node20()) and --startup-gap-us: given, they override the
    // window's setting.
    std::optional<int> nodeCostsPercent;
    std::optional<int> startupGapUs;
    // --calibration-runs: fresh node processes per figure of --calibrate-node.
    int calibrationRuns = 15;
    int maxTraceMb = 512; // written in about half a second here, so a trace never holds up an abort for long
    std::optional<int> threadpoolSize;

    // Node's costs as --node-costs and --startup-gap-us set them, from `base` (this machine's calibration
    // when there is one, NodeCalibration::baseCosts()), or nullopt when neither is given.
    std::optional<loopscope::NodeCosts> nodeCosts(const loopscope::NodeCosts& base) const;

    bool wantsPictures() const
    {
        return !pngFile.isEmpty() || !svgFile.isEmpty() || !pdfFile.isEmpty() || !animationFile.isEmpty();
    }

    // Parses arguments; on bad input returns the message to print (exit code 2).
    static std::optional<QString> parse(const QStringList& arguments, CommandLine& out);
};
