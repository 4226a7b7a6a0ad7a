#pragma once

#include "program/program.h"

#include <QString>

#include <string>

struct RunOptions;

// --compare-node: runs a program's emitted script in Node.js and compares its output with the headless
// run's, line for line, and its exit status and stderr with how that run ended. Said on stderr.
class NodeOutputCheck
{
public:
    // `ours` is what the run printed; `ourStatus` and `ourErrors` how it ended (0 and nothing, or 1 and
    // what Node prints for an unhandled rejection). Returns an exit code (exitcode::Success when Node agrees).
    static int check(const RunOptions& options, const loopscope::Program& program, const std::string& ours,
        int ourStatus = 0, const std::string& ourErrors = {});

private:
    // Whether `nodePath` is Node.js: its --version says "vN.…". Said on stderr when it is not, so that a
    // node that fails (a wrong path, /bin/false) is never taken for a program whose output differs.
    static bool isNode(const QString& nodePath);
};
