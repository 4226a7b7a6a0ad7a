#pragma once

#include <QString>

#include <string_view>

// What a run without a window writes on its terminal: the program's console on stdout, whose failed write
// (a closed pipe, a full disk) ends the run, and one line at a time on stderr.
class Terminal
{
public:
    // Writes one line of the program's console on stdout.
    static void writeLine(std::string_view line);
    // Flushes stdout; false once any write to it has failed.
    static bool flush();
    // Whether a write to stdout has failed.
    static bool failed();
    // Writes `text` and a newline on stderr, flushed.
    static void printErr(const QString& text);
    // A line of the program's in a diagnostic: its control characters as '?' and cut, as the summary shows
    // it, so that it cannot steer the terminal.
    static QString shown(const QString& line);
};
