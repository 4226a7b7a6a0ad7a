#include "commandlinedocs.h"

#include "optiontable.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>

namespace {

using Option = OptionTable::Option;
using Section = OptionTable::Section;
using Completion = OptionTable::Completion;

constexpr Section sectionOrder[]
    = { Section::General, Section::Programs, Section::Node, Section::Recordings, Section::Pictures, Section::Limits };

QString translated(const char* text)
{
    return QCoreApplication::translate("CommandLine", text);
}

// "-h, --help" or "--scenario <NAME>", as --help writes an option's names.
QString helpNames(const Option& option)
{
    QString names = option.alias ? QStringLiteral("-%1, ").arg(QLatin1String(option.alias)) : QString();
    names += QStringLiteral("--") + QLatin1String(option.name);
    if (option.valueName)
        names += QStringLiteral(" <%1>").arg(translated(option.valueName));
    return names;
}

// `text` broken into lines of at most `width` characters, at spaces.
QStringList wrapped(const QString& text, qsizetype width)
{
    QStringList lines;
    QString line;
    for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (!line.isEmpty() && line.size() + 1 + word.size() > width) {
            lines << line;
            line.clear();
        }
        line += (line.isEmpty() ? QString() : QStringLiteral(" ")) + word;
    }
    if (!line.isEmpty())
        lines << line;
    return lines;
}

// A two-column entry: `left` indented by two, `text` wrapped beside it from column `column`.
QString helpEntry(const QString& left, const QString& text, qsizetype column)
{
    constexpr qsizetype Width = 79;
    const QStringList lines = wrapped(text, Width - column);
    QString entry = QStringLiteral("  ") + left;
    if (entry.size() + 1 > column) {
        entry += QLatin1Char('\n');
        entry += QString(column, QLatin1Char(' '));
    } else {
        entry += QString(column - entry.size(), QLatin1Char(' '));
    }
    entry += lines.join(QLatin1Char('\n') + QString(column, QLatin1Char(' ')));
    return entry + QLatin1Char('\n');
}

// Text for roff: backslashes and dashes escaped, no line taken for a request.
QString roff(const QString& text)
{
    QString escaped = text;
    escaped.replace(QLatin1Char('\\'), QLatin1String("\\e"));
    escaped.replace(QLatin1Char('-'), QLatin1String("\\-"));
    QStringList lines = escaped.split(QLatin1Char('\n'));
    for (QString& line : lines) {
        if (line.startsWith(QLatin1Char('.')) || line.startsWith(QLatin1Char('\'')))
            line.prepend(QLatin1String("\\&"));
    }
    return lines.join(QLatin1Char('\n'));
}

QString manNames(const Option& option)
{
    QString names = option.alias ? QStringLiteral("\\fB\\-%1\\fR, ").arg(QLatin1String(option.alias)) : QString();
    names += QStringLiteral("\\fB\\-\\-%1\\fR").arg(roff(QLatin1String(option.name)));
    if (option.valueName)
        names += QStringLiteral(" \\fI%1\\fR").arg(roff(QLatin1String(option.valueName)));
    return names;
}

QString quotedWords(const QStringList& words)
{
    return QLatin1Char('"') + words.join(QLatin1Char(' ')) + QLatin1Char('"');
}

} // namespace

QString CommandLineDocs::helpText()
{
    qsizetype column = 0;
    for (const Option& option : OptionTable::options())
        column = std::max(column, 2 + helpNames(option).size() + 2);
    column = std::min<qsizetype>(column, 30);

    QString text
        = QStringLiteral("%1: loopscope [options] [FILE]\n       loopscope [options] %2\n")
              .arg(translated(QT_TRANSLATE_NOOP("CommandLine", "Usage")), translated(OptionTable::attachUsage));
    text += wrapped(translated(OptionTable::description), 79).join(QLatin1Char('\n')) + QLatin1Char('\n');
    for (Section section : sectionOrder) {
        text += QLatin1Char('\n') + translated(OptionTable::sectionTitle(section)) + QStringLiteral(":\n");
        for (const Option& option : OptionTable::options()) {
            if (option.section == section)
                text += helpEntry(helpNames(option), translated(option.text), column);
        }
    }
    text += QLatin1Char('\n') + translated(QT_TRANSLATE_NOOP("CommandLine", "Arguments")) + QStringLiteral(":\n");
    text += helpEntry(QStringLiteral("FILE"), translated(OptionTable::fileArgument), column);
    text += QLatin1Char('\n') + translated(QT_TRANSLATE_NOOP("CommandLine", "Exit status")) + QStringLiteral(":\n");
    for (const OptionTable::ExitStatus& status : OptionTable::exitStatuses())
        text += helpEntry(QString::number(status.code), translated(status.text), 6);
    text += QLatin1Char('\n')
        + translated(QT_TRANSLATE_NOOP("CommandLine", "The manual page loopscope(1) says more, with examples."))
        + QLatin1Char('\n');
    return text;
}

QString CommandLineDocs::manPage(
    const QString& version, const QString& date, const std::vector<std::pair<QString, QString>>& scenarios)
{
    QString page;
    page += QStringLiteral(
        ".\\\" Generated by tools/clidocs from app/optiontable.cpp: edit that table, not this file.\n");
    page += QStringLiteral(".TH LOOPSCOPE 1 \"%1\" \"LoopScope %2\" \"User Commands\"\n").arg(date, version);
    // Options and paths are never broken at a hyphen.
    page += QStringLiteral(".nh\n");
    page += QStringLiteral(".SH NAME\nloopscope \\- %1\n").arg(roff(QLatin1String(OptionTable::summary)));
    page += QStringLiteral(".SH SYNOPSIS\n.B loopscope\n[\\fIoptions\\fR] [\\fIFILE\\fR]\n.br\n.B loopscope\n"
                           "[\\fIoptions\\fR] \\fB\\-\\-attach\\fR \\fISCRIPT\\fR [\\fIARGS\\fR...]\n");
    page += QStringLiteral(".SH DESCRIPTION\n%1\n.PP\n").arg(roff(QLatin1String(OptionTable::description)));
    page += roff(QStringLiteral(
        "It models Node's JavaScript-level queues (nextTick, microtasks, promises, timers, immediates) on top "
        "of the loop as Node 20 orders them, and records every phase, callback, queue and thread-pool job as "
        "it happens. The window animates the circle of phases, charts loop latency and lets you trigger "
        "workloads while you watch; recordings are Chrome trace JSON, which the Perfetto UI opens too. With "
        "--attach it runs a real Node.js program with a probe inside and shows that program's own loop."));
    page += QStringLiteral("\n.PP\n");
    page += roff(QStringLiteral("With --headless there is no window: stdout carries only the program's console "
                                "output, one line per log, and diagnostics and summaries go to stderr."));
    page += QStringLiteral("\n.SH OPTIONS\n");
    for (Section section : sectionOrder) {
        page += QStringLiteral(".SS %1\n").arg(roff(QLatin1String(OptionTable::sectionTitle(section))));
        for (const Option& option : OptionTable::options()) {
            if (option.section == section)
                page += QStringLiteral(".TP\n%1\n%2\n").arg(manNames(option), roff(QLatin1String(option.text)));
        }
    }
    page
        += QStringLiteral(".SH ARGUMENTS\n.TP\n\\fIFILE\\fR\n%1\n").arg(roff(QLatin1String(OptionTable::fileArgument)));
    page += QStringLiteral(".SH SCENARIOS\nThe built-in programs, for \\fB\\-\\-scenario\\fR:\n");
    for (const auto& [name, title] : scenarios)
        page += QStringLiteral(".TP\n.B %1\n%2\n").arg(roff(name), roff(title));
    page += QStringLiteral(".SH EXIT STATUS\n");
    for (const OptionTable::ExitStatus& status : OptionTable::exitStatuses())
        page += QStringLiteral(".TP\n.B %1\n%2\n").arg(status.code).arg(roff(QLatin1String(status.text)));
    page += QStringLiteral(".PP\n%1\n")
                .arg(roff(QStringLiteral("With --attach, LoopScope exits with the program's status (128 + the "
                                         "signal that ended it).")));
    page += QStringLiteral(".SH ENVIRONMENT\n");
    const std::pair<const char*, const char*> environment[] = {
        { "UV_THREADPOOL_SIZE", "The size of libuv's thread pool when --threadpool-size is not given (default 4)." },
        { "TMPDIR", "Where a recording past --memory-budget spills (else /var/tmp)." },
        { "QT_QPA_PLATFORM", "offscreen draws --png, --svg and --pdf pictures without a display." },
    };
    for (const auto& [name, text] : environment)
        page += QStringLiteral(".TP\n.B %1\n%2\n").arg(roff(QLatin1String(name)), roff(QLatin1String(text)));
    page += QStringLiteral(".SH FILES\n");
    const std::pair<const char*, const char*> files[] = {
        { "/usr/lib/loopscope/loopscope-probe.js",
            "The preload that --attach gives node (node --require), and beside it loopscope-queues.js and "
            "loopscope_probe.node, the Node-API addon, which it loads. LoopScope looks for them in ../lib/loopscope "
            "from its own directory, "
            "then in its own directory (a build tree)." },
        { "~/.config/LoopScope/LoopScope.conf", "The window's remembered layout, theme, language and choices." },
    };
    for (const auto& [name, text] : files)
        page += QStringLiteral(".TP\n.I %1\n%2\n").arg(roff(QLatin1String(name)), roff(QLatin1String(text)));
    page += QStringLiteral(".SH EXAMPLES\n");
    for (const OptionTable::Example& example : OptionTable::examples()) {
        page += QStringLiteral(".TP\n\\fBloopscope %1\\fR\n%2\n")
                    .arg(roff(QLatin1String(example.command)).trimmed(), roff(QLatin1String(example.text)));
    }
    page += QStringLiteral(".SH SEE ALSO\n.BR node (1)\n");
    return page;
}

QString CommandLineDocs::bashCompletion()
{
    QStringList flags;
    QStringList choiceCases;
    QStringList nothing;
    QStringList outputs;
    QStringList programs;
    QStringList recordings;
    for (const Option& option : OptionTable::options()) {
        const QString flag = QStringLiteral("--") + QLatin1String(option.name);
        if (option.alias)
            flags << QStringLiteral("-") + QLatin1String(option.alias);
        flags << flag;
        switch (option.completion) {
        case Completion::Choice:
            choiceCases << QStringLiteral(
                "    %1)\n        COMPREPLY=($(compgen -W %2 -- \"$cur\"))\n        return ;;\n")
                               .arg(flag, quotedWords(QString::fromLatin1(option.choices).split(QLatin1Char(' '))));
            break;
        case Completion::Nothing:
            if (option.valueName)
                nothing << flag;
            break;
        case Completion::OutputFile:
            outputs << flag;
            break;
        case Completion::ProgramFile:
            programs << flag;
            break;
        case Completion::RecordingFile:
            recordings << flag;
            break;
        case Completion::Scenario:
        case Completion::Script:
        case Completion::Command:
            break;
        }
    }
    auto alternatives = [](const Completion kind) {
        QStringList names;
        for (const Option& option : OptionTable::options()) {
            if (option.completion == kind)
                names << QStringLiteral("--") + QLatin1String(option.name);
        }
        return names.join(QLatin1Char('|'));
    };

    QString script
        = QStringLiteral("# bash completion for loopscope(1).\n"
                         "# Generated by tools/clidocs from app/optiontable.cpp: edit that table, not this file.\n"
                         "\n"
                         "# Files whose names end in one of the given endings, and directories to look in.\n"
                         "_loopscope_files()\n"
                         "{\n"
                         "    local ending\n"
                         "    compopt -o filenames 2>/dev/null\n"
                         "    COMPREPLY=($(compgen -d -- \"$cur\"))\n"
                         "    for ending in \"$@\"; do\n"
                         "        COMPREPLY+=($(compgen -f -X \"!*$ending\" -- \"$cur\"))\n"
                         "    done\n"
                         "}\n"
                         "\n"
                         "_loopscope()\n"
                         "{\n"
                         "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]} i\n"
                         "    # --name=value: bash breaks the word at the '='.\n"
                         "    if [[ $cur == = ]]; then\n"
                         "        cur=\n"
                         "    elif [[ $prev == = ]]; then\n"
                         "        prev=${COMP_WORDS[COMP_CWORD - 2]}\n"
                         "    fi\n"
                         "    # The rest of the line after --attach SCRIPT is the program's own.\n"
                         "    for ((i = 1; i < COMP_CWORD - 1; i++)); do\n"
                         "        if [[ ${COMP_WORDS[i]} == --attach ]]; then\n"
                         "            compopt -o default 2>/dev/null\n"
                         "            COMPREPLY=()\n"
                         "            return\n"
                         "        fi\n"
                         "    done\n"
                         "\n"
                         "    case $prev in\n");
    const QString scenarioFlags = alternatives(Completion::Scenario);
    if (!scenarioFlags.isEmpty()) {
        script += QStringLiteral("    %1)\n"
                                 "        COMPREPLY=($(compgen -W \"$(\"$1\" --list-scenarios 2>/dev/null | cut -f1)\" "
                                 "-- \"$cur\"))\n"
                                 "        return ;;\n")
                      .arg(scenarioFlags);
    }
    script += choiceCases.join(QString());
    if (!programs.isEmpty())
        script += QStringLiteral("    %1) _loopscope_files .json; return ;;\n").arg(programs.join(QLatin1Char('|')));
    if (!recordings.isEmpty()) {
        script += QStringLiteral("    %1) _loopscope_files .json .json.gz; return ;;\n")
                      .arg(recordings.join(QLatin1Char('|')));
    }
    const QString scripts = alternatives(Completion::Script);
    if (!scripts.isEmpty())
        script += QStringLiteral("    %1) _loopscope_files .js .mjs .cjs; return ;;\n").arg(scripts);
    const QString commands = alternatives(Completion::Command);
    if (!commands.isEmpty()) {
        script += QStringLiteral("    %1)\n"
                                 "        compopt -o filenames 2>/dev/null\n"
                                 "        COMPREPLY=($(compgen -c -- \"$cur\") $(compgen -f -- \"$cur\"))\n"
                                 "        return ;;\n")
                      .arg(commands);
    }
    if (!outputs.isEmpty()) {
        script += QStringLiteral("    %1)\n"
                                 "        compopt -o filenames 2>/dev/null\n"
                                 "        COMPREPLY=($(compgen -f -- \"$cur\"))\n"
                                 "        return ;;\n")
                      .arg(outputs.join(QLatin1Char('|')));
    }
    if (!nothing.isEmpty())
        script += QStringLiteral("    %1) COMPREPLY=(); return ;;\n").arg(nothing.join(QLatin1Char('|')));
    script += QStringLiteral("    esac\n"
                             "\n"
                             "    if [[ $cur == -* ]]; then\n"
                             "        COMPREPLY=($(compgen -W %1 -- \"$cur\"))\n"
                             "        return\n"
                             "    fi\n"
                             "    # FILE: a program or a recording.\n"
                             "    _loopscope_files .json .json.gz\n"
                             "}\n"
                             "complete -F _loopscope loopscope\n")
                  .arg(quotedWords(flags));
    return script;
}
