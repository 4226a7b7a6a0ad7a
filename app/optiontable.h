#pragma once

#include <span>

// The options of `loopscope`, once: the parser (CommandLine::parse), --help, the man page and the bash
// completion are all made from this table, so none of them can name an option the others do not.
// Texts are English source strings in the translation context "CommandLine"; --help shows them
// translated, the man page as written.
class OptionTable
{
public:
    enum class Section { General, Programs, Node, Recordings, Pictures, Limits };

    // What the shell offers for an option's value.
    enum class Completion {
        Nothing, // a number or a KEY=VALUE: nothing to offer
        Scenario, // a built-in scenario's name (loopscope --list-scenarios)
        Choice, // one of Option::choices
        ProgramFile, // a .json program
        RecordingFile, // a .json or .json.gz recording
        Script, // a Node.js script
        OutputFile, // any file name
        Command // an executable on PATH, or a file
    };

    struct Option
    {
        const char* name; // without the dashes
        const char* alias; // a one-letter alias, or nullptr
        const char* valueName; // nullptr for a switch
        const char* text;
        Section section;
        Completion completion = Completion::Nothing;
        const char* choices = nullptr; // Completion::Choice: the values, separated by spaces
        bool repeatable = false; // a valued option that may be given more than once
    };

    struct ExitStatus
    {
        int code;
        const char* text;
    };

    struct Example
    {
        const char* command; // after "loopscope "
        const char* text;
    };

    static std::span<const Option> options();
    static const Option* find(const char* name);
    static const char* sectionTitle(Section section);
    static std::span<const ExitStatus> exitStatuses();
    // English only: for the man page.
    static std::span<const Example> examples();

    static const char* const summary; // one line: what LoopScope is (English only: the man page's NAME)
    static const char* const description; // the paragraph at the top of --help
    static const char* const fileArgument; // the positional FILE
    static const char* const attachUsage; // the second usage line's arguments
};
