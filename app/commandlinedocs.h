#pragma once

#include <QString>

#include <utility>
#include <vector>

// What the OptionTable says, written out for people and shells: --help (translated), the man page and
// the bash completion (English and generated at build time by tools/clidocs).
class CommandLineDocs
{
public:
    // The text `loopscope --help` prints, in the language installed for the process.
    static QString helpText();

    // loopscope(1) in roff, dated `date` (YYYY-MM-DD); `scenarios` are the built-ins' names and titles.
    static QString manPage(
        const QString& version, const QString& date, const std::vector<std::pair<QString, QString>>& scenarios);

    // A bash completion script for `loopscope`: every option, and their values where they can be
    // listed (scenario names are asked of the completed loopscope itself, with --list-scenarios).
    static QString bashCompletion();
};
