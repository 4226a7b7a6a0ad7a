// Version 2 of the program format emitted as the Node.js script it stands for (tst_programv2 reads and
// refuses it).
#include "programv2helpers.h"

#include <QTest>

#include <string>

using loopscope::AwaitKind;
using loopscope::Combinator;
using loopscope::OpKind;
using loopscope::Program;
using loopscope::ProgramError;
using loopscope::StepKind;
using programv2::parse;
using programv2::parseGood;
using programv2::withMain;

class TestProgramV2Emit : public QObject
{
    Q_OBJECT

private slots:
    void emitsVersion2Scripts_data()
    {
        QTest::addColumn<QByteArray>("program");
        QTest::addColumn<QString>("expected");
        QTest::newRow("named timers") << withMain(R"([{"op": "setTimeout", "ms": 5, "name": "late"},
            {"op": "setImmediate", "name": "soon", "do": [{"op": "clearTimeout", "name": "late"}]},
            {"op": "clearImmediate", "name": "soon"}])")
                                      << "// LoopScope program \"t\"\n"
                                         "// The Node.js equivalent: its console output is the program's, line for "
                                         "line.\n"
                                         "\n"
                                         "// Named timers, for clearTimeout and clearImmediate.\n"
                                         "let timer_late;\n"
                                         "let timer_soon;\n"
                                         "\n"
                                         "timer_late = setTimeout(() => {}, 5);\n"
                                         "timer_soon = setImmediate(() => {\n"
                                         "    clearTimeout(timer_late);\n"
                                         "});\n"
                                         "clearImmediate(timer_soon);\n";
        QTest::newRow("rejection and steps") << withMain(
            R"([{"op": "promise", "reject": "boom", "chain": [[], {"catch": [{"op": "throw", "message": "again"}]},
                {"finally": [{"op": "log", "text": "f"}]}]}, {"op": "onUnhandledRejection"}])")
                                             << "// LoopScope program \"t\"\n"
                                                "// The Node.js equivalent: its console output is the program's, line "
                                                "for line.\n"
                                                "\n"
                                                "// An Error without a stack trace: Node prints an unhandled one as "
                                                "\"[Error: message]\".\n"
                                                "function makeError(message) {\n"
                                                "    const error = new Error(message);\n"
                                                "    error.stack = \"Error: \" + message;\n"
                                                "    return error;\n"
                                                "}\n"
                                                "\n"
                                                "Promise.reject(makeError(\"boom\"))\n"
                                                "    .then(() => {})\n"
                                                "    .catch(() => {\n"
                                                "        throw makeError(\"again\");\n"
                                                "    })\n"
                                                "    .finally(() => {\n"
                                                "        console.log(\"f\");\n"
                                                "    });\n"
                                                "process.on(\"unhandledRejection\", () => {});\n";
        QTest::newRow("combinator") << withMain(R"([{"op": "promiseAllSettled", "promises": [{}, {"reject": "r"},
                {"sleep": 2, "do": [{"op": "log", "text": "slept"}]}, {"immediate": true, "reject": "i"}],
                "chain": [[{"op": "log", "text": "settled"}]]},
                {"op": "async", "do": [{"op": "await", "thenable": true}]},
                {"op": "onBeforeExit"}, {"op": "onExit"}])")
                                    << "// LoopScope program \"t\"\n"
                                       "// The Node.js equivalent: its console output is the program's, line for "
                                       "line.\n"
                                       "\n"
                                       "// An Error without a stack trace: Node prints an unhandled one as \"[Error: "
                                       "message]\".\n"
                                       "function makeError(message) {\n"
                                       "    const error = new Error(message);\n"
                                       "    error.stack = \"Error: \" + message;\n"
                                       "    return error;\n"
                                       "}\n"
                                       "\n"
                                       "Promise.allSettled([\n"
                                       "    Promise.resolve(),\n"
                                       "    Promise.reject(makeError(\"r\")),\n"
                                       "    new Promise((resolve) => setTimeout(() => {\n"
                                       "        console.log(\"slept\");\n"
                                       "        resolve();\n"
                                       "    }, 2)),\n"
                                       "    new Promise((resolve, reject) => setImmediate(() => {\n"
                                       "        reject(makeError(\"i\"));\n"
                                       "    })),\n"
                                       "])\n"
                                       "    .then(() => {\n"
                                       "        console.log(\"settled\");\n"
                                       "    });\n"
                                       "(async () => {\n"
                                       "    await { then(resolve) { resolve(); } };\n"
                                       "})();\n"
                                       "process.once(\"beforeExit\", () => {});\n"
                                       "process.on(\"exit\", () => {});\n";
    }

    void emitsTimersPromises_data()
    {
        QTest::addColumn<QByteArray>("program");
        QTest::addColumn<QString>("expected");
        const QByteArray ops = R"([{"op": "async", "do": [{"op": "await", "setTimeout": 10},
            {"op": "await", "setImmediate": true}, {"op": "log", "text": "x"}]}])";
        const QString body = "\n"
                             "(async () => {\n"
                             "    await timersPromises.setTimeout(10);\n"
                             "    await timersPromises.setImmediate();\n"
                             "    console.log(\"x\");\n"
                             "})();\n";
        const QString header = "// LoopScope program \"t\"\n"
                               "// The Node.js equivalent: its console output is the program's, line for line.\n";
        QTest::newRow("CommonJS") << withMain(ops)
                                  << header + "const timersPromises = require(\"node:timers/promises\");\n" + body;
        QByteArray esm = withMain(ops);
        esm.replace("\"name\": \"t\"", "\"name\": \"t\", \"module\": \"esm\"");
        QTest::newRow("ES module") << esm << header + "import timersPromises from \"node:timers/promises\";\n" + body;
    }

    void emitsTimersPromises()
    {
        QFETCH(QByteArray, program);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(loopscope::emitJs(parseGood(program))), expected);
    }

    void emitsAbortControllers()
    {
        const Program program = parseGood(withMain(R"([{"op": "async", "do": [
            {"op": "await", "setTimeout": 50, "signal": "slow"}, {"op": "await", "setImmediate": true, "signal": "c2"}]},
            {"op": "abort", "controller": "slow"}, {"op": "abort", "controller": "never_used"}])"));
        QCOMPARE(program.main[0].body()[0].text.str(), std::string("slow"));
        QCOMPARE(program.main[1].kind, OpKind::Abort);
        QCOMPARE(QString::fromStdString(loopscope::emitJs(program)),
            QString("// LoopScope program \"t\"\n"
                    "// The Node.js equivalent: its console output is the program's, line for line.\n"
                    "const timersPromises = require(\"node:timers/promises\");\n"
                    "\n"
                    "// AbortControllers, for the signals of timers/promises and abort(). Errors have no stack trace, "
                    "so\n"
                    "// that Node prints an AbortError nobody handled without the paths of the machine it ran on.\n"
                    "Error.stackTraceLimit = 0;\n"
                    "const controller_slow = new AbortController();\n"
                    "const controller_c2 = new AbortController();\n"
                    "const controller_never_used = new AbortController();\n"
                    "\n"
                    "(async () => {\n"
                    "    await timersPromises.setTimeout(50, undefined, { signal: controller_slow.signal });\n"
                    "    await timersPromises.setImmediate(undefined, { signal: controller_c2.signal });\n"
                    "})();\n"
                    "controller_slow.abort();\n"
                    "controller_never_used.abort();\n"));
    }

    void emitsStat()
    {
        const Program program = parseGood(withMain(R"([{"op": "stat", "do": [{"op": "log", "text": "s"}]},
            {"op": "worker", "do": [{"op": "stat"}]}])"));
        QCOMPARE(program.main[0].kind, OpKind::Stat);
        QCOMPARE(program.main[0].label(), std::string("stat (line 2)"));
        const QString script = QString::fromStdString(loopscope::emitJs(program));
        // The main script stats itself, the worker's script the main one, as fs.readFile reads them.
        QVERIFY2(script.contains("const fs = require(\"node:fs\");\n"), qPrintable(script));
        QVERIFY2(
            script.contains("fs.stat(process.argv[1], () => {\n    console.log(\"s\");\n});\n"), qPrintable(script));
        QVERIFY2(script.contains(R"(fs.stat(process.argv[2], () => {});)"), qPrintable(script));
    }

    void emitsFiles()
    {
        // A read inside a worker's own open, and a close in a worker's done (the main loop's) inside the main's.
        const Program program = parseGood(withMain(R"([{"op": "open", "as": "f1", "do": [{"op": "read", "fd": "f1",
            "do": [{"op": "log", "text": "r"}]}, {"op": "worker", "do": [{"op": "open", "as": "f1", "do": [{"op": "read",
            "fd": "f1"}]}], "done": [{"op": "close", "fd": "f1"}]}]}])"));
        QCOMPARE(program.main[0].kind, OpKind::Open);
        QCOMPARE(program.main[0].text.str(), std::string("f1"));
        QCOMPARE(program.main[0].body()[0].kind, OpKind::Read);
        QCOMPARE(program.main[0].body()[1].done()[0].kind, OpKind::Close);
        QCOMPARE(program.main[0].label(), std::string("open (line 2)"));
        const QString script = QString::fromStdString(loopscope::emitJs(program));
        QVERIFY2(script.contains("// Opened files' descriptors, for fs.read and fs.close.\nlet fd_f1;\n"),
            qPrintable(script));
        QVERIFY2(script.contains("fs.open(process.argv[1], \"r\", (err, fd) => {\n    fd_f1 = fd;\n"
                                 "    fs.read(fd_f1, () => {\n        console.log(\"r\");\n    });\n"),
            qPrintable(script));
        // The worker's script, as the lines of its source: its own variable, the main script opened.
        QVERIFY2(script.contains("\"let fd_f1;\",\n"), qPrintable(script));
        QVERIFY2(script.contains("\"fs.open(process.argv[2], \\\"r\\\", (err, fd) => {\",\n"
                                 "            \"    fd_f1 = fd;\",\n"
                                 "            \"    fs.read(fd_f1, () => {});\",\n"),
            qPrintable(script));
        QVERIFY2(script.contains("fs.close(fd_f1, () => {});"), qPrintable(script));
    }

    void emitsTry()
    {
        const Program program = parseGood(withMain(R"([{"op": "async", "do": [{"op": "try", "do": [{"op": "await",
            "reject": "boom"}], "catch": [{"op": "log", "text": "caught"}, {"op": "throw", "message": "again"}],
            "finally": [{"op": "await"}]}, {"op": "try", "do": [{"op": "throw", "message": "x"}], "finally": []}]}])"));
        const loopscope::Op& first = program.main[0].body()[0];
        QCOMPARE(first.kind, OpKind::Try);
        QCOMPARE(first.body()[0].await, AwaitKind::Reject);
        QCOMPARE(first.body()[0].text.str(), std::string("boom"));
        QCOMPARE(first.chain().size(), std::size_t(2));
        QCOMPARE(first.step(0), StepKind::Catch);
        QCOMPARE(first.step(1), StepKind::Finally);
        QCOMPARE(program.main[0].body()[1].step(0), StepKind::Finally);
        const QString script = QString::fromStdString(loopscope::emitJs(program));
        QVERIFY2(script.contains("function makeError(message) {"), qPrintable(script));
        QVERIFY2(script.contains("(async () => {\n"
                                 "    try {\n"
                                 "        await Promise.reject(makeError(\"boom\"));\n"
                                 "    } catch {\n"
                                 "        console.log(\"caught\");\n"
                                 "        throw makeError(\"again\");\n"
                                 "    } finally {\n"
                                 "        await null;\n"
                                 "    }\n"
                                 "    try {\n"
                                 "        throw makeError(\"x\");\n"
                                 "    } finally {\n"
                                 "    }\n"
                                 "})();\n"),
            qPrintable(script));
    }

    void emitsForAwait()
    {
        const Program program = parseGood(withMain(R"([{"op": "async", "do": [{"op": "forAwait", "times": 3,
            "yieldDo": [{"op": "log", "text": "y"}], "do": [{"op": "await"}, {"op": "log", "text": "b"}]},
            {"op": "forAwait", "times": 0}]}])"));
        const loopscope::Op& loop = program.main[0].body()[0];
        QCOMPARE(loop.kind, OpKind::ForAwait);
        QCOMPARE(loop.times, 3);
        QCOMPARE(loop.done().size(), std::size_t(1));
        QCOMPARE(loop.body().size(), std::size_t(2));
        QCOMPARE(loop.label(), std::string("forAwait (line 2)"));
        QCOMPARE(program.main[0].body()[1].times, 0);
        const QString script = QString::fromStdString(loopscope::emitJs(program));
        QVERIFY2(script.contains("(async () => {\n"
                                 "    for await (const _ of (async function* () {\n"
                                 "        for (let i1 = 0; i1 < 3; i1++) {\n"
                                 "            console.log(\"y\");\n"
                                 "            yield;\n"
                                 "        }\n"
                                 "    })()) {\n"
                                 "        await null;\n"
                                 "        console.log(\"b\");\n"
                                 "    }\n"
                                 "    for await (const _ of (async function* () {\n"
                                 "        for (let i2 = 0; i2 < 0; i2++) {\n"
                                 "            yield;\n"
                                 "        }\n"
                                 "    })()) {\n"
                                 "    }\n"
                                 "})();\n"),
            qPrintable(script));
    }

    void emitsReadFileWithASignal()
    {
        const QString script = QString::fromStdString(loopscope::emitJs(parseGood(withMain(
            R"([{"op": "readFile", "signal": "r", "do": [{"op": "log", "text": "read"}]}, {"op": "abort", "controller": "r"}])"))));
        QVERIFY2(script.contains("const controller_r = new AbortController();\n"), qPrintable(script));
        QVERIFY2(script.contains("fs.readFile(process.argv[1], { signal: controller_r.signal }, () => {\n"
                                 "    console.log(\"read\");\n"
                                 "});\n"
                                 "controller_r.abort();\n"),
            qPrintable(script));
    }

    void workerRequiresTimersPromisesForItself()
    {
        // The worker's script requires the module; the main script, which awaits nothing itself, does not.
        const QString script = QString::fromStdString(loopscope::emitJs(parseGood(
            withMain(R"([{"op": "worker", "do": [{"op": "async", "do": [{"op": "await", "setTimeout": 1}]}]}])"))));
        QCOMPARE(script.count(R"(const timersPromises = require(\"node:timers/promises\");)"), 1);
        QVERIFY(!script.contains("\nconst timersPromises"));
    }

    void emitsVersion2Scripts()
    {
        QFETCH(QByteArray, program);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(loopscope::emitJs(parseGood(program))), expected);
    }
};

QTEST_GUILESS_MAIN(TestProgramV2Emit)
#include "tst_programv2emit.moc"
