#pragma once

#include "catalog/scenariocatalog.h"
#include "runtime/nodecosts.h"

#include <QString>
#include <QStringList>

#include <optional>

// What a run without a window is asked to do (SPEC section 3): the program or recording, its limits, how
// Node.js is run and compared, and the files it leaves behind. The command line fills it (CommandLine),
// the headless runner and the output files read it.
struct RunOptions
{
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
    // Pictures: --png and --svg of a view, --pdf the one-page report, --animation the recording replayed.
    QString pngFile;
    QString svgFile;
    QString pdfFile;
    QString animationFile;
    QString nodePath = QStringLiteral("node");
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

    // Node's costs as --node-costs and --startup-gap-us set them, from `base` (this machine's calibration
    // when there is one, NodeCalibration::baseCosts()), or nullopt when neither is given.
    std::optional<loopscope::NodeCosts> nodeCosts(const loopscope::NodeCosts& base) const;

    // The --set KEY=VALUE assignments, as the catalog takes them.
    ScenarioCatalog::Overrides overrides() const;

    bool wantsPictures() const
    {
        return !pngFile.isEmpty() || !svgFile.isEmpty() || !pdfFile.isEmpty() || !animationFile.isEmpty();
    }
};
