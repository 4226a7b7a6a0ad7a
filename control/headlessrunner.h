#pragma once

#include "program/program.h"

#include <QString>

#include <variant>

class QElapsedTimer;
struct RunOptions;

// The command-line actions that run or read a program without a window; each returns the process exit
// code (SPEC section 3) and writes as `loopscope --headless` does: the program's console on stdout,
// diagnostics and the summary on stderr, the trace and CSV asked for.
class HeadlessRunner
{
public:
    explicit HeadlessRunner(const RunOptions& options);

    // --list-scenarios: each built-in's name and title, a line each.
    static int listScenarios();
    // --emit-js: the program's Node.js script on stdout.
    int emitJs() const;
    // --headless: runs the program to its end, a signal, --timeout-ms or its memory budget, and writes its
    // outputs (with --compare-node, then compares it with Node.js).
    int run() const;
    // --repeat N: runs the program N times, prints the first run's output and, on stderr, how often each
    // output came.
    int repeat() const;
    // --calibrate-node: measures this machine's Node.js and keeps the figures in the settings.
    int calibrateNode() const;
    // --headless --open: reads a recording and summarises it (--summary), writes it again (--trace: the
    // same events; a foreign file's understood part) or writes its latency samples (--csv).
    int reopenRecording() const;

private:
    std::variant<loopscope::Program, QString> loadProgram() const;
    // Why the run must stop now, or an empty string.
    QString abortReason(const QElapsedTimer& clock) const;

    const RunOptions& m_options;
};
