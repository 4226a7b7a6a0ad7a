// What the documentation of `loopscope` says against what its parser does: --help as the executable
// prints it, the man page and bash completion as the build installs them, and the README. An option the
// parser takes that one of them leaves out, or one they name that the parser refuses, fails here.
#include "commandline.h"
#include "commandlinedocs.h"
#include "optiontable.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

namespace {

// An option as a text names it: its name without dashes, and whether it takes a value.
struct Named
{
    QString name;
    bool takesValue = false;

    bool operator==(const Named& other) const = default;
};

QString readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

// The option column of --help: "  -h, --help", "  --scenario <NAME>  Load...".
QList<Named> helpOptions(const QString& help)
{
    QList<Named> named;
    static const QRegularExpression line(
        QStringLiteral("^  (?:-[a-z], )?--([a-z][a-z-]*)( <[^>]+>)?(?:  |$)"), QRegularExpression::MultilineOption);
    for (auto match = line.globalMatch(help); match.hasNext();) {
        const QRegularExpressionMatch found = match.next();
        named.append({ found.captured(1), found.hasCaptured(2) });
    }
    return named;
}

// The options of the man page: a .TP entry's tag, "\fB\-\-scenario\fR \fINAME\fR".
QList<Named> manOptions(const QString& page)
{
    QList<Named> named;
    static const QRegularExpression tag(
        QStringLiteral(R"(^\.TP\n(?:\\fB\\-[a-z]\\fR, )?\\fB\\-\\-((?:[a-z]|\\-)+)\\fR( \\fI[^\\]+\\fR)?$)"),
        QRegularExpression::MultilineOption);
    for (auto match = tag.globalMatch(page); match.hasNext();) {
        const QRegularExpressionMatch found = match.next();
        named.append({ found.captured(1).replace(QLatin1String("\\-"), QLatin1String("-")), found.hasCaptured(2) });
    }
    return named;
}

QString helpOfTheParser()
{
    CommandLine options;
    const std::optional<QString> error
        = CommandLine::parse({ QStringLiteral("loopscope"), QStringLiteral("--help") }, options);
    return error ? QString() : options.helpText;
}

// What the parser says of `--name` alone: nothing, or the error it answers with.
QString parserSays(const QStringList& arguments)
{
    CommandLine options;
    QStringList line { QStringLiteral("loopscope") };
    line += arguments;
    return CommandLine::parse(line, options).value_or(QString());
}

// The words bash completion offers for the line `words` (the last one being completed).
QStringList completions(const QStringList& words)
{
    QString script
        = QStringLiteral("source '%1'\nCOMP_WORDS=(").arg(QStringLiteral(LOOPSCOPE_CLIDOCS_DIR "/loopscope.bash"));
    for (const QString& word : words)
        script += QLatin1Char('\'') + word + QStringLiteral("' ");
    script += QStringLiteral(")\nCOMP_CWORD=%1\n_loopscope '%2' '%3' '%4'\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n")
                  .arg(words.size() - 1)
                  .arg(QStringLiteral(LOOPSCOPE_EXECUTABLE), words.constLast(), words.at(words.size() - 2));
    QProcess bash;
    bash.start(QStringLiteral("bash"), { QStringLiteral("-c"), script });
    if (!bash.waitForFinished(10000) || bash.exitCode() != 0)
        return { QStringLiteral("bash failed: ") + QString::fromUtf8(bash.readAllStandardError()) };
    QStringList offered = QString::fromUtf8(bash.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    offered.sort();
    return offered;
}

} // namespace

class TestCommandLine : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void everyPromisedOptionIsDocumented_data();
    void everyPromisedOptionIsDocumented();
    void theParserTakesWhatHelpDocuments_data();
    void theParserTakesWhatHelpDocuments();
    void theManPageDocumentsWhatHelpDocuments();
    void theExecutablePrintsTheHelp();
    void completionOffersEveryOption();
    void completionOffersValues();
    void readmeCommandsUseRealOptions();
};

void TestCommandLine::init()
{
    // QCommandLineParser warns when asked about an option it was never given: a name the parser's
    // code uses that the table does not have.
    QTest::failOnWarning(QRegularExpression(QStringLiteral(".*")));
}

// Every option SPEC.md section 3 and the README promise, with whether it takes a value.
void TestCommandLine::everyPromisedOptionIsDocumented_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("takesValue");
    const std::pair<const char*, bool> promised[] = { { "help", false }, { "version", false }, { "headless", false },
        { "scenario", true }, { "program", true }, { "set", true }, { "list-scenarios", false }, { "emit-js", false },
        { "with-figures", false }, { "threadpool-size", true }, { "trace", true }, { "csv", true }, { "open", true },
        { "summary", false }, { "timeout-ms", true }, { "lang", true }, { "compare-node", false }, { "attach", true },
        { "node", true }, { "probe", true }, { "node-option", true }, { "detach", false }, { "follow-children", false },
        { "repeat", true }, { "png", true }, { "svg", true }, { "pdf", true }, { "view", true }, { "at", true },
        { "animation", true }, { "from", true }, { "to", true }, { "speed", true }, { "fps", true },
        { "memory-budget", true }, { "rolling-window", false }, { "max-trace-mb", true }, { "node-costs", true },
        { "startup-gap-us", true }, { "calibrate-node", false }, { "calibration-runs", true } };
    for (const auto& [name, takesValue] : promised)
        QTest::newRow(name) << QString::fromLatin1(name) << takesValue;
}

void TestCommandLine::everyPromisedOptionIsDocumented()
{
    QFETCH(QString, name);
    QFETCH(bool, takesValue);
    const Named option { name, takesValue };
    QVERIFY2(helpOptions(helpOfTheParser()).contains(option), qPrintable(helpOfTheParser()));
    QVERIFY2(manOptions(readAll(QStringLiteral(LOOPSCOPE_CLIDOCS_DIR "/loopscope.1"))).contains(option),
        "not in the man page as built");
    QVERIFY2(readAll(QStringLiteral(LOOPSCOPE_SOURCE_DIR "/README.md")).contains(QStringLiteral("--") + name),
        "not in the README");
    // Given without its value, a valued option is refused for that; a switch is taken.
    const QString said = parserSays({ QStringLiteral("--") + name });
    QVERIFY2(!said.contains(QStringLiteral("Unknown option")), qPrintable(said));
    QCOMPARE(said.contains(QStringLiteral("Missing value")), takesValue);
}

// Each option --help lists is one the parser knows, with a value exactly when --help shows one.
void TestCommandLine::theParserTakesWhatHelpDocuments_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("takesValue");
    const QList<Named> documented = helpOptions(helpOfTheParser());
    QVERIFY(documented.size() >= 30);
    for (const Named& option : documented)
        QTest::newRow(qPrintable(option.name)) << option.name << option.takesValue;
}

void TestCommandLine::theParserTakesWhatHelpDocuments()
{
    QFETCH(QString, name);
    QFETCH(bool, takesValue);
    QVERIFY2(parserSays({ QStringLiteral("--no-such-option") }).contains(QStringLiteral("Unknown option")),
        "the parser does not refuse an unknown option");
    const QString alone = parserSays({ QStringLiteral("--") + name });
    QVERIFY2(!alone.contains(QStringLiteral("Unknown option")), qPrintable(alone));
    QCOMPARE(alone.contains(QStringLiteral("Missing value")), takesValue);
    if (!takesValue) {
        const QString valued = parserSays({ QStringLiteral("--%1=1").arg(name) });
        QVERIFY2(valued.contains(QStringLiteral("Unexpected value")), qPrintable(valued));
    }
}

// The man page the build installs lists the options --help lists, in the same order, each with or without
// a value as there; and it is the page the table makes now, not an older one.
void TestCommandLine::theManPageDocumentsWhatHelpDocuments()
{
    const QString built = readAll(QStringLiteral(LOOPSCOPE_CLIDOCS_DIR "/loopscope.1"));
    QVERIFY2(!built.isEmpty(), "the build wrote no man page");
    QCOMPARE(manOptions(built), helpOptions(helpOfTheParser()));
    QVERIFY(built.contains(QStringLiteral(".TH LOOPSCOPE 1 ")));
    QVERIFY(built.contains(QStringLiteral("LoopScope " LOOPSCOPE_VERSION)));
    // Every exit status --help gives, and every built-in scenario.
    for (const OptionTable::ExitStatus& status : OptionTable::exitStatuses())
        QVERIFY2(
            built.contains(QStringLiteral(".TP\n.B %1\n").arg(status.code)), qPrintable(QString::number(status.code)));
    QVERIFY(built.contains(QStringLiteral(".TP\n.B guess\\-order\n")));
    QVERIFY(built.contains(QStringLiteral(".TP\n.B async\\-not\\-thread\n")));
    // groff reads it without a warning.
    QProcess groff;
    groff.start(QStringLiteral("groff"),
        { QStringLiteral("-man"), QStringLiteral("-Tutf8"), QStringLiteral("-ww"), QStringLiteral("-z"),
            QStringLiteral(LOOPSCOPE_CLIDOCS_DIR "/loopscope.1") });
    QVERIFY(groff.waitForFinished(10000));
    QCOMPARE(QString::fromUtf8(groff.readAllStandardError()), QString());
    QCOMPARE(groff.exitCode(), 0);
}

// `loopscope --help` prints what the table makes, and needs no display.
void TestCommandLine::theExecutablePrintsTheHelp()
{
    QProcess loopscope;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("DISPLAY"));
    environment.insert(QStringLiteral("LANGUAGE"), QStringLiteral("en"));
    environment.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    loopscope.setProcessEnvironment(environment);
    loopscope.start(QStringLiteral(LOOPSCOPE_EXECUTABLE), { QStringLiteral("--help") });
    QVERIFY(loopscope.waitForFinished(10000));
    QCOMPARE(loopscope.exitCode(), 0);
    QCOMPARE(QString::fromUtf8(loopscope.readAllStandardOutput()), CommandLineDocs::helpText());
}

// `loopscope -<TAB>` offers every option --help lists, and nothing else.
void TestCommandLine::completionOffersEveryOption()
{
    QStringList expected;
    for (const Named& option : helpOptions(helpOfTheParser()))
        expected << QStringLiteral("--") + option.name;
    expected << QStringLiteral("-h");
    expected.sort();
    QCOMPARE(completions({ QStringLiteral("loopscope"), QStringLiteral("-") }), expected);
    expected.removeOne(QStringLiteral("-h"));
    QCOMPARE(completions({ QStringLiteral("loopscope"), QStringLiteral("--") }), expected);
}

void TestCommandLine::completionOffersValues()
{
    const QString loopscope = QStringLiteral("loopscope");
    // Scenario names come from the completed executable's --list-scenarios.
    QCOMPARE(completions({ loopscope, QStringLiteral("--scenario"), QStringLiteral("guess") }),
        QStringList { QStringLiteral("guess-order") });
    QCOMPARE(completions({ loopscope, QStringLiteral("--scenario"), QStringLiteral("="), QStringLiteral("tick") }),
        (QStringList { QStringLiteral("tick-vs-promise"), QStringLiteral("tick-vs-promise-esm") }));
    QCOMPARE(completions({ loopscope, QStringLiteral("--lang"), QString() }),
        (QStringList { QStringLiteral("be"), QStringLiteral("en"), QStringLiteral("es") }));
    QCOMPARE(completions({ loopscope, QStringLiteral("--probe"), QStringLiteral("m") }),
        QStringList { QStringLiteral("markers") });
    QCOMPARE(completions({ loopscope, QStringLiteral("--threadpool-size"), QString() }), QStringList());
    // After --attach SCRIPT the line is the program's: none of LoopScope's options are offered.
    QCOMPARE(completions({ loopscope, QStringLiteral("--attach"), QStringLiteral("app.js"), QStringLiteral("--") }),
        QStringList());
}

// Every `loopscope ...` command the README shows uses options the parser knows (those after --attach
// SCRIPT are the program's).
void TestCommandLine::readmeCommandsUseRealOptions()
{
    const QString readme = readAll(QStringLiteral(LOOPSCOPE_SOURCE_DIR "/README.md"));
    QVERIFY(!readme.isEmpty());
    static const QRegularExpression command(
        QStringLiteral("^\\s+(?:\\S*/)?loopscope((?: [^#\\n]*)?)"), QRegularExpression::MultilineOption);
    static const QRegularExpression flag(QStringLiteral("(?:^| )--([a-z][a-z-]*)"));
    int commands = 0;
    for (auto match = command.globalMatch(readme); match.hasNext(); ++commands) {
        QString arguments = match.next().captured(1);
        const qsizetype attach = arguments.indexOf(QStringLiteral("--attach"));
        if (attach >= 0)
            arguments.truncate(attach + 8);
        for (auto flags = flag.globalMatch(arguments); flags.hasNext();) {
            const QString name = flags.next().captured(1);
            QVERIFY2(OptionTable::find(name.toLatin1().constData()), qPrintable(QStringLiteral("--") + name));
        }
    }
    QVERIFY(commands >= 10);
}

QTEST_GUILESS_MAIN(TestCommandLine)
#include "tst_commandline.moc"
