#pragma once

#include "control/runoptions.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <optional>

// The parsed command line of `loopscope` (SPEC section 3): what a run is asked to do (RunOptions), and
// what only the command line says (the action, the window's language, the pictures' view and times).
struct CommandLine : RunOptions
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
    // The picture of --png and --svg is of the view named by --view (window, circle, chart, timeline), at
    // --at milliseconds of the recording when given, else at its end.
    QString view = QStringLiteral("window");
    std::optional<double> atMs;
    // --animation: the recording replayed from --from to --to milliseconds (default: all of it) at --speed,
    // --fps frames a second, as GIF or WebP.
    std::optional<double> fromMs;
    std::optional<double> toMs;
    double speed = 0.1;
    int fps = 10;
    QString language;
    bool fileIsPositional = false; // programFile or openFile came as FILE, decided by its content
    std::optional<int> threadpoolSize;

    // Parses arguments; on bad input returns the message to print (exit code 2).
    static std::optional<QString> parse(const QStringList& arguments, CommandLine& out);
};
