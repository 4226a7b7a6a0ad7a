// A worker's messages (program format version 2): postMessage in a worker's body and the worker's onMessage
// body are read, refused where they do not belong (with line and column), and emitted as Node's
// parentPort.postMessage and the Worker's "message" listener.
#include "program/program.h"
#include "programv2helpers.h"

#include <QTest>

#include <string>

using loopscope::OpKind;
using loopscope::Program;
using loopscope::ProgramError;

using programv2::parse;
using programv2::parseGood;
using programv2::withMain;

class TestProgramMessages : public QObject
{
    Q_OBJECT

private slots:
    void refusesBadMessages_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("message");

        QTest::newRow("postMessage in the main module")
            << withMain(R"([{"op": "setImmediate", "do": [{"op": "postMessage"}]}])") << 2 << 32 << "$.main[0].do[0]"
            << "'postMessage' posts to a worker's parent: only in a worker's 'do'";
        QTest::newRow("postMessage in version 1")
            << withMain(R"([{"op": "worker", "do": [{"op": "postMessage"}]}])", 1) << 2 << 33 << "$.main[0].do[0].op"
            << "op 'postMessage' needs \"version\": 2";
        QTest::newRow("onMessage in version 1")
            << withMain(R"([{"op": "worker", "do": [], "onMessage": []}])", 1) << 2 << 42 << "$.main[0].onMessage"
            << "field 'onMessage' needs \"version\": 2";
        QTest::newRow("postMessage in a worker's done")
            << withMain(R"([{"op": "worker", "done": [{"op": "postMessage"}]}])") << 2 << 28 << "$.main[0].done[0]"
            << "'postMessage' posts to a worker's parent: only in a worker's 'do'";
        QTest::newRow("postMessage in onMessage")
            << withMain(R"([{"op": "worker", "onMessage": [{"op": "postMessage"}]}])") << 2 << 33
            << "$.main[0].onMessage[0]"
            << "'postMessage' posts to a worker's parent: only in a worker's 'do'";
        QTest::newRow("onMessage not a body")
            << withMain(R"([{"op": "worker", "onMessage": {}}])") << 2 << 32 << "$.main[0].onMessage"
            << "expected an array, got an object";
        QTest::newRow("postMessage with a message")
            << withMain(R"([{"op": "worker", "do": [{"op": "postMessage", "text": "x"}]}])") << 2 << 48
            << "$.main[0].do[0].text"
            << "unknown field 'text' for op 'postMessage'";
    }

    void refusesBadMessages() { programv2::verifyRefusedAsTheRowSays(); }

    void readsMessages()
    {
        const Program program = parseGood(withMain(R"([{"op": "worker", "do": [{"op": "setTimeout", "ms": 1,
            "do": [{"op": "postMessage"}]}, {"op": "postMessage", "label": "progress"}],
            "onMessage": [{"op": "log", "text": "m"}], "done": [{"op": "log", "text": "d"}]}])"));
        const auto& worker = program.main[0];
        QCOMPARE(worker.kind, OpKind::Worker);
        QCOMPARE(worker.body()[0].body()[0].kind, OpKind::PostMessage);
        QCOMPARE(worker.body()[1].kind, OpKind::PostMessage);
        QCOMPARE(worker.body()[1].label(), std::string("progress"));
        QCOMPARE(worker.onMessage().size(), std::size_t(1));
        QCOMPARE(worker.onMessage()[0].text.str(), std::string("m"));
        QCOMPARE(worker.done()[0].text.str(), std::string("d"));
        // A worker without onMessage has none, and its done is where it was.
        const Program plain = parseGood(withMain(R"([{"op": "worker", "done": [{"op": "log", "text": "d"}]}])", 1));
        QVERIFY(plain.main[0].onMessage().empty());
        QCOMPARE(plain.main[0].done().size(), std::size_t(1));
    }

    void emitsMessages()
    {
        const QString script = QString::fromStdString(loopscope::emitJs(parseGood(withMain(R"([{"op": "worker",
            "do": [{"op": "nextTick", "do": [{"op": "postMessage"}]}], "onMessage": [{"op": "log", "text": "m"}],
            "done": [{"op": "log", "text": "d"}]}])"))));
        // The worker's script posts its messages on parentPort, its "done" last line after them.
        QVERIFY2(script.contains("\"process.nextTick(() => {\",\n"
                                 "        \"    parentPort.postMessage(\\\"message\\\");\",\n"
                                 "        \"});\",\n"
                                 "        \"parentPort.postMessage(\\\"done\\\");\",\n"),
            qPrintable(script));
        QVERIFY2(script.contains(".on(\"message\", (message) => {\n"
                                 "    if (message === \"message\") {\n"
                                 "        console.log(\"m\");\n"
                                 "    } else {\n"
                                 "        console.log(\"d\");\n"
                                 "    }\n"
                                 "});\n"),
            qPrintable(script));
    }

    void emitsMessagesWithoutAHandler()
    {
        // Posted messages with no onMessage must not run done: the listener tells them apart all the same.
        const QString script = QString::fromStdString(loopscope::emitJs(parseGood(
            withMain(R"([{"op": "worker", "do": [{"op": "postMessage"}], "done": [{"op": "log", "text": "d"}]}])"))));
        QVERIFY2(script.contains("    if (message === \"message\") {\n"
                                 "    } else {\n"
                                 "        console.log(\"d\");\n"),
            qPrintable(script));
    }

    void emitsAWorkerWithoutMessagesAsBefore()
    {
        const QString script = QString::fromStdString(
            loopscope::emitJs(parseGood(withMain(R"([{"op": "worker", "done": [{"op": "log", "text": "d"}]}])"))));
        QVERIFY2(script.contains(".on(\"message\", () => {\n    console.log(\"d\");\n});\n"), qPrintable(script));
        QVERIFY(!script.contains("(message)"));
    }
};

QTEST_GUILESS_MAIN(TestProgramMessages)
#include "tst_programmessages.moc"
