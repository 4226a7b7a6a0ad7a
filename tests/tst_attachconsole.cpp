// The console of a program LoopScope attached to names the callback that printed each line, as a run of
// LoopScope's own does: the main module, a timer, a nextTick, an fs callback, a promise continuation, and
// the callback that wrote a line's first byte when another callback ended it. A line whose writer the probe
// cannot know (markers only, bytes the probe did not count) is named by nothing, never wrongly; the program
// prints what it prints without the probe.
#include "attach/attachrun.h"
#include "formats/traceio.h"
#include "processruns.h"
#include "requirenode.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <sstream>
#include <string>
#include <vector>

using namespace loopscope;

namespace {

const QByteArray Program = R"('use strict';
const fs = require('fs');
console.log('from main');
console.error('error from main');
setTimeout(function onTimer() {
  console.log('from timer');
  fs.writeSync(1, 'written by writeSync\n');
  process.stdout.write('partial ');
  setImmediate(function finish() {
    console.log('finished by immediate');
    console.error('error from immediate');
  });
}, 20);
process.nextTick(function afterMain() { console.log('from tick'); });
fs.readFile(__filename, function gotFile() { console.log('from fs'); });
Promise.resolve().then(function continued() { console.log('from promise'); });
)";

// A child that writes to the program's own standard output, which the probe does not count: from there on,
// no line is named (the bytes' hash says they are not the ones counted).
const QByteArray WithChild = R"('use strict';
console.log('from main');
setTimeout(function beforeChild() {
  console.log('before the child');
  require('child_process').execFileSync(process.execPath, ['-e', 'console.log("from a child")'], { stdio: 'inherit' });
  console.log('after the child');
  setTimeout(function later() { console.log('later'); }, 5);
}, 5);
)";

struct Printed
{
    std::string text;
    bool error = false;
    std::string from;
};

std::vector<Printed> printedIn(const Recording& recording)
{
    std::vector<Printed> printed;
    const EventLog& log = recording.mainLog();
    for (std::size_t i = 0; i < log.size(); ++i) {
        const Record r = log[i];
        if (r.type == RecordType::Log || r.type == RecordType::Error)
            printed.push_back(
                { recording.strings.at(r.label), r.type == RecordType::Error, recording.strings.at(r.console.from) });
    }
    return printed;
}

const Printed* line(const std::vector<Printed>& printed, const std::string& text)
{
    for (const Printed& p : printed) {
        if (p.text == text)
            return &p;
    }
    return nullptr;
}

// The lines of one stream as the program wrote them.
QByteArray joined(const std::vector<Printed>& printed, bool error)
{
    QByteArray text;
    for (const Printed& p : printed) {
        if (p.error == error)
            text += QByteArray::fromStdString(p.text) + '\n';
    }
    return text;
}

QString writeScript(QTemporaryDir& dir, const QString& name, const QByteArray& text)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size())
        return {};
    return path;
}

// The official builds of Node 18 to 24 scripts/install-node-versions.sh caches, where it put them.
QStringList cachedNodes()
{
    const QString xdg = qEnvironmentVariable("XDG_CACHE_HOME");
    QString dir = qEnvironmentVariable("LOOPSCOPE_NODE_CACHE");
    if (dir.isEmpty())
        dir = (xdg.isEmpty() ? QDir::homePath() + QStringLiteral("/.cache") : xdg) + QStringLiteral("/loopscope/node");
    QStringList nodes;
    const QDir cache(dir);
    for (const QString& version : cache.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        const QString node = cache.filePath(version + QStringLiteral("/bin/node"));
        if (QFileInfo(node).isExecutable())
            nodes << node;
    }
    return nodes;
}

wire::AttachResult attached(
    const QString& script, Recording& recording, bool markersOnly = false, const QString& node = QStringLiteral("node"))
{
    wire::AttachOptions options;
    options.node = node.toStdString();
    options.probeDir = LOOPSCOPE_PROBE_DIR;
    options.script = script.toStdString();
    options.output = wire::AttachOptions::Output::Recorded;
    options.everyCallback = !markersOnly;
    return wire::attach(options, recording);
}

bool startsWith(const std::string& text, const std::string& prefix)
{
    return text.rfind(prefix, 0) == 0;
}

} // namespace

class TestAttachConsole : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        REQUIRE_NODE();
        QVERIFY2(QFileInfo::exists(QStringLiteral(LOOPSCOPE_PROBE_DIR "/loopscope_probe.node")),
            "the probe was not built (Node.js headers missing?)");
    }

    // Each line is named by the callback that wrote its first byte, in the recording and in its trace, on
    // the node in PATH and on each build of Node 18 to 24 in scripts/install-node-versions.sh's cache.
    void eachLineNamesTheCallbackThatPrintedIt_data()
    {
        QTest::addColumn<QString>("node");
        QTest::newRow("node") << QStringLiteral("node");
        for (const QString& node : cachedNodes())
            QTest::newRow(qPrintable(QFileInfo(node).dir().dirName() == QLatin1String("bin")
                    ? QFileInfo(node).dir().absolutePath().section(QLatin1Char('/'), -2, -2)
                    : node))
                << node;
    }

    void eachLineNamesTheCallbackThatPrintedIt()
    {
        QFETCH(QString, node);
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("console.js"), Program);
        QVERIFY(!script.isEmpty());
        Recording recording;
        const wire::AttachResult result = attached(script, recording, false, node);
        QVERIFY2(result.probed, result.streamError.c_str());
        QCOMPARE(result.exitCode, 0);
        recording.info = result.described;
        const std::vector<Printed> printed = printedIn(recording);

        // What it printed is what node alone prints, line for line on each stream.
        const Ran plain = run(node, { script });
        QCOMPARE(plain.exitCode, 0);
        QCOMPARE(sortedLines(joined(printed, false)), sortedLines(plain.out));
        QCOMPARE(joined(printed, true), plain.err);

        const std::string at = script.toStdString();
        const auto from = [&](const std::string& text) {
            const Printed* p = line(printed, text);
            return p ? p->from : std::string("(not printed)");
        };
        QCOMPARE(from("from main"), std::string("main"));
        QCOMPARE(from("error from main"), std::string("main"));
        QVERIFY2(startsWith(from("from timer"), "Timeout onTimer (" + at + ":5:"), from("from timer").c_str());
        QVERIFY2(startsWith(from("written by writeSync"), "Timeout onTimer (" + at + ":5:"),
            from("written by writeSync").c_str());
        QVERIFY2(startsWith(from("from tick"), "TickObject afterMain (" + at + ":14:"), from("from tick").c_str());
        QVERIFY2(startsWith(from("from fs"), "FSREQCALLBACK gotFile (" + at + ":15:"), from("from fs").c_str());
        QCOMPARE(from("from promise"), std::string("PROMISE"));
        // Its first byte was the timer's, its end the immediate's.
        QVERIFY2(startsWith(from("partial finished by immediate"), "Timeout onTimer (" + at + ":5:"),
            from("partial finished by immediate").c_str());
        QVERIFY2(startsWith(from("error from immediate"), "Immediate finish (" + at + ":9:"),
            from("error from immediate").c_str());

        // The trace keeps them.
        std::ostringstream written;
        QVERIFY(writeTrace(recording, written));
        Recording readBack;
        std::string error;
        QVERIFY2(readTraceText(written.str(), readBack, &error), error.c_str());
        const std::vector<Printed> read = printedIn(readBack);
        QCOMPARE(read.size(), printed.size());
        for (std::size_t i = 0; i < read.size(); ++i) {
            QCOMPARE(read[i].text, printed[i].text);
            QCOMPARE(read[i].from, printed[i].from);
        }
    }

    // Through LoopScope the program's output is the one node alone gives, byte for byte, and so is its end.
    void theProgramsOutputIsItsOwn()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("console.js"), Program);
        QVERIFY(!script.isEmpty());
        const Ran plain = run(QStringLiteral("node"), { script });
        const Ran through = run(
            QStringLiteral(LOOPSCOPE_EXECUTABLE), { QStringLiteral("--headless"), QStringLiteral("--attach"), script });
        QCOMPARE(through.exitCode, plain.exitCode);
        // The fs callback and the timer may come in either order, with the probe or without.
        QCOMPARE(sortedLines(through.out), sortedLines(plain.out));
        QCOMPARE(through.out.size(), plain.out.size());
        QCOMPARE(through.err, plain.err);
    }

    // Marking the phases only, the probe knows no callback: no line is named.
    void markersOnlyNamesNoLine()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("console.js"), Program);
        QVERIFY(!script.isEmpty());
        Recording recording;
        const wire::AttachResult result = attached(script, recording, true);
        QVERIFY2(result.probed, result.streamError.c_str());
        const std::vector<Printed> printed = printedIn(recording);
        QCOMPARE(printed.size(), std::size_t(9));
        for (const Printed& p : printed)
            QVERIFY2(p.from.empty(), (p.text + ": " + p.from).c_str());
    }

    // Bytes the probe did not count (a child's, on the same pipe) leave the lines after them unnamed, not
    // named by the wrong callback; the lines before keep their names.
    void bytesNotCountedNameNothingAfter()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("child.js"), WithChild);
        QVERIFY(!script.isEmpty());
        Recording recording;
        const wire::AttachResult result = attached(script, recording);
        QVERIFY2(result.probed, result.streamError.c_str());
        const std::vector<Printed> printed = printedIn(recording);
        const std::string at = script.toStdString();
        QCOMPARE(printed.size(), std::size_t(5));
        QCOMPARE(printed[0].from, std::string("main"));
        QVERIFY2(startsWith(printed[1].from, "Timeout beforeChild (" + at + ":3:"), printed[1].from.c_str());
        QCOMPARE(printed[2].text, std::string("from a child"));
        for (std::size_t i = 2; i < printed.size(); ++i)
            QVERIFY2(printed[i].from.empty(), (printed[i].text + ": " + printed[i].from).c_str());
    }
};

QTEST_GUILESS_MAIN(TestAttachConsole)
#include "tst_attachconsole.moc"
