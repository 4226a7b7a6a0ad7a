// The command line as a student or a script meets it: the real executable,
// fed bad files, bad flags and programs that never end. Whatever it is given,
// it must answer with the exit codes of SPEC section 3, one readable line on
// stderr, and never a crash or a hang.
#include "formats/traceio.h"
#include "recording/events.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QImageReader>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <csignal>
#include <sstream>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>

namespace {

// Bad input must be answered well within this; a hang fails the row instead of the whole test.
constexpr int InputBudgetMs = 10000;
// A runaway program must be stopped and its trace written within this (generous: sanitizers, a busy machine).
constexpr int StopBudgetMs = 10000;
// The marker a bad document's row puts where the parser must report the error; it is removed before writing.
const QByteArray Here = QByteArrayLiteral("@@");

struct Run
{
    bool finished = false;
    QProcess::ExitStatus status = QProcess::NormalExit;
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    qint64 elapsedMs = 0;
};

QString executable()
{
    return QStringLiteral(LOOPSCOPE_EXECUTABLE);
}

Run finish(QProcess& process, const QElapsedTimer& clock, int budgetMs)
{
    Run run;
    run.finished = process.waitForFinished(budgetMs);
    if (!run.finished) {
        process.kill();
        process.waitForFinished(5000);
    }
    run.elapsedMs = clock.elapsed();
    run.status = process.exitStatus();
    run.exitCode = process.exitCode();
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

// A full disk for one process: no file it writes may grow past `bytes` (RLIMIT_FSIZE; the write that would
// fails with EFBIG, SIGXFSZ ignored), which needs no privilege to set up.
void limitFileSize(QProcess& process, rlim_t bytes)
{
    process.setChildProcessModifier([bytes] {
        ::signal(SIGXFSZ, SIG_IGN);
        const rlimit limit { bytes, bytes };
        ::setrlimit(RLIMIT_FSIZE, &limit);
    });
}

Run runLoopscope(const QStringList& arguments, int budgetMs = InputBudgetMs,
    const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment(), rlim_t fileSizeLimit = 0)
{
    QProcess process;
    process.setProcessEnvironment(environment);
    if (fileSizeLimit > 0)
        limitFileSize(process, fileSizeLimit);
    QElapsedTimer clock;
    clock.start();
    process.start(executable(), arguments);
    if (!process.waitForStarted(budgetMs))
        return {};
    return finish(process, clock, budgetMs);
}

// A message for QVERIFY2 that shows what the process said.
QByteArray describe(const Run& run)
{
    return "exit " + QByteArray::number(run.exitCode) + (run.status == QProcess::CrashExit ? " (crashed)" : "")
        + (run.finished ? "" : " (hung, killed)") + " after " + QByteArray::number(run.elapsedMs)
        + " ms; stderr: " + run.err.left(2000) + "; stdout: " + run.out.left(500);
}

// A program whose fourth line is `line`, so that positions in a row read naturally.
QByteArray program(const QByteArray& line)
{
    return "{\n  \"format\": \"loopscope-program\", \"version\": 1, \"name\": \"bad\",\n  \"main\": [\n    " + line
        + "\n  ]\n}\n";
}

// A program with the given top-level members before "main".
QByteArray programWith(const QByteArray& members, const QByteArray& main = "[]")
{
    return "{ \"format\": \"loopscope-program\", \"version\": 1, \"name\": \"bad\", " + members + ", \"main\": " + main
        + " }";
}

// "line:column" (1-based, columns in code points) of a byte offset.
QString positionOf(const QByteArray& text, qsizetype offset)
{
    int line = 1;
    int column = 1;
    for (qsizetype i = 0; i < offset; ++i) {
        const auto c = static_cast<unsigned char>(text.at(i));
        if (c == '\n') {
            ++line;
            column = 1;
        } else if ((c & 0xC0) != 0x80) {
            ++column;
        }
    }
    return QStringLiteral("%1:%2").arg(line).arg(column);
}

// Nested arrays and objects, `levels` deep, each level a nextTick inside the previous one's "do".
// A program of `count` empty nextTick ops, 26 bytes each.
QByteArray manyTicks(int count)
{
    QByteArray text = R"({"format":"loopscope-program","version":1,"name":"ticks","main":[)";
    for (int i = 0; i < count; ++i)
        text += i == 0 ? R"({"op":"nextTick","do":[]})" : R"(,{"op":"nextTick","do":[]})";
    return text + "]}";
}

QByteArray nestedTicks(int levels)
{
    QByteArray text = "{\"format\":\"loopscope-program\",\"version\":1,\"name\":\"deep\",\"main\":";
    for (int i = 0; i < levels; ++i)
        text += "[{\"op\":\"nextTick\",\"do\":";
    text += "[{\"op\":\"log\",\"text\":\"deepest\"}]";
    for (int i = 0; i < levels; ++i)
        text += "}]";
    return text + "}";
}

// Puts the marker before the bracket that opens nesting level `level` (1-based) for the first time.
QByteArray markLevel(QByteArray text, int level)
{
    int depth = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char c = text.at(i);
        if (c == '[' || c == '{') {
            if (++depth == level)
                return text.insert(i, Here);
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return text;
}

QByteArray readFile(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

bool writeFile(const QString& path, const QByteArray& data)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(data) == data.size();
}

// True once the process has installed a handler for `signal` (Linux: SigCgt in /proc/PID/status).
bool catches(qint64 pid, int signalNumber)
{
    const QByteArray status = readFile(QStringLiteral("/proc/%1/status").arg(pid));
    const qsizetype at = status.indexOf("\nSigCgt:");
    if (at < 0)
        return false;
    const qsizetype end = status.indexOf('\n', at + 1);
    bool ok = false;
    const qulonglong mask = status.mid(at + 8, end - at - 8).trimmed().toULongLong(&ok, 16);
    return ok && (mask & (1ULL << (signalNumber - 1))) != 0;
}

// What `node --trace-events-enabled` writes: metadata and V8 events, none of them LoopScope's.
const QByteArray NodeTrace = R"({"traceEvents":[)"
                             R"({"pid":7,"tid":7,"ts":0,"ph":"M","name":"process_name","args":{"name":"node"}},)"
                             R"({"pid":7,"tid":7,"ts":1051536000,"ph":"X","cat":"v8","name":"V8.GC","dur":350}]})";

const QByteArray ProgramHead = "{\"format\":\"loopscope-program\",\"version\":1,\"name\":\"runaway\",\"main\":";

} // namespace

class TestCli : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void badInput_data();
    void badInput();
    void hugeProgram_data();
    void hugeProgram();
    void deepButLegalProgramRuns();
    void reopenedRecordingIsWrittenAgain();
    void picturesOfAHeadlessRun();
    void animationOfAHeadlessRun();
    void repeatCountsOutputs();
    void fifoIsRefusedWithoutWaiting();
    void outputsAreCheckedBeforeTheRun_data();
    void outputsAreCheckedBeforeTheRun();
    void aFullDiskKeepsTheOldFile_data();
    void aFullDiskKeepsTheOldFile();
    void partlyUnderstoodRecordingSaysSo();
    void compareNodeWritesOnlyInItsTemporaryDirectory();
    void aFailingNodeIsNotADifference();
    void anUnhandledRejectionEndsAsNodeEnds();
    void positionalFile();
    void noTemporaryFilesLeft();
    void summaryShowsNoTerminalControls();
    void runaway_data();
    void runaway();
    void memoryBudgetEndsARunawayCleanly_data();
    void memoryBudgetEndsARunawayCleanly();
    void anAllocationRefusedEndsTheRunCleanly();
    void aLongRunWritesItsOutputsAsItGoes();
    void aRollingWindowKeepsTheLatestPart();
    void traceCapTruncatesTheTrace();
    void signalStopsRun_data();
    void signalStopsRun();
    void closedStdoutAbortsRun();
    void fullStdoutAbortsRun();
    void windowWritesOnSignal_data();
    void windowWritesOnSignal();
    void windowReportsFailedWrite();
    void windowReportsUnsavedSettings();
    void windowOpensFile_data();
    void windowOpensFile();
    void emitJsWritesScriptOnly();
    void listScenarios();
    void versionAndHelpNeedNoDisplay();
    void helpSaysWhatAttachTakes();

private:
    void checkBadInput(const Run& run, const QString& mention, const QString& position);
    void checkAbortedTrace(const QString& tracePath);
    QProcessEnvironment windowEnvironment() const;
    void startWindow(QProcess& process, const QStringList& arguments, const QProcessEnvironment& environment = {});

    QTemporaryDir m_dir;
};

void TestCli::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(QFile::exists(executable()), qPrintable(executable()));
}

// One row: the command line ("@FILE" stands for the written program), the program file's content
// (with the marker where the error must be reported; empty: no file), and what stderr must name.
void TestCli::badInput_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("mention");

    const QStringList run { QStringLiteral("--headless"), QStringLiteral("--program"), QStringLiteral("@FILE") };
    const QString file = QStringLiteral("@FILE");
    auto row = [&](const char* name, const QByteArray& content) { QTest::newRow(name) << run << content << file; };

    // Malformed and truncated JSON.
    row("empty file", Here);
    row("only whitespace", "\n\n  " + Here);
    row("binary garbage", Here + QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16));
    row("truncated mid-key", program("{ \"op\": \"log\", \"te").replace("\n  ]\n}\n", "") + Here);
    row("truncated after a value", "{ \"format\": \"loopscope-program\",\n  \"version\": 1" + Here);
    row("unterminated string", "{ \"format\": \"loopscope-pro" + Here);
    row("trailing comma", program("{ \"op\": \"log\", \"text\": \"a\" },").replace("\n  ]", "\n  " + Here + "]"));
    row("single quotes", program("{ " + Here + "'op': 'log' }"));
    row("comment", program(Here + "// a comment"));
    row("NaN", program("{ \"op\": \"block\", \"ms\": " + Here + "NaN }"));
    row("leading zero", program("{ \"op\": \"block\", \"ms\": 0" + Here + "7 }"));
    row("raw newline in string", program("{ \"op\": \"log\", \"text\": \"a" + Here + "\nb\" }"));
    row("bad escape", program("{ \"op\": \"log\", \"text\": \"a" + Here + "\\x41\" }"));
    row("invalid UTF-8 after non-ASCII", program("{ \"op\": \"log\", \"text\": \"h\xc3\xa9llo " + Here + "\xff\" }"));
    QTest::newRow("UTF-16") << run
                            << QByteArray("\xff\xfe")
            + QByteArray::fromRawData(reinterpret_cast<const char*>(u"{ \"main\": [] }"), 30)
                            << file
            + QStringLiteral(": file is UTF-16LE (it starts with the byte order mark FF FE); save it as UTF-8");
    row("NUL byte", program("{ \"op\": \"log\", \"text\": \"a\" }" + Here + QByteArray(1, '\0')));
    row("second document", programWith("\"title\": \"t\"") + "\n" + Here + "{}");
    row("duplicate key", programWith("\"title\": \"t\", " + Here + "\"title\": \"u\""));
    row("deeply nested arrays", markLevel(QByteArray(100000, '['), 201));
    row("deeply nested ops", markLevel(nestedTicks(150), 201));

    // Wrong types and a wrong document.
    row("root is an array", Here + "[ { \"op\": \"log\", \"text\": \"a\" } ]");
    row("wrong format", "{ \"format\": " + Here + "\"chrome-trace\", \"version\": 1, \"name\": \"x\", \"main\": [] }");
    row("version as a string", "{ \"format\": \"loopscope-program\", \"version\": " + Here + "\"1\", \"main\": [] }");
    row("future version", "{ \"format\": \"loopscope-program\", \"version\": " + Here + "3, \"main\": [] }");
    row("main is an object", programWith("\"title\": \"t\"", Here + "{}"));
    row("name is a number", "{ \"format\": \"loopscope-program\", \"version\": 1, \"name\": " + Here + "7 }");
    row("op is not an object", program(Here + "\"log\""));
    row("op name is a number", program("{ \"op\": " + Here + "7 }"));
    row("ms is a string", program("{ \"op\": \"setTimeout\", \"ms\": " + Here + "\"10\", \"do\": [] }"));
    row("times is a fraction", program("{ \"op\": \"repeat\", \"times\": " + Here + "1.5, \"do\": [] }"));
    row("do is an object", program("{ \"op\": \"nextTick\", \"do\": " + Here + "{} }"));
    row("text is a number", program("{ \"op\": \"log\", \"text\": " + Here + "42 }"));
    row("module is unknown", programWith("\"module\": " + Here + "\"amd\""));

    // Unknown ops and fields: programs are data, nothing in them is executed.
    row("unknown op eval", program("{ \"op\": " + Here + "\"eval\", \"code\": \"process.exit(1)\" }"));
    row("unknown op require", program("{ \"op\": " + Here + "\"require\", \"module\": \"child_process\" }"));
    row("op name in the wrong case", program("{ \"op\": " + Here + "\"Log\", \"text\": \"a\" }"));
    row("empty op name", program("{ \"op\": " + Here + "\"\" }"));
    row("unknown field", program("{ \"op\": \"log\", \"text\": \"a\", " + Here + "\"shell\": \"rm -rf /\" }"));

    // Absurd values.
    row("repeat 10^12 times", program("{ \"op\": \"repeat\", \"times\": " + Here + "1000000000000, \"do\": [] }"));
    row("repeat 1e12 times", program("{ \"op\": \"repeat\", \"times\": " + Here + "1e12, \"do\": [] }"));
    row("repeat 0 times", program("{ \"op\": \"repeat\", \"times\": " + Here + "0, \"do\": [] }"));
    row("repeat 1e400 times", program("{ \"op\": \"repeat\", \"times\": " + Here + "1e400, \"do\": [] }"));
    row("negative block ms", program("{ \"op\": \"block\", \"ms\": " + Here + "-5 }"));
    row("block longer than a day", program("{ \"op\": \"block\", \"ms\": " + Here + "86400001 }"));
    row("interval 10^6 + 1 times",
        program("{ \"op\": \"setInterval\", \"ms\": 1, \"times\": " + Here + "1000001, \"do\": [] }"));
    row("pbkdf2 0 iterations", program("{ \"op\": \"pbkdf2\", \"iterations\": " + Here + "0, \"do\": [] }"));
    row("pbkdf2 2^31 iterations",
        program("{ \"op\": \"pbkdf2\", \"iterations\": " + Here + "2147483648, \"do\": [] }"));
    row("negative health probe", programWith("\"probes\": { \"health\": " + Here + "-1 }"));
    row("undeclared parameter", program("{ \"op\": \"repeat\", \"times\": " + Here + "\"$nope\", \"do\": [] }"));
    row("misplaced await", program(Here + "{ \"op\": \"await\" }"));

    // Flags. Rows without a file name the flag or value at fault instead.
    const QStringList scenario { QStringLiteral("--headless"), QStringLiteral("--scenario"),
        QStringLiteral("guess-order") };
    auto flags = [&](const char* name, const QStringList& extra, const char* mention) {
        QTest::newRow(name) << scenario + extra << QByteArray() << QString::fromUtf8(mention);
    };
    flags("threadpool size 0", { QStringLiteral("--threadpool-size"), QStringLiteral("0") }, "--threadpool-size");
    flags("threadpool size 5000", { QStringLiteral("--threadpool-size"), QStringLiteral("5000") }, "5000");
    flags("threadpool size -1", { QStringLiteral("--threadpool-size"), QStringLiteral("-1") }, "--threadpool-size");
    flags("threadpool size hex", { QStringLiteral("--threadpool-size"), QStringLiteral("0x10") }, "0x10");
    flags("threadpool size missing", { QStringLiteral("--threadpool-size") }, "threadpool-size");
    flags("memory budget 8", { QStringLiteral("--memory-budget"), QStringLiteral("8") }, "--memory-budget");
    flags("memory budget text", { QStringLiteral("--memory-budget"), QStringLiteral("lots") }, "lots");
    flags("memory budget twice",
        { QStringLiteral("--memory-budget"), QStringLiteral("64"), QStringLiteral("--memory-budget"),
            QStringLiteral("128") },
        "--memory-budget");
    flags("trace cap 0", { QStringLiteral("--max-trace-mb"), QStringLiteral("0") }, "--max-trace-mb");
    flags("startup gap -1", { QStringLiteral("--startup-gap-us"), QStringLiteral("-1") }, "--startup-gap-us");
    flags("startup gap 1 s", { QStringLiteral("--startup-gap-us"), QStringLiteral("1000000") }, "--startup-gap-us");
    flags("node costs -5", { QStringLiteral("--node-costs"), QStringLiteral("-5") }, "--node-costs");
    flags("node costs 2000", { QStringLiteral("--node-costs"), QStringLiteral("2000") }, "--node-costs");
    flags("node costs twice",
        { QStringLiteral("--node-costs"), QStringLiteral("10"), QStringLiteral("--node-costs"), QStringLiteral("20") },
        "--node-costs");
    flags("timeout -1", { QStringLiteral("--timeout-ms"), QStringLiteral("-1") }, "--timeout-ms");
    flags("timeout 0", { QStringLiteral("--timeout-ms"), QStringLiteral("0") }, "--timeout-ms");
    flags("timeout 1e3", { QStringLiteral("--timeout-ms"), QStringLiteral("1e3") }, "1e3");
    flags("timeout 10^20", { QStringLiteral("--timeout-ms"), QStringLiteral("100000000000000000000") }, "--timeout-ms");
    flags("unknown flag", { QStringLiteral("--frobnicate") }, "frobnicate");
    flags("unknown short flag", { QStringLiteral("-q") }, "q");
    flags("positional argument", { QStringLiteral("extra.json") }, "extra.json");
    flags("unknown language", { QStringLiteral("--lang"), QStringLiteral("xx") }, "xx");
    flags("probe without attach", { QStringLiteral("--probe"), QStringLiteral("markers") }, "--probe");
    flags("node option without attach", { QStringLiteral("--node-option=--expose-gc") }, "--node-option");
    flags("set without equals", { QStringLiteral("--set"), QStringLiteral("steps") }, "steps");
    flags("set without key", { QStringLiteral("--set"), QStringLiteral("=3") }, "=3");
    flags("scenario and program", { QStringLiteral("--program"), QStringLiteral("x.json") }, "--program");
    flags("scenario twice", { QStringLiteral("--scenario"), QStringLiteral("guess-order") }, "--scenario");
    flags("trace twice",
        { QStringLiteral("--trace"), QStringLiteral("a.json"), QStringLiteral("--trace"), QStringLiteral("b.json") },
        "--trace");
    flags("trace is the csv",
        { QStringLiteral("--trace"), QStringLiteral("out"), QStringLiteral("--csv"), QStringLiteral("./out") },
        "--csv");
    const QString missingFolder = m_dir.filePath(QStringLiteral("no/such/folder/trace.json"));
    QTest::newRow("trace in a missing folder")
        << scenario + QStringList { QStringLiteral("--trace"), missingFolder } << QByteArray() << missingFolder;
    QTest::newRow("trace is a folder") << scenario + QStringList { QStringLiteral("--trace"), m_dir.path() }
                                       << QByteArray() << m_dir.path();
    QTest::newRow("csv in a missing folder")
        << scenario + QStringList { QStringLiteral("--csv"), missingFolder } << QByteArray() << missingFolder;
    // With the window, the same checks come before it opens: a window would not end on its own here.
    const QStringList window { QStringLiteral("--scenario"), QStringLiteral("guess-order") };
    QTest::newRow("window: trace in a missing folder")
        << window + QStringList { QStringLiteral("--trace"), missingFolder } << QByteArray() << missingFolder;
    QTest::newRow("window: csv is a folder")
        << window + QStringList { QStringLiteral("--csv"), m_dir.path() } << QByteArray() << m_dir.path();
    QTest::newRow("window: trace twice") << window
            + QStringList { QStringLiteral("--trace"), QStringLiteral("a.json"), QStringLiteral("--trace"),
                  QStringLiteral("b.json") }
                                         << QByteArray() << QStringLiteral("--trace");
    QTest::newRow("window: trace is the program")
        << QStringList { QStringLiteral("--program"), QStringLiteral("@FILE"), QStringLiteral("--trace"),
               QStringLiteral("@FILE") }
        << program("{ \"op\": \"log\", \"text\": \"a\" }") << QStringLiteral("--trace");
    // --probe's mode, before the program is started (the file is a script that would run).
    const QByteArray script = "setImmediate(() => {});\n";
    QTest::newRow("probe mode unknown") << QStringList { QStringLiteral("--headless"), QStringLiteral("--probe"),
        QStringLiteral("everything"), QStringLiteral("--attach"), QStringLiteral("@FILE") }
                                        << script << QStringLiteral("'everything'");
    QTest::newRow("probe mode in capitals") << QStringList { QStringLiteral("--headless"), QStringLiteral("--probe"),
        QStringLiteral("MARKERS"), QStringLiteral("--attach"), QStringLiteral("@FILE") }
                                            << script << QStringLiteral("'MARKERS'");
    QTest::newRow("probe twice") << QStringList { QStringLiteral("--headless"), QStringLiteral("--probe"),
        QStringLiteral("markers"), QStringLiteral("--probe"), QStringLiteral("callbacks"), QStringLiteral("--attach"),
        QStringLiteral("@FILE") } << script
                                 << QStringLiteral("--probe");
    QTest::newRow("window: probe mode unknown") << QStringList { QStringLiteral("--probe"), QStringLiteral("all"),
        QStringLiteral("--attach"), QStringLiteral("@FILE") }
                                                << script << QStringLiteral("'all'");
    QTest::newRow("program twice") << QStringList { QStringLiteral("--headless"), QStringLiteral("--program"),
        QStringLiteral("a.json"), QStringLiteral("--program"), QStringLiteral("b.json") }
                                   << QByteArray() << QStringLiteral("--program");
    QTest::newRow("trace is the program")
        << run + QStringList { QStringLiteral("--trace"), QStringLiteral("@FILE") }
        << program("{ \"op\": \"log\", \"text\": \"a\" }") << QStringLiteral("--trace");

    const QStringList starvation { QStringLiteral("--headless"), QStringLiteral("--scenario"),
        QStringLiteral("nexttick-starvation") };
    auto set = [&](const char* name, const char* assignment, const char* mention) {
        QTest::newRow(name) << starvation + QStringList { QStringLiteral("--set"), QString::fromUtf8(assignment) }
                            << QByteArray() << QString::fromUtf8(mention);
    };
    set("set unknown parameter", "nope=1", "nope");
    set("set below range", "steps=0", "steps=0");
    set("set above range", "steps=100000001", "steps=100000001");
    set("set beyond int64", "steps=99999999999999999999", "steps=");
    set("set not a number", "steps=abc", "steps=abc");

    QTest::newRow("unknown scenario") << QStringList { QStringLiteral("--headless"), QStringLiteral("--scenario"),
        QStringLiteral("no-such-scenario") }
                                      << QByteArray() << QStringLiteral("no-such-scenario");
    QTest::newRow("scenario outside the catalog") << QStringList { QStringLiteral("--headless"),
        QStringLiteral("--scenario"), QStringLiteral("../scenarios/guess-order") }
                                                  << QByteArray() << QStringLiteral("../scenarios/guess-order");
    QTest::newRow("headless without a program")
        << QStringList { QStringLiteral("--headless") } << QByteArray() << QStringLiteral("--headless");
    QTest::newRow("emit-js without a program")
        << QStringList { QStringLiteral("--emit-js") } << QByteArray() << QStringLiteral("--emit-js");
    QTest::newRow("detach without attach") << QStringList { QStringLiteral("--headless"), QStringLiteral("--scenario"),
        QStringLiteral("guess-order"), QStringLiteral("--detach") }
                                           << QByteArray() << QStringLiteral("--detach goes with --attach");
    // The window's console takes the program's output, which would have nowhere to go once it closed.
    QTest::newRow("follow-children without attach")
        << QStringList { QStringLiteral("--headless"), QStringLiteral("--scenario"), QStringLiteral("guess-order"),
               QStringLiteral("--follow-children") }
        << QByteArray() << QStringLiteral("--follow-children goes with --attach");
    QTest::newRow("block-ms without attach")
        << QStringList { QStringLiteral("--headless"), QStringLiteral("--scenario"), QStringLiteral("guess-order"),
               QStringLiteral("--block-ms"), QStringLiteral("100") }
        << QByteArray() << QStringLiteral("--block-ms goes with --attach");
    QTest::newRow("block-ms out of range")
        << QStringList { QStringLiteral("--headless"), QStringLiteral("--block-ms"), QStringLiteral("-1"),
               QStringLiteral("--attach"), QStringLiteral("app.js") }
        << QByteArray() << QStringLiteral("--block-ms must be a whole number of ms from 0 to 3600000, not '-1'");
    QTest::newRow("calibration-runs without calibrate-node") << QStringList { QStringLiteral("--calibration-runs"),
        QStringLiteral("3") } << QByteArray() << QStringLiteral("--calibration-runs goes with --calibrate-node");
    QTest::newRow("calibration-runs out of range")
        << QStringList { QStringLiteral("--calibrate-node"), QStringLiteral("--calibration-runs"), QStringLiteral("0") }
        << QByteArray() << QStringLiteral("--calibration-runs");
    QTest::newRow("calibrate-node with a program")
        << QStringList { QStringLiteral("--calibrate-node"), QStringLiteral("--scenario"), QStringLiteral("main-race") }
        << QByteArray() << QStringLiteral("--calibrate-node runs Node.js alone");
    QTest::newRow("detach with the window")
        << QStringList { QStringLiteral("--detach"), QStringLiteral("--attach"), QStringLiteral("@FILE") }
        << QByteArray("setInterval(() => {}, 1000);\n") << QStringLiteral("--detach needs --headless");
    QTest::newRow("with-figures without emit-js") << QStringList { QStringLiteral("--headless"),
        QStringLiteral("--scenario"), QStringLiteral("guess-order"), QStringLiteral("--with-figures") }
                                                  << QByteArray() << QStringLiteral("--with-figures");

    // Files that are not there or not files.
    QTest::newRow("missing program file") << QStringList { QStringLiteral("--headless"), QStringLiteral("--program"),
        m_dir.filePath(QStringLiteral("missing.json")) }
                                          << QByteArray() << m_dir.filePath(QStringLiteral("missing.json"));
    QTest::newRow("program is a directory") << QStringList { QStringLiteral("--headless"), QStringLiteral("--program"),
        m_dir.path() } << QByteArray() << m_dir.path();
    QTest::newRow("program is a device") << QStringList { QStringLiteral("--headless"), QStringLiteral("--program"),
        QStringLiteral("/dev/zero") } << QByteArray()
                                         << QStringLiteral("/dev/zero");
    QTest::newRow("set on a program file")
        << QStringList { QStringLiteral("--headless"), QStringLiteral("--program"), QStringLiteral("@FILE"),
               QStringLiteral("--set"), QStringLiteral("n=0") }
        << programWith("\"params\": { \"n\": { \"default\": 2, \"min\": 1, \"max\": 9 } }",
               "[ { \"op\": \"repeat\", \"times\": \"$n\", \"do\": [] } ]")
        << QStringLiteral("@FILE");
    QTest::newRow("emit-js of a bad program")
        << QStringList { QStringLiteral("--emit-js"), QStringLiteral("--program"), QStringLiteral("@FILE") }
        << program("{ \"op\": " + Here + "\"eval\" }") << QStringLiteral("@FILE");

    // Recordings are input too.
    const QStringList openRecording { QStringLiteral("--headless"), QStringLiteral("--summary"),
        QStringLiteral("--open"), QStringLiteral("@FILE") };
    QTest::newRow("recording truncated") << openRecording << QByteArray("{\"traceEvents\":[{\"ph\":\"X\"," + Here)
                                         << file;
    QTest::newRow("recording nested too deep") << openRecording << markLevel(QByteArray(100000, '['), 2) << file;
    QTest::newRow("recording of garbage") << openRecording
                                          << Here
            + QByteArray("\x7f"
                         "ELF\x02\x01",
                6) << file;
    const QString notARecording = file + QStringLiteral(": not a recording");
    QTest::newRow("recording is an empty object") << openRecording << QByteArray("{}") << notARecording;
    QTest::newRow("recording is an empty array") << openRecording << QByteArray("[]") << notARecording;
    QTest::newRow("recording is a program")
        << openRecording << program("{ \"op\": \"log\", \"text\": \"a\" }") << notARecording;
    QTest::newRow("recording is Node's own trace") << openRecording << NodeTrace << notARecording;
    QTest::newRow("recording with a negative ts")
        << openRecording
        << "{\"traceEvents\":[{\"ph\":\"i\",\"cat\":\"log\",\"name\":\"a\",\"tid\":1,\"ts\":" + Here + "-5}]}" << file;
    QTest::newRow("recording with a negative dur")
        << openRecording
        << "{\"traceEvents\":[{\"ph\":\"X\",\"cat\":\"callback\",\"name\":\"a\","
           "\"tid\":1,\"ts\":1,\"dur\":"
            + Here + "-5,\"args\":{\"kind\":\"io\"}}]}"
        << file;
    QTest::newRow("recording in UTF-16") << openRecording
                                         << QByteArray::fromRawData(
                                                reinterpret_cast<const char*>(u"{\"traceEvents\":[]}"), 36)
                                         << file + QStringLiteral(": file is UTF-16LE");
    QTest::newRow("recording is a device") << QStringList { QStringLiteral("--headless"), QStringLiteral("--summary"),
        QStringLiteral("--open"), QStringLiteral("/dev/zero") }
                                           << QByteArray() << QStringLiteral("/dev/zero");
    const QByteArray gzip("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03", 10);
    // A recording may be gzip-compressed (.json.gz), a program not; a gzip header alone is cut short.
    QTest::newRow("recording is gzip") << openRecording << gzip << file + QStringLiteral(": truncated gzip data");
    QTest::newRow("program is gzip") << run << gzip << file + QStringLiteral(": file is gzip-compressed");

    // FILE, the desktop entry's %f: a program or a recording by what it holds, as bad as the flags' files.
    const QStringList positional { QStringLiteral("--headless"), QStringLiteral("@FILE") };
    const QStringList positionalSummary { QStringLiteral("--headless"), QStringLiteral("--summary"),
        QStringLiteral("@FILE") };
    QTest::newRow("FILE: bad program") << positional << program("{ \"op\": " + Here + "\"eval\" }") << file;
    QTest::newRow("FILE: bad recording") << positionalSummary << QByteArray("{\"traceEvents\":[{\"ph\":\"X\"," + Here)
                                         << file;
    QTest::newRow("FILE: gzip") << positionalSummary << gzip << file + QStringLiteral(": truncated gzip data");
    QTest::newRow("FILE: missing") << QStringList { QStringLiteral("--headless"), QStringLiteral("--summary"),
        m_dir.filePath(QStringLiteral("missing.json.gz")) }
                                   << QByteArray() << m_dir.filePath(QStringLiteral("missing.json.gz"));
    QTest::newRow("FILE: missing, without --summary")
        << QStringList { QStringLiteral("--headless"), m_dir.filePath(QStringLiteral("missing.json")) } << QByteArray()
        << m_dir.filePath(QStringLiteral("missing.json")) + QStringLiteral(": no such file");
    QTest::newRow("FILE: recording without --summary")
        << positional << QByteArray("{\"traceEvents\":[]}") << QStringLiteral("--summary");
    QTest::newRow("FILE: two files") << QStringList { QStringLiteral("--headless"), QStringLiteral("--summary"),
        QStringLiteral("@FILE"), QStringLiteral("second.json") }
                                     << QByteArray("{}") << QStringLiteral("second.json");
    QTest::newRow("FILE: and --open") << QStringList { QStringLiteral("--headless"), QStringLiteral("--summary"),
        QStringLiteral("--open"), QStringLiteral("@FILE"), QStringLiteral("other.json") }
                                      << QByteArray("{}") << QStringLiteral("other.json");
    QTest::newRow("window: FILE and --scenario")
        << window + QStringList { QStringLiteral("extra.json") } << QByteArray() << QStringLiteral("extra.json");

    // Reading a program counts against the memory budget: 5 MB of text whose 200,000 ops take more than
    // 16 MB are refused once the text is checked, before one op is read; 17 MB of text before it is read.
    const QByteArray ticks = manyTicks(200000);
    const QStringList budget { QStringLiteral("--memory-budget"), QStringLiteral("16"), QStringLiteral("--program"),
        QStringLiteral("@FILE") };
    const QString over = QStringLiteral(", more than the memory budget of 16 MB (--memory-budget)");
    QTest::newRow("ops over the memory budget") << QStringList { QStringLiteral("--headless") } + budget << ticks
                                                << QStringLiteral("@FILE: reading this program takes about ");
    QTest::newRow("--emit-js: ops over the memory budget")
        << QStringList { QStringLiteral("--emit-js") } + budget << ticks << QStringLiteral(" MB") + over;
    QTest::newRow("text over the memory budget")
        << QStringList { QStringLiteral("--headless") } + budget
        << programWith("\"title\": \"" + QByteArray(17 * 1024 * 1024, 'x') + "\"")
        << QStringLiteral("@FILE: reading this program takes at least 18 MB") + over;
}

void TestCli::badInput()
{
    QFETCH(QStringList, arguments);
    QFETCH(QByteArray, content);
    QFETCH(QString, mention);

    const QString path
        = m_dir.filePath(QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-'))
            + QStringLiteral(".json"));
    QString position;
    if (!content.isNull()) {
        const qsizetype at = content.indexOf(Here);
        if (at >= 0) {
            position = positionOf(content, at);
            content.remove(at, Here.size());
        }
        QVERIFY(writeFile(path, content));
    }
    arguments.replaceInStrings(QStringLiteral("@FILE"), path);
    mention.replace(QStringLiteral("@FILE"), path);

    checkBadInput(
        runLoopscope(arguments), mention, position.isEmpty() ? QString() : path + QLatin1Char(':') + position);
}

void TestCli::checkBadInput(const Run& run, const QString& mention, const QString& position)
{
    const QByteArray what = describe(run);
    QVERIFY2(run.finished, what.constData());
    QVERIFY2(run.status == QProcess::NormalExit, what.constData());
    QVERIFY2(run.exitCode == 2, what.constData());
    QVERIFY2(run.out.isEmpty(), what.constData());
    QVERIFY2(run.err.endsWith('\n') && run.err.count('\n') == 1 && run.err.size() > 1, what.constData());
    const QString message = QString::fromLocal8Bit(run.err);
    QVERIFY2(message.contains(mention), qPrintable(QStringLiteral("'%1' not named in: %2").arg(mention, message)));
    if (!position.isEmpty()) {
        QVERIFY2(message.contains(position + QLatin1Char(':')),
            qPrintable(QStringLiteral("expected %1 in: %2").arg(position, message)));
    }
}

void TestCli::hugeProgram_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<bool>("positioned");

    // Past the 64 MiB limit: refused by size, before it is read.
    QByteArray tooBig = programWith("\"title\": \"t\"");
    tooBig.insert(tooBig.size() - 1, QByteArray(65 * 1024 * 1024, ' '));
    QTest::newRow("65 MiB of valid JSON") << tooBig << false;

    // Just under the limit, the error at its far end: it is still found, with the right line.
    const QByteArray head = "{ \"format\": \"loopscope-program\", \"version\": 1, \"name\": \"big\", \"main\": [";
    QTest::newRow("63 MiB of lines, error at the end")
        << head + QByteArray(63 * 1024 * 1024, '\n') + Here + "} }" << true;
    QTest::newRow("a 60 MiB string, error after it") << head + " { \"op\": \"log\", \"text\": \""
            + QByteArray(60 * 1024 * 1024, 'x') + "\", " + Here
            + "\"size\": 1 } ] }" << true;
}

void TestCli::hugeProgram()
{
    QFETCH(QByteArray, content);
    QFETCH(bool, positioned);

    const QString path = m_dir.filePath(QStringLiteral("huge.json"));
    QString position;
    const qsizetype at = content.indexOf(Here);
    if (at >= 0) {
        position = path + QLatin1Char(':') + positionOf(content, at);
        content.remove(at, Here.size());
    }
    QCOMPARE(positioned, !position.isEmpty());
    QVERIFY(writeFile(path, content));
    content.clear();
    checkBadInput(runLoopscope({ QStringLiteral("--headless"), QStringLiteral("--program"), path }), path, position);
    QFile::remove(path);
}

void TestCli::deepButLegalProgramRuns()
{
    // 95 nested callbacks are 190 levels of JSON, under the limit of 200: they run, in order, to the end.
    const QString path = m_dir.filePath(QStringLiteral("deep-legal.json"));
    QVERIFY(writeFile(path, nestedTicks(95)));
    const Run run = runLoopscope({ QStringLiteral("--headless"), QStringLiteral("--program"), path });
    QVERIFY2(run.finished && run.status == QProcess::NormalExit && run.exitCode == 0, describe(run).constData());
    QCOMPARE(run.out, QByteArray("deepest\n"));

    const Run emitted = runLoopscope({ QStringLiteral("--emit-js"), QStringLiteral("--program"), path });
    QVERIFY2(emitted.exitCode == 0 && emitted.status == QProcess::NormalExit, describe(emitted).constData());
    QCOMPARE(emitted.out.count("process.nextTick("), 95);
}

// --headless --open FILE --trace OUT writes the recording again, event for event: the same bytes for a
// trace LoopScope wrote. Without --summary, --trace or --csv there is nothing to do, and it says so.
void TestCli::reopenedRecordingIsWrittenAgain()
{
    const QString first = m_dir.filePath(QStringLiteral("first.json"));
    const QString again = m_dir.filePath(QStringLiteral("again.json"));
    const Run run = runLoopscope({ QStringLiteral("--headless"), QStringLiteral("--scenario"),
        QStringLiteral("guess-order"), QStringLiteral("--trace"), first });
    QVERIFY2(run.finished && run.exitCode == 0, describe(run).constData());
    const Run reopened = runLoopscope(
        { QStringLiteral("--headless"), QStringLiteral("--open"), first, QStringLiteral("--trace"), again });
    QVERIFY2(reopened.finished && reopened.exitCode == 0, describe(reopened).constData());
    QFile a(first);
    QFile b(again);
    QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
    QCOMPARE(b.readAll(), a.readAll());
    const Run nothing = runLoopscope({ QStringLiteral("--headless"), QStringLiteral("--open"), first });
    QCOMPARE(nothing.exitCode, 2);
    QVERIFY2(nothing.err.contains("needs --summary, --trace, --csv or a picture"), describe(nothing).constData());
}

// --png, --svg and --pdf without a window: the window's views drawn offscreen once the run has ended,
// or at --at milliseconds of a recording; stdout is the program's console all the same.
void TestCli::picturesOfAHeadlessRun()
{
    const QString svg = m_dir.filePath(QStringLiteral("circle.svg"));
    const QString png = m_dir.filePath(QStringLiteral("circle.png"));
    const QString pdf = m_dir.filePath(QStringLiteral("report.pdf"));
    const QString trace = m_dir.filePath(QStringLiteral("for-pictures.json"));
    const Run run = runLoopscope(
        { QStringLiteral("--headless"), QStringLiteral("--scenario"), QStringLiteral("guess-order"),
            QStringLiteral("--view"), QStringLiteral("circle"), QStringLiteral("--svg"), svg, QStringLiteral("--png"),
            png, QStringLiteral("--pdf"), pdf, QStringLiteral("--trace"), trace },
        30000);
    QVERIFY2(run.finished && run.exitCode == 0, describe(run).constData());
    QCOMPARE(run.out, QByteArray("readFile callback\nprocess.nextTick\npromise.then\nsetImmediate\nsetTimeout 0\n"));
    // Vector shapes and text, no embedded bitmap.
    QFile drawing(svg);
    QVERIFY(drawing.open(QIODevice::ReadOnly));
    const QByteArray xml = drawing.readAll();
    QVERIFY2(xml.count("<path") > 20, xml.left(300).constData());
    QVERIFY(!xml.contains("<image"));

    // A PNG whose header (IHDR) gives the circle's size.
    QFile picture(png);
    QVERIFY(picture.open(QIODevice::ReadOnly));
    const QByteArray header = picture.read(24);
    QVERIFY(header.startsWith("\x89PNG\r\n\x1a\n") && header.mid(12, 4) == "IHDR");
    const auto bigEndian = [&](int at) {
        return quint32(quint8(header[at])) << 24 | quint32(quint8(header[at + 1])) << 16
            | quint32(quint8(header[at + 2])) << 8 | quint32(quint8(header[at + 3]));
    };
    QVERIFY(bigEndian(16) > 200 && bigEndian(20) > 200);
    QFile report(pdf);
    QVERIFY(report.open(QIODevice::ReadOnly));
    QVERIFY(report.read(5) == "%PDF-");

    // The whole circle in a picture written alone: drawn about the middle of its box, as the window draws it
    // (the drawing ran past the box when no PNG was written before it to lay the window out).
    const QString alone = m_dir.filePath(QStringLiteral("alone.svg"));
    const Run circleAlone = runLoopscope({ QStringLiteral("--headless"), QStringLiteral("--scenario"),
        QStringLiteral("guess-order"), QStringLiteral("--at"), QStringLiteral("5"), QStringLiteral("--view"),
        QStringLiteral("circle"), QStringLiteral("--svg"), alone });
    QVERIFY2(circleAlone.finished && circleAlone.exitCode == 0, describe(circleAlone).constData());
    QFile aloneFile(alone);
    QVERIFY(aloneFile.open(QIODevice::ReadOnly));
    const QString aloneXml = QString::fromUtf8(aloneFile.readAll());
    const QRegularExpressionMatch box
        = QRegularExpression(QStringLiteral("viewBox=\"0 0 (\\d+) (\\d+)\"")).match(aloneXml);
    const QRegularExpressionMatch centre
        = QRegularExpression(QStringLiteral("transform=\"matrix\\([^,]+,0,0,[^,]+,([\\d.]+),([\\d.]+)\\)\""))
              .match(aloneXml);
    QVERIFY2(box.hasMatch() && centre.hasMatch(), qPrintable(aloneXml.left(600)));
    QVERIFY2(std::abs(centre.captured(1).toDouble() - box.captured(1).toDouble() / 2) <= 1
            && std::abs(centre.captured(2).toDouble() - box.captured(2).toDouble() / 2) <= 1,
        qPrintable(aloneXml.left(600)));

    // A recording at a moment of it: the picture of the chart at 2 ms.
    const QString chart = m_dir.filePath(QStringLiteral("chart.svg"));
    const Run replay
        = runLoopscope({ QStringLiteral("--headless"), QStringLiteral("--open"), trace, QStringLiteral("--at"),
            QStringLiteral("2"), QStringLiteral("--view"), QStringLiteral("chart"), QStringLiteral("--svg"), chart });
    QVERIFY2(replay.finished && replay.exitCode == 0, describe(replay).constData());
    QVERIFY(QFileInfo(chart).size() > 1000);

    // Bad requests are refused before anything runs.
    const Run badView
        = runLoopscope({ QStringLiteral("--headless"), QStringLiteral("--scenario"), QStringLiteral("guess-order"),
            QStringLiteral("--view"), QStringLiteral("wheel"), QStringLiteral("--png"), png });
    QCOMPARE(badView.exitCode, 2);
    QVERIFY2(badView.err.contains("--view must be one of"), describe(badView).constData());
    // Refused before the run, as a bad command line.
    const Run badPicture = runLoopscope({ QStringLiteral("--headless"), QStringLiteral("--scenario"),
        QStringLiteral("guess-order"), QStringLiteral("--png"), m_dir.filePath(QStringLiteral("circle.bmp")) });
    QCOMPARE(badPicture.exitCode, 2);
    QVERIFY2(badPicture.err.contains("--png writes a file whose name ends in .png"), describe(badPicture).constData());
    QVERIFY2(badPicture.out.isEmpty(), describe(badPicture).constData());
}

// --animation: the recording replayed from --from to --to at --speed, --fps frames a second, each frame the
// view as its --png is drawn (the whole circle, no smaller); bad requests refused before the run.
void TestCli::animationOfAHeadlessRun()
{
    const QString gif = m_dir.filePath(QStringLiteral("pool.gif"));
    const QString png = m_dir.filePath(QStringLiteral("pool-at-200.png"));
    const Run run
        = runLoopscope({ QStringLiteral("--headless"), QStringLiteral("--scenario"), QStringLiteral("pool-saturation"),
                           QStringLiteral("--view"), QStringLiteral("circle"), QStringLiteral("--animation"), gif,
                           QStringLiteral("--from"), QStringLiteral("0"), QStringLiteral("--to"), QStringLiteral("200"),
                           QStringLiteral("--speed"), QStringLiteral("0.1"), QStringLiteral("--at"),
                           QStringLiteral("200"), QStringLiteral("--png"), png },
            60000);
    QVERIFY2(run.finished && run.exitCode == 0, describe(run).constData());
    const QImage still(png);
    QVERIFY(!still.isNull());
    QImageReader reader(gif, "gif");
    QCOMPARE(reader.imageCount(), 21);
    QImage first;
    QImage last;
    for (int i = 0; i < 21; ++i) {
        const QImage frame = reader.read();
        QVERIFY2(!frame.isNull(), qPrintable(reader.errorString()));
        QCOMPARE(frame.size(), still.size());
        QCOMPARE(reader.nextImageDelay(), 100);
        (i == 0 ? first : last) = frame.convertToFormat(QImage::Format_RGB32);
    }
    QVERIFY(first != last);

    // Refused before anything runs: a name without its ending, options of an animation without one.
    const QString webm = m_dir.filePath(QStringLiteral("pool.webm"));
    const Run badName = runLoopscope({ QStringLiteral("--headless"), QStringLiteral("--scenario"),
        QStringLiteral("guess-order"), QStringLiteral("--animation"), webm });
    QCOMPARE(badName.exitCode, 2);
    QVERIFY2(badName.err.contains("--animation writes a file whose name ends in .gif or .webp"),
        describe(badName).constData());
    QVERIFY2(badName.out.isEmpty(), describe(badName).constData());
    QVERIFY(!QFileInfo::exists(webm));
    const Run alone = runLoopscope({ QStringLiteral("--headless"), QStringLiteral("--scenario"),
        QStringLiteral("guess-order"), QStringLiteral("--speed"), QStringLiteral("0.1") });
    QCOMPARE(alone.exitCode, 2);
    QVERIFY2(alone.err.contains("--speed needs --animation"), describe(alone).constData());
    const Run backwards = runLoopscope({ QStringLiteral("--headless"), QStringLiteral("--scenario"),
        QStringLiteral("guess-order"), QStringLiteral("--animation"), gif, QStringLiteral("--from"),
        QStringLiteral("20"), QStringLiteral("--to"), QStringLiteral("10") });
    QCOMPARE(backwards.exitCode, 2);
    QVERIFY2(backwards.err.contains("--to must come after --from"), describe(backwards).constData());
    const Run tooFast
        = runLoopscope({ QStringLiteral("--headless"), QStringLiteral("--scenario"), QStringLiteral("guess-order"),
            QStringLiteral("--animation"), gif, QStringLiteral("--fps"), QStringLiteral("60") });
    QCOMPARE(tooFast.exitCode, 2);
    QVERIFY2(tooFast.err.contains("--fps must be a whole number from 1 to 50"), describe(tooFast).constData());
    const Run atAlone
        = runLoopscope({ QStringLiteral("--headless"), QStringLiteral("--scenario"), QStringLiteral("guess-order"),
            QStringLiteral("--animation"), gif, QStringLiteral("--at"), QStringLiteral("5") });
    QCOMPARE(atAlone.exitCode, 2);
    QVERIFY2(atAlone.err.contains("--at needs --png, --svg or --pdf"), describe(atAlone).constData());
}

// --repeat N: the first run's output on stdout, and on stderr how often each output came.
void TestCli::repeatCountsOutputs()
{
    const Run run = runLoopscope({ QStringLiteral("--scenario"), QStringLiteral("guess-order"),
                                     QStringLiteral("--repeat"), QStringLiteral("3") },
        30000);
    QVERIFY2(run.finished && run.exitCode == 0, describe(run).constData());
    QCOMPARE(run.out, QByteArray("readFile callback\nprocess.nextTick\npromise.then\nsetImmediate\nsetTimeout 0\n"));
    QVERIFY2(run.err.contains("guess-order run 3 times; outputs seen: 1"), describe(run).constData());
    QVERIFY2(run.err.contains("3 runs (100%): readFile callback | process.nextTick | promise.then | setImmediate | "
                              "setTimeout 0"),
        describe(run).constData());
    const Run withTrace
        = runLoopscope({ QStringLiteral("--scenario"), QStringLiteral("guess-order"), QStringLiteral("--repeat"),
            QStringLiteral("3"), QStringLiteral("--trace"), m_dir.filePath(QStringLiteral("r.json")) });
    QCOMPARE(withTrace.exitCode, 2);
    const Run zero = runLoopscope({ QStringLiteral("--scenario"), QStringLiteral("guess-order"),
        QStringLiteral("--repeat"), QStringLiteral("0") });
    QCOMPARE(zero.exitCode, 2);
    QVERIFY2(zero.err.contains("--repeat must be a whole number from 1 to 10000"), describe(zero).constData());
}

void TestCli::fifoIsRefusedWithoutWaiting()
{
    // Opening a FIFO for reading blocks until a writer comes; neither reader may wait for one.
    const QString fifo = m_dir.filePath(QStringLiteral("pipe.json"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    checkBadInput(runLoopscope({ QStringLiteral("--headless"), QStringLiteral("--program"), fifo }), fifo, QString());
    checkBadInput(
        runLoopscope({ QStringLiteral("--headless"), QStringLiteral("--summary"), QStringLiteral("--open"), fifo }),
        fifo, QString());
    QFile::remove(fifo);
}

// An output that cannot be written is refused before the run, at once and with exit 2, in headless and in the
// window: a FIFO (opening it would wait for a reader for ever), a device, a directory, a name without its
// format's ending, a missing folder.
void TestCli::outputsAreCheckedBeforeTheRun_data()
{
    QTest::addColumn<QStringList>("mode");
    QTest::addColumn<QString>("flag");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("says");
    const QString fifo = m_dir.filePath(QStringLiteral("waiting.json"));
    ::unlink(QFile::encodeName(fifo).constData());
    QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
    const QString fifoPicture = m_dir.filePath(QStringLiteral("waiting.png"));
    ::unlink(QFile::encodeName(fifoPicture).constData());
    QVERIFY(::mkfifo(QFile::encodeName(fifoPicture).constData(), 0600) == 0);
    const QString folder = m_dir.filePath(QStringLiteral("folder.svg"));
    QDir().mkpath(folder);
    const QString device = m_dir.filePath(QStringLiteral("device.csv"));
    QFile::remove(device);
    QVERIFY(QFile::link(QStringLiteral("/dev/full"), device));
    const QStringList headless { QStringLiteral("--headless"), QStringLiteral("--scenario"),
        QStringLiteral("guess-order") };
    const QStringList window { QStringLiteral("--scenario"), QStringLiteral("guess-order") };
    for (const auto& [name, mode] : { std::pair { "headless", headless }, std::pair { "window", window } }) {
        const QByteArray row(name);
        QTest::newRow(row + ": a FIFO for the trace")
            << mode << QStringLiteral("--trace") << fifo << QByteArray("is a FIFO");
        QTest::newRow(row + ": a FIFO for a picture")
            << mode << QStringLiteral("--png") << fifoPicture << QByteArray("is a FIFO");
        QTest::newRow(row + ": a device") << mode << QStringLiteral("--csv") << device << QByteArray("is a device");
        QTest::newRow(row + ": a directory")
            << mode << QStringLiteral("--svg") << folder << QByteArray("is a directory");
        QTest::newRow(row + ": a PDF named .json")
            << mode << QStringLiteral("--pdf") << m_dir.filePath(QStringLiteral("report.json"))
            << QByteArray("--pdf writes a file whose name ends in .pdf");
        QTest::newRow(row + ": a trace named .txt")
            << mode << QStringLiteral("--trace") << m_dir.filePath(QStringLiteral("trace.txt"))
            << QByteArray("--trace writes a file whose name ends in .json or .json.gz");
    }
    const QString app = m_dir.filePath(QStringLiteral("app.js"));
    QVERIFY(writeFile(app, "console.log('never run');\n"));
    QTest::newRow("attach: a FIFO for the trace")
        << QStringList { QStringLiteral("--headless"), QStringLiteral("--attach"), app } << QStringLiteral("--trace")
        << fifo << QByteArray("is a FIFO");
}

void TestCli::outputsAreCheckedBeforeTheRun()
{
    QFETCH(QStringList, mode);
    QFETCH(QString, flag);
    QFETCH(QString, path);
    QFETCH(QByteArray, says);
    // --attach takes the rest of the line: the output goes before it.
    QStringList arguments { flag, path };
    arguments += mode;
    const Run run = runLoopscope(arguments, InputBudgetMs, windowEnvironment());
    const QByteArray what = describe(run);
    QVERIFY2(run.finished && run.status == QProcess::NormalExit && run.exitCode == 2, what.constData());
    QVERIFY2(run.err.contains("loopscope: " + path.toUtf8()), what.constData());
    QVERIFY2(run.err.contains(says), what.constData());
    QVERIFY2(run.out.isEmpty(), what.constData());
}

// Every output written over a good file on a full disk: exit 1, one line naming the file and the real
// error, the old file as it was and no partial file beside it (the PDF was left as a 12 KB file pdfinfo
// rejects, the PNG truncated in place, new PNG and SVG files as 0-byte partials).
void TestCli::aFullDiskKeepsTheOldFile_data()
{
    QTest::addColumn<QString>("flag");
    QTest::addColumn<QString>("name");
    QTest::newRow("trace") << QStringLiteral("--trace") << QStringLiteral("kept.json");
    QTest::newRow("compressed trace") << QStringLiteral("--trace") << QStringLiteral("kept.json.gz");
    QTest::newRow("png") << QStringLiteral("--png") << QStringLiteral("kept.png");
    QTest::newRow("svg") << QStringLiteral("--svg") << QStringLiteral("kept.svg");
    QTest::newRow("pdf") << QStringLiteral("--pdf") << QStringLiteral("kept.pdf");
    QTest::newRow("gif") << QStringLiteral("--animation") << QStringLiteral("kept.gif");
    QTest::newRow("webp") << QStringLiteral("--animation") << QStringLiteral("kept.webp");
}

void TestCli::aFullDiskKeepsTheOldFile()
{
    QFETCH(QString, flag);
    QFETCH(QString, name);
    QTemporaryDir dir(m_dir.filePath(QStringLiteral("full-XXXXXX")));
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(name);
    const QByteArray old = "the good file written before";
    QVERIFY(writeFile(path, old));
    // Room for 1 KB per file: every output of this program is larger (its compressed trace too), and the
    // program is smaller, so its fs.readFile reads it as Node reads __filename. (A built-in scenario's text
    // lives in a file in memory, which the limit holds too: past it the run would read the executable.)
    const QString program = dir.filePath(QStringLiteral("busy.json"));
    QVERIFY(writeFile(program, R"({ "format": "loopscope-program", "version": 1, "name": "busy", "main": [
        { "op": "readFile", "do": [ { "op": "log", "text": "read" } ] },
        { "op": "repeat", "times": 40, "do": [
            { "op": "setTimeout", "ms": 0, "do": [ { "op": "log", "text": "timeout" } ] },
            { "op": "setImmediate", "do": [ { "op": "log", "text": "immediate" } ] } ] } ] })"));
    QVERIFY(QFileInfo(program).size() < 1024);
    const Run run = runLoopscope({ QStringLiteral("--headless"), QStringLiteral("--program"), program, flag, path },
        30000, QProcessEnvironment::systemEnvironment(), 1024);
    const QByteArray what = describe(run);
    QVERIFY2(run.finished && run.status == QProcess::NormalExit && run.exitCode == 1, what.constData());
    QVERIFY2(run.err.contains("loopscope: " + path.toUtf8() + ": write failed: File too large\n"), what.constData());
    QCOMPARE(readFile(path), old);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden, QDir::Name),
        QStringList({ QStringLiteral("busy.json"), name }));
}

void TestCli::partlyUnderstoodRecordingSaysSo()
{
    const QString path = m_dir.filePath(QStringLiteral("mixed-recording.json"));
    QByteArray text = NodeTrace;
    text.insert(text.indexOf('[') + 1, R"({"ph":"i","cat":"log","name":"hello","tid":1,"ts":7},)");
    QVERIFY(writeFile(path, text));
    const Run run
        = runLoopscope({ QStringLiteral("--headless"), QStringLiteral("--summary"), QStringLiteral("--open"), path });
    const QByteArray what = describe(run);
    QVERIFY2(run.finished && run.status == QProcess::NormalExit && run.exitCode == 0, what.constData());
    QVERIFY2(run.err.contains(path.toLocal8Bit() + ": understood 2 of 3 events"), what.constData());
    QVERIFY2(run.err.contains("Console: 1 lines"), what.constData());
}

void TestCli::compareNodeWritesOnlyInItsTemporaryDirectory()
{
    // The script goes into a fresh directory under TMPDIR, so a name climbing out of it would land in TMPDIR.
    const QString temporary = m_dir.filePath(QStringLiteral("compare-tmp"));
    QVERIFY(QDir().mkpath(temporary));
    const QString path = m_dir.filePath(QStringLiteral("climbing.json"));
    QVERIFY(writeFile(
        path, R"({"format":"loopscope-program","version":1,"name":"../escaped","main":[{"op":"log","text":"a"}]})"));
    // A node that prints the script it is given, so that its output differs.
    const QString printer = m_dir.filePath(QStringLiteral("printing-node"));
    QVERIFY(writeFile(printer, "#!/bin/sh\nif [ \"$1\" = --version ]; then echo v20.0.0; else cat \"$1\"; fi\n"));
    QVERIFY(QFile::setPermissions(printer, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("TMPDIR"), temporary);
    const Run run = runLoopscope({ QStringLiteral("--headless"), QStringLiteral("--program"), path,
                                     QStringLiteral("--compare-node"), QStringLiteral("--node"), printer },
        InputBudgetMs, environment);
    const QByteArray what = describe(run);
    QVERIFY2(run.finished && run.status == QProcess::NormalExit, what.constData());
    QVERIFY2(run.err.contains("line 1 differs"), what.constData());
    QVERIFY2(QDir(temporary).isEmpty(),
        qPrintable(QDir(temporary).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).join(", ")));
}

// A node that fails is said to fail (exit 2), never taken for a program whose output differs (exit 4).
void TestCli::aFailingNodeIsNotADifference()
{
    for (const QString& node : { QStringLiteral("/bin/false"), QStringLiteral("cat") }) {
        const Run run = runLoopscope({ QStringLiteral("--headless"), QStringLiteral("--scenario"),
            QStringLiteral("guess-order"), QStringLiteral("--compare-node"), QStringLiteral("--node"), node });
        const QByteArray what = describe(run);
        QVERIFY2(run.finished && run.status == QProcess::NormalExit && run.exitCode == 2, what.constData());
        QVERIFY2(run.err.contains("'" + node.toUtf8() + "' is not Node.js"), what.constData());
        QVERIFY2(!run.err.contains("differs"), what.constData());
    }
}

// A version 2 program whose rejection nobody handles ends as Node 20 ends: the message Node prints on
// stderr, status 1; --compare-node finds Node agreeing on the output, the status and that message.
void TestCli::anUnhandledRejectionEndsAsNodeEnds()
{
    const QString programPath = m_dir.filePath(QStringLiteral("rejection.json"));
    QVERIFY(writeFile(programPath,
        R"({"format": "loopscope-program", "version": 2, "name": "rejection", "main": [
            {"op": "log", "text": "main"}, {"op": "promise", "reject": "boom"},
            {"op": "setTimeout", "ms": 0, "do": [{"op": "log", "text": "never"}]}]})"));
    const Run run = runLoopscope({ QStringLiteral("--headless"), QStringLiteral("--program"), programPath });
    QVERIFY2(run.finished && run.status == QProcess::NormalExit && run.exitCode == 1, describe(run).constData());
    QCOMPARE(run.out, QByteArray("main\n"));
    QCOMPARE(run.err,
        QByteArray("node:internal/process/promises:391\n"
                   "    triggerUncaughtException(err, true /* fromPromise */);\n"
                   "    ^\n\n"
                   "[Error: boom]\n\n"
                   "Node.js v20.20.2\n"));
    if (QStandardPaths::findExecutable(QStringLiteral("node")).isEmpty())
        QSKIP("node is not installed");
    const Run compared = runLoopscope(
        { QStringLiteral("--headless"), QStringLiteral("--program"), programPath, QStringLiteral("--compare-node") });
    QVERIFY2(compared.finished && compared.exitCode == 1, describe(compared).constData());
    QVERIFY2(compared.err.contains("loopscope: node agrees: 1 lines"), describe(compared).constData());
}

void TestCli::positionalFile()
{
    // The desktop entry's %f: a program runs, whatever the order of its keys...
    const QString programPath = m_dir.filePath(QStringLiteral("positional.json"));
    QVERIFY(writeFile(programPath,
        R"({"name":"positional","main":[{"op":"log","text":"hello"}],"version":1,"format":"loopscope-program"})"));
    const QString trace = m_dir.filePath(QStringLiteral("positional-trace.json"));
    QFile::remove(trace);
    const Run ran = runLoopscope({ QStringLiteral("--headless"), programPath, QStringLiteral("--trace"), trace });
    QVERIFY2(ran.finished && ran.status == QProcess::NormalExit && ran.exitCode == 0, describe(ran).constData());
    QCOMPARE(ran.out, QByteArray("hello\n"));

    // ...and a recording is summarised, as with --open; a name ending in .json.gz is read as what it holds.
    const QString named = m_dir.filePath(QStringLiteral("positional-trace.json.gz"));
    QFile::remove(named);
    QVERIFY(QFile::copy(trace, named));
    for (const QString& recording : { trace, named }) {
        const Run summary = runLoopscope({ QStringLiteral("--headless"), QStringLiteral("--summary"), recording });
        const QByteArray what = describe(summary);
        QVERIFY2(summary.finished && summary.status == QProcess::NormalExit && summary.exitCode == 0, what.constData());
        QVERIFY2(summary.out.isEmpty(), what.constData());
        QVERIFY2(summary.err.contains("Program: positional\n"), what.constData());
        QVERIFY2(summary.err.contains("Console: 1 lines\n"), what.constData());
    }

    // --emit-js takes a FILE that is a program too.
    const Run script = runLoopscope({ QStringLiteral("--emit-js"), programPath });
    QVERIFY2(script.exitCode == 0 && script.out.contains("console.log(\"hello\")"), describe(script).constData());
}

void TestCli::noTemporaryFilesLeft()
{
    // Built-in scenarios read their own file with fs.readFile; no copy of one may stay behind, whatever
    // the way out: a normal end, the fast exit past uninterruptible work, a window ended by a signal.
    const QString temporary = m_dir.filePath(QStringLiteral("scenario-tmp"));
    QVERIFY(QDir().mkpath(temporary));
    QProcessEnvironment environment = windowEnvironment();
    environment.insert(QStringLiteral("TMPDIR"), temporary);
    const auto leftover = [&temporary] {
        return QDir(temporary)
            .entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden)
            .join(QLatin1String(", "));
    };

    Run run = runLoopscope({ QStringLiteral("--list-scenarios") }, InputBudgetMs, environment);
    QVERIFY2(run.finished && run.exitCode == 0, describe(run).constData());
    QVERIFY2(leftover().isEmpty(), qPrintable(leftover()));

    run = runLoopscope({ QStringLiteral("--headless"), QStringLiteral("--scenario"), QStringLiteral("guess-order") },
        InputBudgetMs, environment);
    QVERIFY2(run.finished && run.exitCode == 0, describe(run).constData());
    QVERIFY2(run.out.startsWith("readFile callback\n"), describe(run).constData());
    QVERIFY2(leftover().isEmpty(), qPrintable(leftover()));

    // A run LoopScope leaves without waiting for (a regex test no abort interrupts) leaves nothing either.
    const QString regex = m_dir.filePath(QStringLiteral("leftover-regex.json"));
    QVERIFY(writeFile(regex, ProgramHead + R"([{"op":"regex","length":30,"pattern":"vulnerable"}])" + "}"));
    run = runLoopscope({ QStringLiteral("--headless"), QStringLiteral("--program"), regex,
                           QStringLiteral("--timeout-ms"), QStringLiteral("300") },
        StopBudgetMs, environment);
    QVERIFY2(run.finished && run.exitCode == 3, describe(run).constData());
    QVERIFY2(leftover().isEmpty(), qPrintable(leftover()));
    QVERIFY2(run.err.contains("exiting without waiting for"), describe(run).constData());

    QProcess process;
    QElapsedTimer clock;
    clock.start();
    startWindow(process, { QStringLiteral("--scenario"), QStringLiteral("guess-order") }, environment);
    if (QTest::currentTestFailed())
        return;
    // Nothing while it runs either, or a crash or SIGKILL would leave it.
    QVERIFY2(leftover().isEmpty(), qPrintable(leftover()));
    QCOMPARE(::kill(pid_t(process.processId()), SIGTERM), 0);
    run = finish(process, clock, StopBudgetMs);
    QVERIFY2(run.finished && run.exitCode == 0, describe(run).constData());
    QVERIFY2(leftover().isEmpty(), qPrintable(leftover()));
}

void TestCli::summaryShowsNoTerminalControls()
{
    // Console output is the program's, byte for byte; the summary on stderr is for a terminal.
    const QString path = m_dir.filePath(QStringLiteral("escapes.json"));
    QVERIFY(writeFile(path, R"({"format":"loopscope-program","version":1,"name":"esc\u001b[2J","main":[
        {"op":"setTimeout","ms":1,"label":"timer\u001b[31m","do":[{"op":"log","text":"\u001b]0;pwned\u0007\u009b2J"}]}]})"));
    const Run run = runLoopscope(
        { QStringLiteral("--headless"), QStringLiteral("--summary"), QStringLiteral("--program"), path });
    const QByteArray what = describe(run);
    QVERIFY2(run.finished && run.exitCode == 0, what.constData());
    QCOMPARE(run.out,
        QByteArray("\x1b]0;pwned\x07\xc2\x9b"
                   "2J\n"));
    QVERIFY2(run.err.contains("Program: esc?[2J\n"), what.constData());
    QVERIFY2(run.err.contains(": ?]0;pwned??2J\n"), what.constData());
    QVERIFY2(!run.err.contains('\x1b') && !run.err.contains('\x07') && !run.err.contains("\xc2\x9b"), what.constData());
}

void TestCli::runaway_data()
{
    QTest::addColumn<QByteArray>("main");
    // What the abort message must name when the run cannot be waited for; empty when it ends at once.
    QTest::addColumn<QString>("stillRunning");

    QTest::newRow("endless nextTick chain")
        << QByteArray(R"([{"op":"chain","via":"nextTick","times":2000000000}])") << QString();
    QTest::newRow("endless microtask chain")
        << QByteArray(R"([{"op":"chain","via":"queueMicrotask","times":2000000000}])") << QString();
    QTest::newRow("endless promise chain")
        << QByteArray(R"([{"op":"chain","via":"promise","times":2000000000}])") << QString();
    QTest::newRow("a day-long block") << QByteArray(R"([{"op":"block","ms":86400000}])") << QString();
    QTest::newRow("interval storm") << QByteArray(
        R"([{"op":"setInterval","ms":1,"times":1000000,"do":[{"op":"log","text":"tick"}]}])")
                                    << QString();
    QTest::newRow("repeat 2^31-1 times") << QByteArray(
        R"([{"op":"repeat","times":2147483647,"do":[{"op":"block","iterations":1}]}])")
                                         << QString();
    QTest::newRow("ticks queued by a long repeat")
        << QByteArray(R"([{"op":"repeat","times":2147483647,"do":[{"op":"nextTick","do":[]}]}])") << QString();
    QTest::newRow("await in an endless loop")
        << QByteArray(R"([{"op":"async","do":[{"op":"repeat","times":2147483647,"do":[{"op":"await"}]}]}])")
        << QString();
    QTest::newRow("nextTick chain in a worker")
        << QByteArray(R"([{"op":"worker","do":[{"op":"chain","via":"nextTick","times":2000000000}]}])") << QString();
    QTest::newRow("day-long block in a worker")
        << QByteArray(R"([{"op":"worker","do":[{"op":"block","ms":86400000}]}])") << QString();
    // A run that ends stops its pbkdf2 at the hash's next check point: the pool is free for what comes next.
    QTest::newRow("endless pbkdf2 on the pool")
        << QByteArray(R"([{"op":"pbkdf2","iterations":2147483647,"do":[]}])") << QString();
    // A regex has no check point: the loop thread that runs it cannot take the abort (13 s here).
    QTest::newRow("regex on the main loop")
        << QByteArray(R"([{"op":"regex","length":30,"pattern":"vulnerable"}])")
        << QStringLiteral("the main loop's callback 'main' (main), in a regex test, which no abort interrupts");
    QTest::newRow("regex in a worker") << QByteArray(
        R"([{"op":"worker","do":[{"op":"regex","length":30,"pattern":"vulnerable"}]}])")
                                       << QStringLiteral("1 worker loop, 1 in a regex test, which no abort interrupts");
}

void TestCli::runaway()
{
    QFETCH(QByteArray, main);
    QFETCH(QString, stillRunning);

    const QString path = m_dir.filePath(QStringLiteral("runaway.json"));
    const QString trace = m_dir.filePath(QStringLiteral("runaway-trace.json"));
    QFile::remove(trace);
    QVERIFY(writeFile(path, ProgramHead + main + "}"));
    const int timeoutMs = 300;
    // The timeout is what this test is about: a budget the rows cannot reach in 300 ms.
    const Run run
        = runLoopscope({ QStringLiteral("--headless"), QStringLiteral("--program"), path,
                           QStringLiteral("--timeout-ms"), QString::number(timeoutMs), QStringLiteral("--trace"), trace,
                           QStringLiteral("--memory-budget"), QStringLiteral("16384") },
            timeoutMs + StopBudgetMs);
    const QByteArray what = describe(run);
    QVERIFY2(run.finished, what.constData());
    QVERIFY2(run.status == QProcess::NormalExit, what.constData());
    QVERIFY2(run.exitCode == 3, what.constData());
    QVERIFY2(run.elapsedMs >= timeoutMs, what.constData());
    QVERIFY2(run.elapsedMs < timeoutMs + StopBudgetMs, what.constData());
    checkAbortedTrace(trace);
    if (stillRunning.isEmpty())
        QVERIFY2(!run.err.contains("exiting without waiting"), what.constData());
    if (!stillRunning.isEmpty()) {
        QVERIFY2(run.err.contains("loopscope: exiting without waiting for " + stillRunning.toUtf8()), what.constData());
        // Only what really runs is named.
        if (!stillRunning.contains(QStringLiteral("thread-pool")))
            QVERIFY2(!run.err.contains("thread-pool"), what.constData());
    }
}

void TestCli::memoryBudgetEndsARunawayCleanly_data()
{
    QTest::addColumn<QByteArray>("main");
    QTest::addColumn<QByteArray>("budgetMb");
    QTest::addColumn<QByteArray>("message");
    // The queues grow: two billion ticks queued by one callback.
    QTest::newRow("ticks queued by a long repeat")
        << QByteArray(R"([{"op":"repeat","times":2147483647,"do":[{"op":"nextTick","do":[]}]}])") << QByteArray("64")
        << QByteArray("memory budget exceeded: the queues need more than 64 MB");
}

void TestCli::memoryBudgetEndsARunawayCleanly()
{
    QFETCH(QByteArray, main);
    QFETCH(QByteArray, budgetMb);
    QFETCH(QByteArray, message);
    const QString path = m_dir.filePath(QStringLiteral("hungry.json"));
    const QString trace = m_dir.filePath(QStringLiteral("hungry-trace.json"));
    QFile::remove(trace);
    QVERIFY(writeFile(path, ProgramHead + main + "}"));
    const Run run = runLoopscope(
        { QStringLiteral("--headless"), QStringLiteral("--program"), path, QStringLiteral("--memory-budget"),
            QString::fromLatin1(budgetMb), QStringLiteral("--trace"), trace, QStringLiteral("--max-trace-mb"),
            QStringLiteral("16"), QStringLiteral("--timeout-ms"), QStringLiteral("60000") },
        StopBudgetMs * 3);
    const QByteArray what = describe(run);
    QVERIFY2(run.finished && run.status == QProcess::NormalExit && run.exitCode == 3, what.constData());
    QVERIFY2(run.err.contains(message), what.constData());
    checkAbortedTrace(trace);
    loopscope::Recording recording;
    std::string error;
    QVERIFY2(loopscope::readTrace(trace.toStdString(), recording, &error), error.c_str());
    bool said = false;
    const loopscope::EventLog& log = recording.mainLog();
    for (std::size_t i = 0; i < log.size(); ++i)
        said = said
            || (log[i].type == loopscope::RecordType::Error
                && recording.strings.at(log[i].label).find("memory budget exceeded") == 0);
    QVERIFY(said);
}

// The system refuses memory the budget still allows (`ulimit -v`): the run ends as a budget's does (exit
// 3, one line that says so, the trace written and aborted), never with std::terminate in a libuv callback.
void TestCli::anAllocationRefusedEndsTheRunCleanly()
{
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    QSKIP("a sanitizer's shadow memory does not run under an address-space limit");
#endif
    const QString path = m_dir.filePath(QStringLiteral("refused.json"));
    const QString trace = m_dir.filePath(QStringLiteral("refused-trace.json"));
    QFile::remove(trace);
    QVERIFY(writeFile(path, ProgramHead + R"([{"op":"repeat","times":2000000000,"do":[{"op":"nextTick","do":[]}]}]})"));
    QProcess process;
    process.setChildProcessModifier([] {
        const rlimit limit { rlim_t(800) << 20, rlim_t(800) << 20 };
        ::setrlimit(RLIMIT_AS, &limit);
    });
    QElapsedTimer clock;
    clock.start();
    process.start(executable(),
        { QStringLiteral("--headless"), QStringLiteral("--program"), path, QStringLiteral("--memory-budget"),
            QStringLiteral("1048576"), QStringLiteral("--trace"), trace, QStringLiteral("--timeout-ms"),
            QStringLiteral("60000") });
    QVERIFY(process.waitForStarted(InputBudgetMs));
    const Run run = finish(process, clock, StopBudgetMs * 3);
    const QByteArray what = describe(run);
    QVERIFY2(run.finished && run.status == QProcess::NormalExit && run.exitCode == 3, what.constData());
    QVERIFY2(run.err.contains("loopscope: out of memory: the system refused an allocation"), what.constData());
    checkAbortedTrace(trace);
}

// A headless run writes its outputs as it goes: a recording four times its memory budget is handed to
// the trace, the summary and the CSV chunk by chunk and let go, and the trace is whole (every step of
// the chain in it).
void TestCli::aLongRunWritesItsOutputsAsItGoes()
{
    const QString path = m_dir.filePath(QStringLiteral("streamed.json"));
    const QString trace = m_dir.filePath(QStringLiteral("streamed-trace.json.gz"));
    const QString csv = m_dir.filePath(QStringLiteral("streamed.csv"));
    QFile::remove(trace);
    // About 384 bytes an iteration: some 60 MB recorded against a budget of 16.
    constexpr int Steps = 150000;
    QVERIFY(writeFile(path,
        R"({"format":"loopscope-program","version":1,"name":"streamed","probes":{"delay":10},)"
        R"("main":[{"op":"chain","via":"setImmediate","times":)"
            + QByteArray::number(Steps) + R"(,"label":"step"}]})"));
    const Run run = runLoopscope({ QStringLiteral("--headless"), QStringLiteral("--program"), path,
                                     QStringLiteral("--memory-budget"), QStringLiteral("16"), QStringLiteral("--trace"),
                                     trace, QStringLiteral("--csv"), csv, QStringLiteral("--summary") },
        StopBudgetMs * 3);
    const QByteArray what = describe(run);
    QVERIFY2(run.finished && run.status == QProcess::NormalExit && run.exitCode == 0, what.constData());
    QVERIFY2(run.err.contains("Callbacks: " + QByteArray::number(Steps + 1)), what.constData());
    QVERIFY2(run.err.contains("Dropped events: 0"), what.constData());
    loopscope::Recording recording;
    std::string error;
    QVERIFY2(loopscope::readTrace(trace.toStdString(), recording, &error), error.c_str());
    std::uint64_t steps = 0;
    const loopscope::EventLog& log = recording.mainLog();
    for (std::size_t i = 0; i < log.size(); ++i) {
        if (log[i].type == loopscope::RecordType::Callback && recording.strings.at(log[i].label) == "step")
            steps += log[i].span.count;
    }
    QCOMPARE(steps, std::uint64_t(Steps));
    QVERIFY(!recording.info.aborted);
    // The latency samples went to the CSV as they came, in order.
    const QList<QByteArray> rows = readFile(csv).trimmed().split('\n');
    QVERIFY2(rows.size() > 2, readFile(csv).constData());
    double lastMs = -1;
    for (qsizetype i = 1; i < rows.size(); ++i) {
        const double atMs = rows[i].split(',').first().toDouble();
        QVERIFY2(atMs >= lastMs, rows[i].constData());
        lastMs = atMs;
    }
}

// With --rolling-window the oldest events are let go instead: the run ends well, and the summary and the
// trace count what was let go as dropped.
void TestCli::aRollingWindowKeepsTheLatestPart()
{
    const QString path = m_dir.filePath(QStringLiteral("rolling.json"));
    const QString trace = m_dir.filePath(QStringLiteral("rolling-trace.json"));
    QFile::remove(trace);
    // About 30 bytes an iteration encoded: twice the budget.
    QVERIFY(writeFile(path, ProgramHead + R"([{"op":"chain","via":"setImmediate","times":1000000,"label":"step"}]})"));
    const Run run = runLoopscope(
        { QStringLiteral("--headless"), QStringLiteral("--program"), path, QStringLiteral("--memory-budget"),
            QStringLiteral("16"), QStringLiteral("--rolling-window"), QStringLiteral("--trace"), trace },
        StopBudgetMs * 3);
    const QByteArray what = describe(run);
    QVERIFY2(run.finished && run.status == QProcess::NormalExit && run.exitCode == 0, what.constData());
    QVERIFY2(run.err.contains("the rolling window let go of"), what.constData());
    loopscope::Recording recording;
    std::string error;
    QVERIFY2(loopscope::readTrace(trace.toStdString(), recording, &error), error.c_str());
    QVERIFY(recording.info.droppedEvents > 0);
    QVERIFY(!recording.info.aborted);
    // The last steps are there, the first are not.
    std::uint64_t steps = 0;
    const loopscope::EventLog& log = recording.mainLog();
    for (std::size_t i = 0; i < log.size(); ++i) {
        if (log[i].type == loopscope::RecordType::Callback && recording.strings.at(log[i].label) == "step")
            steps += log[i].span.count;
    }
    QVERIFY2(steps > 1000 && steps < 1000000, std::to_string(steps).c_str());

    // A summary alone needs no window of events: it adds up the whole run.
    const Run summary = runLoopscope(
        { QStringLiteral("--headless"), QStringLiteral("--program"), path, QStringLiteral("--memory-budget"),
            QStringLiteral("16"), QStringLiteral("--rolling-window"), QStringLiteral("--summary") },
        StopBudgetMs * 3);
    QVERIFY2(summary.finished && summary.exitCode == 0, describe(summary).constData());
    QVERIFY2(summary.err.contains("Callbacks: 1000001"), describe(summary).constData());
    QVERIFY2(summary.err.contains("Dropped events: 0"), describe(summary).constData());
}

void TestCli::traceCapTruncatesTheTrace()
{
    const QString path = m_dir.filePath(QStringLiteral("chatty.json"));
    const QString trace = m_dir.filePath(QStringLiteral("chatty-trace.json"));
    QFile::remove(trace);
    QVERIFY(writeFile(path,
        ProgramHead + R"([{"op":"chain","via":"nextTick","times":2000000000,"do":[{"op":"log","text":"x"}]}])" + "}"));
    const Run run
        = runLoopscope({ QStringLiteral("--headless"), QStringLiteral("--program"), path,
                           QStringLiteral("--timeout-ms"), QStringLiteral("500"), QStringLiteral("--max-trace-mb"),
                           QStringLiteral("2"), QStringLiteral("--trace"), trace },
            StopBudgetMs * 3);
    const QByteArray what = describe(run);
    QVERIFY2(run.finished && run.exitCode == 3, what.constData());
    QVERIFY2(run.err.contains("truncated at 2 MB (--max-trace-mb)"), what.constData());
    QVERIFY2(QFileInfo(trace).size() <= 2 << 20, qPrintable(QString::number(QFileInfo(trace).size())));
    loopscope::Recording recording;
    std::string error;
    QVERIFY2(loopscope::readTrace(trace.toStdString(), recording, &error), error.c_str());
    QVERIFY(recording.info.aborted);
    QVERIFY(recording.info.truncatedEvents > 0);
    QVERIFY(recording.mainLog().size() > 1000);
}

void TestCli::checkAbortedTrace(const QString& tracePath)
{
    QVERIFY2(QFile::exists(tracePath), qPrintable(tracePath));
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(readFile(tracePath), &error);
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
    QVERIFY(document.isObject());
    QVERIFY(document.object().value(QStringLiteral("traceEvents")).isArray());
    const QJsonObject other = document.object().value(QStringLiteral("otherData")).toObject();
    QCOMPARE(other.value(QStringLiteral("aborted")), QJsonValue(true));
    QCOMPARE(other.value(QStringLiteral("program")), QJsonValue(QStringLiteral("runaway")));
    // The trace says how the run ended, also when the loop thread could not take the abort.
    int abortEvents = 0;
    for (const QJsonValue& event : document.object().value(QStringLiteral("traceEvents")).toArray()) {
        abortEvents += event[QStringLiteral("cat")] == QLatin1String("error")
            && event[QStringLiteral("name")] == QLatin1String("run aborted");
    }
    QCOMPARE(abortEvents, 1);
}

void TestCli::signalStopsRun_data()
{
    QTest::addColumn<int>("signalNumber");
    QTest::addColumn<QByteArray>("main");

    const QByteArray ticks = R"([{"op":"chain","via":"nextTick","times":2000000000}])";
    const QByteArray block = R"([{"op":"block","ms":86400000}])";
    const QByteArray storm = R"([{"op":"setInterval","ms":1,"times":1000000,"do":[{"op":"log","text":"tick"}]}])";
    QTest::newRow("SIGINT, nextTick chain") << int(SIGINT) << ticks;
    QTest::newRow("SIGINT, block") << int(SIGINT) << block;
    QTest::newRow("SIGTERM, nextTick chain") << int(SIGTERM) << ticks;
    QTest::newRow("SIGTERM, block") << int(SIGTERM) << block;
    QTest::newRow("SIGTERM, interval storm") << int(SIGTERM) << storm;
    QTest::newRow("SIGHUP, nextTick chain") << int(SIGHUP) << ticks;
    QTest::newRow("SIGHUP, block") << int(SIGHUP) << block;
    QTest::newRow("SIGQUIT, nextTick chain") << int(SIGQUIT) << ticks;
}

void TestCli::signalStopsRun()
{
    QFETCH(int, signalNumber);
    QFETCH(QByteArray, main);

    const QString path = m_dir.filePath(QStringLiteral("signalled.json"));
    const QString trace = m_dir.filePath(QStringLiteral("signalled-trace.json"));
    QFile::remove(trace);
    QVERIFY(writeFile(path, ProgramHead + main + "}"));

    QProcess process;
    QElapsedTimer clock;
    clock.start();
    process.start(executable(),
        { QStringLiteral("--headless"), QStringLiteral("--program"), path, QStringLiteral("--trace"), trace });
    QVERIFY(process.waitForStarted(InputBudgetMs));
    // Signal only once the handler is in place, then give the loop time to get deep into its drain.
    QTRY_VERIFY_WITH_TIMEOUT(catches(process.processId(), signalNumber), InputBudgetMs);
    QThread::msleep(200);
    QCOMPARE(::kill(pid_t(process.processId()), signalNumber), 0);
    QElapsedTimer sinceSignal;
    sinceSignal.start();
    const Run run = finish(process, clock, StopBudgetMs);
    const QByteArray what = describe(run) + " (" + QByteArray::number(sinceSignal.elapsed()) + " ms after the signal)";
    QVERIFY2(run.finished, what.constData());
    QVERIFY2(run.status == QProcess::NormalExit, what.constData());
    QVERIFY2(run.exitCode == 3, what.constData());
    checkAbortedTrace(trace);
}

void TestCli::closedStdoutAbortsRun()
{
    // `loopscope ... | head -1`: once head has gone, writing the console output fails.
    const QString path = m_dir.filePath(QStringLiteral("piped.json"));
    const QString trace = m_dir.filePath(QStringLiteral("piped-trace.json"));
    QFile::remove(trace);
    QVERIFY(writeFile(path,
        ProgramHead
            + R"([{"op":"setInterval","ms":1,"times":1000000,"do":[{"op":"log","text":"a line of output"}]}]})"));
    QProcess head;
    QProcess process;
    process.setStandardOutputProcess(&head);
    QElapsedTimer clock;
    clock.start();
    head.start(QStringLiteral("head"), { QStringLiteral("-n"), QStringLiteral("1") });
    process.start(executable(),
        { QStringLiteral("--headless"), QStringLiteral("--program"), path, QStringLiteral("--trace"), trace });
    QVERIFY(head.waitForStarted(InputBudgetMs) && process.waitForStarted(InputBudgetMs));
    QVERIFY(head.waitForFinished(InputBudgetMs));
    const Run run = finish(process, clock, StopBudgetMs);
    const QByteArray what = describe(run);
    QVERIFY2(run.finished, what.constData());
    QVERIFY2(run.status == QProcess::NormalExit, what.constData());
    QVERIFY2(run.exitCode == 3, what.constData());
    QVERIFY2(run.err.contains("stdout"), what.constData());
    checkAbortedTrace(trace);
}

void TestCli::fullStdoutAbortsRun()
{
    // One line stays in the stdio buffer until the run has ended; its failed write still aborts the run.
    const QString path = m_dir.filePath(QStringLiteral("full.json"));
    const QString trace = m_dir.filePath(QStringLiteral("full-trace.json"));
    QFile::remove(trace);
    QVERIFY(writeFile(path, ProgramHead + R"([{"op":"log","text":"one line"}]})"));
    QProcess process;
    process.setStandardOutputFile(QStringLiteral("/dev/full"));
    QElapsedTimer clock;
    clock.start();
    process.start(executable(),
        { QStringLiteral("--headless"), QStringLiteral("--program"), path, QStringLiteral("--trace"), trace });
    QVERIFY(process.waitForStarted(InputBudgetMs));
    const Run run = finish(process, clock, StopBudgetMs);
    const QByteArray what = describe(run);
    QVERIFY2(run.finished && run.status == QProcess::NormalExit && run.exitCode == 3, what.constData());
    QVERIFY2(run.err.contains("stdout"), what.constData());
    checkAbortedTrace(trace);
}

QProcessEnvironment TestCli::windowEnvironment() const
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    // The window saves its geometry on close; not into the settings of whoever runs the tests.
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("config")));
    // guess-order, an ordering scenario, would start paused; these windows run it to its end.
    const QString settings = m_dir.filePath(QStringLiteral("config/LoopScope/LoopScope.conf"));
    if (!QFile::exists(settings)) {
        QDir().mkpath(QFileInfo(settings).path());
        writeFile(settings, "[stepping]\nstartPaused\\guess-order=false\n");
    }
    // Without a runtime directory Qt makes one under TMPDIR, which noTemporaryFilesLeft() watches.
    const QString runtime = m_dir.filePath(QStringLiteral("runtime"));
    QDir().mkpath(runtime);
    QFile::setPermissions(runtime, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    environment.insert(QStringLiteral("XDG_RUNTIME_DIR"), runtime);
    return environment;
}

// Starts the window and returns once it handles the signals that end it, with its program running.
void TestCli::startWindow(QProcess& process, const QStringList& arguments, const QProcessEnvironment& environment)
{
    process.setProcessEnvironment(environment.isEmpty() ? windowEnvironment() : environment);
    process.start(executable(), arguments);
    QVERIFY(process.waitForStarted(InputBudgetMs));
    for (const int signalNumber : { SIGINT, SIGTERM, SIGHUP })
        QTRY_VERIFY_WITH_TIMEOUT(catches(process.processId(), signalNumber), StopBudgetMs);
    // Nothing outside the process shows that the program has run; guess-order takes a few milliseconds.
    QThread::msleep(1500);
}

void TestCli::windowWritesOnSignal_data()
{
    QTest::addColumn<QList<int>>("signalNumbers");
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QStringList>("console");
    QTest::addColumn<QByteArray>("program"); // run instead of the scenario, when given

    const QStringList guessOrder { QStringLiteral("readFile callback"), QStringLiteral("process.nextTick"),
        QStringLiteral("promise.then"), QStringLiteral("setImmediate"), QStringLiteral("setTimeout 0") };
    const QString scenario = QStringLiteral("guess-order");
    QTest::newRow("SIGTERM") << QList<int> { SIGTERM } << scenario << guessOrder << QByteArray();
    QTest::newRow("SIGINT") << QList<int> { SIGINT } << scenario << guessOrder << QByteArray();
    QTest::newRow("SIGHUP") << QList<int> { SIGHUP } << scenario << guessOrder << QByteArray();
    // The second comes while the window closes or the files are written: it must not cost them.
    QTest::newRow("SIGTERM, then SIGINT at once")
        << QList<int> { SIGTERM, SIGINT } << scenario << guessOrder << QByteArray();
    // The window's own session: a loop waiting for workloads, which never ends by itself.
    QTest::newRow("SIGTERM, idle loop") << QList<int> { SIGTERM } << QString() << QStringList() << QByteArray();
    // A program still running when the window closes ends with it, not as an abort: no "run aborted".
    QTest::newRow("SIGTERM, a program still running")
        << QList<int> { SIGTERM } << QStringLiteral("endless") << QStringList { QStringLiteral("started") }
        << QByteArray(R"({"format":"loopscope-program","version":1,"name":"endless","main":[)"
                      R"({"op":"log","text":"started"},)"
                      R"({"op":"setInterval","ms":50,"times":1000000,"do":[{"op":"block","ms":1}]}]})");
}

void TestCli::windowWritesOnSignal()
{
    QFETCH(QList<int>, signalNumbers);
    QFETCH(QString, scenario);
    QFETCH(QStringList, console);
    QFETCH(QByteArray, program);

    const QString trace = m_dir.filePath(QStringLiteral("window-trace.json"));
    const QString csv = m_dir.filePath(QStringLiteral("window-latency.csv"));
    QFile::remove(trace);
    QFile::remove(csv);
    QStringList arguments { QStringLiteral("--trace"), trace, QStringLiteral("--csv"), csv };
    if (!program.isEmpty()) {
        const QString path = m_dir.filePath(scenario + QStringLiteral(".json"));
        QVERIFY(writeFile(path, program));
        arguments << QStringLiteral("--program") << path;
    } else if (!scenario.isEmpty()) {
        arguments << QStringLiteral("--scenario") << scenario;
    }

    QProcess process;
    QElapsedTimer clock;
    clock.start();
    startWindow(process, arguments);
    if (QTest::currentTestFailed())
        return;
    for (const int signalNumber : signalNumbers)
        QCOMPARE(::kill(pid_t(process.processId()), signalNumber), 0);
    const Run run = finish(process, clock, StopBudgetMs);
    const QByteArray what = describe(run);
    QVERIFY2(run.finished && run.status == QProcess::NormalExit && run.exitCode == 0, what.constData());
    QVERIFY2(run.out.isEmpty(), what.constData());

    loopscope::Recording recording;
    std::string error;
    QVERIFY2(loopscope::readTrace(trace.toStdString(), recording, &error), error.c_str());
    QCOMPARE(QString::fromStdString(recording.info.program), scenario.isEmpty() ? QStringLiteral("server") : scenario);
    // Closing the window ends the session normally, whatever still ran in it: not an abort, and no
    // "run aborted" in any loop's log.
    QVERIFY(!recording.info.aborted);
    for (const auto& anyLog : recording.logs) {
        for (std::size_t i = 0; i < anyLog->size(); ++i) {
            const loopscope::Record record = (*anyLog)[i];
            QVERIFY2(record.type != loopscope::RecordType::Error || recording.strings.at(record.label) != "run aborted",
                what.constData());
        }
    }
    QStringList lines;
    int phases = 0;
    int mainModules = 0;
    const loopscope::EventLog& log = recording.mainLog();
    for (std::size_t i = 0; i < log.size(); ++i) {
        const loopscope::Record& record = log[i];
        if (record.type == loopscope::RecordType::Log)
            lines.append(QString::fromStdString(recording.strings.at(record.label)));
        else if (record.type == loopscope::RecordType::Phase)
            ++phases;
        else if (record.type == loopscope::RecordType::Callback
            && loopscope::callbackKindOf(record) == loopscope::CallbackKind::Main)
            ++mainModules;
    }
    QCOMPARE(mainModules, 1);
    QCOMPARE(lines, console);
    // Both loops go round: the server loop waits in poll and wakes for its delay monitor.
    QVERIFY2(phases > 0, what.constData());

    const QByteArray latency = readFile(csv);
    QVERIFY2(latency.startsWith("timeMs,loopDelayMs,healthMs,histogramMs,elu\n"), latency.left(200).constData());
    // The window's server loop measures its delay from the start, idle time included.
    if (scenario.isEmpty())
        QVERIFY2(latency.count('\n') > 10, latency.left(200).constData());
}

void TestCli::windowReportsFailedWrite()
{
    // A full disk when the window closes: one line naming the file and the real error, exit 1, the old
    // trace kept, and the other file still written.
    const QString csv = m_dir.filePath(QStringLiteral("window-full.csv"));
    const QString trace = m_dir.filePath(QStringLiteral("window-full.json"));
    QFile::remove(csv);
    QVERIFY(writeFile(trace, "the trace before"));
    QProcess process;
    // The trace of guess-order is about 9 KB, its latency CSV far less.
    limitFileSize(process, 4096);
    QElapsedTimer clock;
    clock.start();
    startWindow(process,
        { QStringLiteral("--scenario"), QStringLiteral("guess-order"), QStringLiteral("--trace"), trace,
            QStringLiteral("--csv"), csv });
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(::kill(pid_t(process.processId()), SIGTERM), 0);
    const Run run = finish(process, clock, StopBudgetMs);
    const QByteArray what = describe(run);
    QVERIFY2(run.finished && run.status == QProcess::NormalExit && run.exitCode == 1, what.constData());
    QVERIFY2(run.out.isEmpty(), what.constData());
    // Qt's own warnings may share stderr; ours is one line.
    QVERIFY2(run.err.count("loopscope: ") == 1, what.constData());
    QVERIFY2(run.err.contains("loopscope: " + trace.toUtf8() + ": write failed: File too large\n"), what.constData());
    QCOMPARE(readFile(trace), QByteArray("the trace before"));
    QVERIFY2(readFile(csv).startsWith("timeMs,"), what.constData());
}

void TestCli::windowReportsUnsavedSettings()
{
    // The settings' folder cannot be made (a file is in its way): the window still runs, and at its
    // close one line names the settings file and why it was not saved, and the exit status is 1.
    const QString inTheWay = m_dir.filePath(QStringLiteral("config-is-a-file"));
    QVERIFY(writeFile(inTheWay, "not a folder"));
    QProcessEnvironment environment = windowEnvironment();
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), inTheWay);
    QProcess process;
    QElapsedTimer clock;
    clock.start();
    startWindow(process, { QStringLiteral("--scenario"), QStringLiteral("guess-order") }, environment);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(::kill(pid_t(process.processId()), SIGTERM), 0);
    const Run run = finish(process, clock, StopBudgetMs);
    const QByteArray what = describe(run);
    QVERIFY2(run.finished && run.status == QProcess::NormalExit && run.exitCode == 1, what.constData());
    QVERIFY2(
        run.err.contains("loopscope: " + inTheWay.toUtf8() + "/LoopScope/LoopScope.conf: cannot save the settings: "),
        what.constData());
    QCOMPARE(readFile(inTheWay), QByteArray("not a folder"));
}

void TestCli::windowOpensFile_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QByteArray>("content");
    // The program of the session the window shows at the end: "server" when the file was refused.
    QTest::addColumn<QString>("shown");
    // What stderr must say ("@FILE" for the path); empty when the file opens.
    QTest::addColumn<QString>("error");

    const QStringList file { QStringLiteral("@FILE") };
    const QByteArray good = R"({"format":"loopscope-program","version":1,"name":"opened",
        "params":{"n":{"default":1,"min":1,"max":9}},"main":[{"op":"repeat","times":"$n","do":[{"op":"log","text":"hi"}]}]})";
    loopscope::Recording recorded;
    recorded.info.generator = "LoopScope test";
    recorded.info.program = "replayed";
    loopscope::Record* line = recorded.mainLog().slot();
    line->type = loopscope::RecordType::Log;
    line->label = recorded.strings.intern("hello");
    line->startNs = 1000;
    recorded.mainLog().commit();
    std::ostringstream trace;
    QVERIFY(loopscope::writeTrace(recorded, trace));
    const QByteArray recording = QByteArray::fromStdString(trace.str());
    const QByteArray badProgram = program("{ \"op\": " + Here + "\"eval\" }");
    const QString server = QStringLiteral("server");

    QTest::newRow("FILE: program") << file << good << QStringLiteral("opened") << QString();
    QTest::newRow("FILE: recording") << file << recording << QStringLiteral("replayed") << QString();
    QTest::newRow("--program with --set") << QStringList { QStringLiteral("--program"), QStringLiteral("@FILE"),
        QStringLiteral("--set"), QStringLiteral("n=3") }
                                          << good << QStringLiteral("opened") << QString();
    // A bad file is the error dialog over a running window; its own loop goes on.
    QTest::newRow("FILE: bad program") << file << badProgram << server << QStringLiteral("@FILE");
    QTest::newRow("FILE: gzip") << file << QByteArray("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03", 10) << server
                                << QStringLiteral("@FILE: truncated gzip data");
    QTest::newRow("--program: bad program") << QStringList { QStringLiteral("--program"), QStringLiteral("@FILE") }
                                            << badProgram << server << QStringLiteral("@FILE");
    QTest::newRow("--program: bad --set") << QStringList { QStringLiteral("--program"), QStringLiteral("@FILE"),
        QStringLiteral("--set"), QStringLiteral("n=10") }
                                          << good << server << QStringLiteral("@FILE: ");
    QTest::newRow("--open: bad recording")
        << QStringList { QStringLiteral("--open"), QStringLiteral("@FILE") }
        << QByteArray("{\"traceEvents\": [ {\"ph\": " + Here) << server << QStringLiteral("@FILE");
    // The window's budget counts the reading of a program as the headless run's does.
    QTest::newRow("--program: over the memory budget") << QStringList {
        QStringLiteral("--memory-budget"), QStringLiteral("16"), QStringLiteral("--program"), QStringLiteral("@FILE")
    } << manyTicks(200000) << server << QStringLiteral("@FILE: reading this program takes about ");
}

void TestCli::windowOpensFile()
{
    QFETCH(QStringList, arguments);
    QFETCH(QByteArray, content);
    QFETCH(QString, shown);
    QFETCH(QString, error);

    const QString path = m_dir.filePath(QStringLiteral("opened.json"));
    const QString trace = m_dir.filePath(QStringLiteral("opened-trace.json"));
    QFile::remove(trace);
    const qsizetype at = content.indexOf(Here);
    QString position;
    if (at >= 0) {
        position = path + QLatin1Char(':') + positionOf(content, at) + QLatin1Char(':');
        content.remove(at, Here.size());
    }
    QVERIFY(writeFile(path, content));
    arguments.replaceInStrings(QStringLiteral("@FILE"), path);
    error.replace(QStringLiteral("@FILE"), path);

    QProcess process;
    QElapsedTimer clock;
    clock.start();
    startWindow(process, arguments + QStringList { QStringLiteral("--trace"), trace });
    if (QTest::currentTestFailed())
        return;
    QVERIFY2(process.state() == QProcess::Running, process.readAllStandardError().constData());
    // A program is read off the window's thread: a refusal may come after the window is up (a slow
    // sanitizer build), so it is waited for before the window is closed.
    QByteArray early;
    if (!error.isEmpty()) {
        QTRY_VERIFY_WITH_TIMEOUT(
            (early += process.readAllStandardError()).contains("loopscope: " + error.toLocal8Bit()), StopBudgetMs);
    }
    QCOMPARE(::kill(pid_t(process.processId()), SIGTERM), 0);
    Run run = finish(process, clock, StopBudgetMs);
    run.err.prepend(early);
    const QByteArray what = describe(run);
    QVERIFY2(run.finished && run.status == QProcess::NormalExit && run.exitCode == 0, what.constData());
    if (error.isEmpty()) {
        QVERIFY2(!run.err.contains("loopscope: "), what.constData());
    } else {
        QVERIFY2(run.err.contains("loopscope: " + error.toLocal8Bit()), what.constData());
        if (!position.isEmpty())
            QVERIFY2(run.err.contains(position.toLocal8Bit()), what.constData());
    }

    loopscope::Recording recording;
    std::string problem;
    QVERIFY2(loopscope::readTrace(trace.toStdString(), recording, &problem), problem.c_str());
    QCOMPARE(QString::fromStdString(recording.info.program), shown);
    int phases = 0;
    int lines = 0;
    const loopscope::EventLog& log = recording.mainLog();
    for (std::size_t i = 0; i < log.size(); ++i) {
        phases += log[i].type == loopscope::RecordType::Phase;
        lines += log[i].type == loopscope::RecordType::Log;
    }
    if (shown == QLatin1String("server"))
        QVERIFY2(phases > 0, "the window's own loop did not go on");
    if (arguments.contains(QStringLiteral("n=3")))
        QCOMPARE(lines, 3);
}

void TestCli::emitJsWritesScriptOnly()
{
    const Run run
        = runLoopscope({ QStringLiteral("--emit-js"), QStringLiteral("--scenario"), QStringLiteral("guess-order") });
    QVERIFY2(run.finished && run.status == QProcess::NormalExit && run.exitCode == 0, describe(run).constData());
    QVERIFY2(run.err.isEmpty(), run.err.constData());
    QVERIFY(run.out.contains("fs.readFile("));
    QVERIFY(run.out.contains("process.nextTick("));
    QVERIFY(run.out.contains("setImmediate("));
    QVERIFY(run.out.endsWith('\n'));

    // When Node is at hand, the script must at least be valid JavaScript.
    const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
    if (node.isEmpty())
        return;
    const QString script = m_dir.filePath(QStringLiteral("guess-order.js"));
    QVERIFY(writeFile(script, run.out));
    QProcess check;
    check.start(node, { QStringLiteral("--check"), script });
    QVERIFY(check.waitForFinished(InputBudgetMs));
    QVERIFY2(check.exitCode() == 0, check.readAllStandardError().constData());
}

void TestCli::listScenarios()
{
    const Run run = runLoopscope({ QStringLiteral("--list-scenarios") });
    QVERIFY2(run.finished && run.status == QProcess::NormalExit && run.exitCode == 0, describe(run).constData());
    QVERIFY2(run.err.isEmpty(), run.err.constData());

    QStringList expected = QDir(QStringLiteral(LOOPSCOPE_SOURCE_DIR "/resources/scenarios"))
                               .entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name);
    expected.replaceInStrings(QRegularExpression(QStringLiteral("\\.json$")), QString());
    QVERIFY(expected.contains(QStringLiteral("guess-order")));

    QVERIFY(run.out.endsWith('\n'));
    const QStringList lines = QString::fromUtf8(run.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QStringList names;
    const QRegularExpression shape(QStringLiteral("^([a-z0-9-]+)\\t([^\\t]+)$"));
    for (const QString& line : lines) {
        const QRegularExpressionMatch match = shape.match(line);
        QVERIFY2(match.hasMatch(), qPrintable(line));
        names.append(match.captured(1));
    }
    // One line per built-in; the order is the catalog's own.
    names.sort();
    expected.sort();
    QCOMPARE(names, expected);
}

void TestCli::versionAndHelpNeedNoDisplay()
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("DISPLAY"));
    environment.remove(QStringLiteral("WAYLAND_DISPLAY"));
    environment.remove(QStringLiteral("QT_QPA_PLATFORM"));

    const Run version = runLoopscope({ QStringLiteral("--version") }, InputBudgetMs, environment);
    QVERIFY2(version.finished && version.status == QProcess::NormalExit && version.exitCode == 0,
        describe(version).constData());
    QCOMPARE(version.out, QByteArray("LoopScope " LOOPSCOPE_VERSION "\n"));

    const Run help = runLoopscope({ QStringLiteral("--help") }, InputBudgetMs, environment);
    QVERIFY2(help.finished && help.status == QProcess::NormalExit && help.exitCode == 0, describe(help).constData());
    QVERIFY(help.out.contains("--headless"));
    QVERIFY(help.out.contains("--timeout-ms"));
    QVERIFY(help.out.contains("--detach"));
    QVERIFY(help.out.contains("--follow-children"));
}

// --help says what --attach works with: the window or --headless, the node --node names, the probe's
// mode --probe chooses.
void TestCli::helpSaysWhatAttachTakes()
{
    const Run help = runLoopscope({ QStringLiteral("--help") });
    QVERIFY2(help.finished && help.exitCode == 0, describe(help).constData());
    // Each option's entry: its line ("  --name <VALUE>  what it does") and the lines that continue it.
    const auto option = [&help](const QString& name) {
        QString entry;
        for (const QString& line : QString::fromUtf8(help.out).split(QLatin1Char('\n'))) {
            if (line.startsWith(QLatin1String("  -")) && !entry.isEmpty())
                break;
            if (line.startsWith(QLatin1String("  -")) && line.contains(name + QLatin1Char(' ')))
                entry = line;
            else if (!entry.isEmpty())
                entry += line;
        }
        return entry.simplified();
    };
    const QString attach = option(QStringLiteral("--attach <SCRIPT>"));
    QVERIFY2(!attach.isEmpty(), help.out.constData());
    QVERIFY2(!attach.contains(QStringLiteral("--headless for now")), qPrintable(attach));
    QVERIFY2(attach.contains(QStringLiteral("window")), qPrintable(attach));
    const QString node = option(QStringLiteral("--node <PATH>"));
    QVERIFY2(
        node.contains(QStringLiteral("--attach")) && node.contains(QStringLiteral("--compare-node")), qPrintable(node));
    const QString probe = option(QStringLiteral("--probe <MODE>"));
    QVERIFY2(
        probe.contains(QStringLiteral("markers")) && probe.contains(QStringLiteral("callbacks")), qPrintable(probe));
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
