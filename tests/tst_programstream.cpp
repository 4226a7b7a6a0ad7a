// A file's read stream (program format version 2): readStream's size, chunk and listener bodies are read,
// refused where they do not fit (with line and column), and emitted as Node's fs.createReadStream of a file the
// script writes with that many bytes.
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

namespace {

QString emitted(const QByteArray& ops)
{
    return QString::fromStdString(loopscope::emitJs(parseGood(withMain(ops))));
}

} // namespace

class TestProgramStream : public QObject
{
    Q_OBJECT

private slots:
    void refusesBadStreams_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("message");

        QTest::newRow("version 1") << withMain(R"([{"op": "readStream", "bytes": 10}])", 1) << 2 << 9 << "$.main[0].op"
                                   << "op 'readStream' needs \"version\": 2";
        QTest::newRow("no bytes") << withMain(R"([{"op": "readStream", "chunk": 10}])") << 2 << 2 << "$.main[0]"
                                  << "missing field 'bytes'";
        QTest::newRow("negative bytes") << withMain(R"([{"op": "readStream", "bytes": -1}])") << 2 << 32
                                        << "$.main[0].bytes"
                                        << "value -1 is out of range 0..16777216";
        QTest::newRow("bytes beyond 16 MiB")
            << withMain(R"([{"op": "readStream", "bytes": 16777217}])") << 2 << 32 << "$.main[0].bytes"
            << "value 16777217 is out of range 0..16777216";
        QTest::newRow("no chunk at all") << withMain(R"([{"op": "readStream", "bytes": 10, "chunk": 0}])") << 2 << 45
                                         << "$.main[0].chunk"
                                         << "value 0 is out of range 1..16777216";
        QTest::newRow("chunk a string") << withMain(R"([{"op": "readStream", "bytes": 10, "chunk": "x"}])") << 2 << 45
                                        << "$.main[0].chunk"
                                        << "expected an integer or a \"$parameter\", got a string";
        QTest::newRow("a do") << withMain(R"([{"op": "readStream", "bytes": 10, "do": []}])") << 2 << 36
                              << "$.main[0].do"
                              << "unknown field 'do' for op 'readStream'";
        QTest::newRow("onEnd not a body")
            << withMain(R"([{"op": "readStream", "bytes": 10, "onEnd": {}}])") << 2 << 45 << "$.main[0].onEnd"
            << "expected an array, got an object";
        QTest::newRow("in a worker's do")
            << withMain(R"([{"op": "worker", "do": [{"op": "readStream", "bytes": 10}]}])") << 2 << 26
            << "$.main[0].do[0]"
            << "'readStream' is not available in a worker";
        QTest::newRow("onData's own await")
            << withMain(R"([{"op": "async", "do": [{"op": "readStream", "bytes": 1, "onData": [{"op": "await"}]}]}])")
            << 2 << 69 << "$.main[0].do[0].onData[0]"
            << "'await' is only allowed in an async body (a callback inside one is not async)";
    }

    void refusesBadStreams() { programv2::verifyRefusedAsTheRowSays(); }

    void readsStreams()
    {
        const Program program = parseGood(withMain(R"([{"op": "readStream", "bytes": 40000, "chunk": 16384,
            "onData": [{"op": "log", "text": "d"}], "onEnd": [{"op": "log", "text": "e"}],
            "onClose": [{"op": "log", "text": "c1"}, {"op": "log", "text": "c2"}]},
            {"op": "readStream", "bytes": 0, "onClose": [{"op": "log", "text": "c"}]},
            {"op": "readStream", "bytes": 5}])"));
        const auto& stream = program.main[0];
        QCOMPARE(stream.kind, OpKind::ReadStream);
        QCOMPARE(stream.iterations, 40000);
        QCOMPARE(stream.times, 16384);
        QCOMPARE(stream.body()[0].text.str(), std::string("d"));
        QCOMPARE(stream.onEnd()[0].text.str(), std::string("e"));
        QCOMPARE(stream.onClose().size(), std::size_t(2));
        // No chunk: fs.createReadStream's 64 KiB; a close with no end keeps its place.
        const auto& closing = program.main[1];
        QCOMPARE(closing.iterations, 0);
        QCOMPARE(closing.times, 65536);
        QVERIFY(closing.body().empty());
        QVERIFY(closing.onEnd().empty());
        QCOMPARE(closing.onClose()[0].text.str(), std::string("c"));
        QVERIFY(program.main[2].onEnd().empty());
        QVERIFY(program.main[2].onClose().empty());
    }

    void emitsStreams()
    {
        const QString script = emitted(R"([{"op": "readStream", "bytes": 40000, "chunk": 16384,
            "onData": [{"op": "log", "text": "d"}], "onEnd": [{"op": "log", "text": "e"}],
            "onClose": [{"op": "log", "text": "c"}]}, {"op": "readStream", "bytes": 40000, "onEnd": [{"op": "log",
            "text": "e2"}]}, {"op": "readStream", "bytes": 7}])");
        QVERIFY2(script.contains("const os = require(\"node:os\");\nconst path = require(\"node:path\");\n"),
            qPrintable(script));
        // One file a size, written before any op runs and removed at exit.
        QVERIFY2(script.contains(
                     "const streamFile7 = path.join(os.tmpdir(), \"loopscope-stream-\" + process.pid + \"-7\");\n"
                     "fs.writeFileSync(streamFile7, Buffer.alloc(7));\n"
                     "const streamFile40000 = path.join(os.tmpdir(), \"loopscope-stream-\" + process.pid + "
                     "\"-40000\");\n"
                     "fs.writeFileSync(streamFile40000, Buffer.alloc(40000));\n"
                     "process.on(\"exit\", () => {\n"
                     "    fs.rmSync(streamFile7, { force: true });\n"
                     "    fs.rmSync(streamFile40000, { force: true });\n"
                     "});\n"),
            qPrintable(script));
        QVERIFY2(script.contains("fs.createReadStream(streamFile40000, { highWaterMark: 16384 })\n"
                                 "    .on(\"data\", () => {\n"
                                 "        console.log(\"d\");\n"
                                 "    })\n"
                                 "    .on(\"end\", () => {\n"
                                 "        console.log(\"e\");\n"
                                 "    })\n"
                                 "    .on(\"close\", () => {\n"
                                 "        console.log(\"c\");\n"
                                 "    });\n"),
            qPrintable(script));
        // Always a data listener, which makes the stream flow; the others only with a body.
        QVERIFY2(script.contains("fs.createReadStream(streamFile40000, { highWaterMark: 65536 })\n"
                                 "    .on(\"data\", () => {})\n"
                                 "    .on(\"end\", () => {\n"
                                 "        console.log(\"e2\");\n"
                                 "    });\n"),
            qPrintable(script));
        QVERIFY2(script.contains("fs.createReadStream(streamFile7, { highWaterMark: 65536 })\n"
                                 "    .on(\"data\", () => {});\n"),
            qPrintable(script));
    }

    void emitsStreamsInAnEsModule()
    {
        const QByteArray text = "{\"format\": \"loopscope-program\", \"version\": 2, \"name\": \"t\", \"module\": "
                                "\"esm\", \"main\": [{\"op\": \"readStream\", \"bytes\": 3}]}";
        const QString script = QString::fromStdString(loopscope::emitJs(parseGood(text)));
        QVERIFY2(script.contains("import fs from \"node:fs\";\nimport os from \"node:os\";\n"
                                 "import path from \"node:path\";\n"),
            qPrintable(script));
    }

    void emitsNoStreamFilesWithoutStreams()
    {
        const QString script = emitted(R"([{"op": "stat", "do": [{"op": "log", "text": "s"}]}])");
        QVERIFY(!script.contains("streamFile"));
        QVERIFY(!script.contains("node:os"));
    }
};

QTEST_GUILESS_MAIN(TestProgramStream)
#include "tst_programstream.moc"
