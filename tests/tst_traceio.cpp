#include "formats/gzip.h"
#include "formats/latencycsv.h"
#include "formats/summary.h"
#include "formats/traceformat.h"
#include "formats/traceio.h"
#include "recording/recordcodec.h"
#include "recording/recorder.h"
#include "recording/recording.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <utility>
#include <vector>

using namespace loopscope;

namespace {

// What an error about a huge key or value may take: one line a terminal shows whole.
constexpr std::size_t MaxErrorLineBytes = 300;

const char* const OddLabel
    = "line with \"quotes\", a \\ backslash,\n\ttabs, \x01 control, caf\xc3\xa9, \xf0\x9f\x98\x80";
const char* const InvalidUtf8Label = "bad \xff byte, cut \xc3 sequence, surrogate \xed\xa0\x80";

// A small but complete timeline: the main program, one iteration of every phase with nested
// callbacks and runs, pool work on two workers, samples, console output and a worker loop.
void fillRecording(Recording& recording)
{
    RecordingInfo& info = recording.info;
    info.generator = "LoopScope 0.1.0";
    info.libuv = "1.44.2";
    info.program = "demo";
    info.threadpoolSize = 4;
    info.unobserved = UnobservedQueues | UnobservedPollWait; // as an attached program's recording says
    info.aborted = true;
    info.droppedEvents = 3;
    info.threadNames = { { WorkerThreadBase, "report worker" } };
    info.loopStartNs = 40'000; // what performance.eventLoopUtilization() reads, and how a program ended
    info.loopIdleNs = 120'000;
    info.exitStatus = 0;
    info.exitSignal = 9;

    StringTable& strings = recording.strings;
    const ProgramClock clock(0);
    Recorder rec(recording.mainLog(), strings, clock);
    const std::uint32_t mainLabel = strings.intern("main");
    const std::uint32_t tick = strings.intern("tick");
    rec.callback(tick, CallbackKind::NextTick, 40'000, 41'000, 0, 1);
    rec.callback(tick, CallbackKind::NextTick, 41'000, 42'500, 0, 1);
    rec.callback(tick, CallbackKind::NextTick, 42'500, 43'000, 0, 1);
    rec.callback(mainLabel, CallbackKind::Main, 0, 50'000, 0, 0);

    rec.callback(strings.intern("then"), CallbackKind::Microtask, 65'000, 66'000, 1, 1);
    rec.callback(strings.intern(OddLabel), CallbackKind::Timer, 61'000, 70'000, 1, 0);
    rec.phase(Phase::Timers, true, 60'000, 100'000, 1);
    rec.phase(Phase::Pending, true, 100'000, 100'500, 1);
    rec.phase(Phase::Idle, false, 100'500, 100'500, 1);
    rec.phase(Phase::Prepare, false, 100'500, 101'000, 1);
    rec.callback(strings.intern(InvalidUtf8Label), CallbackKind::Io, 150'000, 160'000, 1, 0);
    rec.phase(Phase::Poll, true, 102'000, 199'000, 1, 5);
    const std::uint32_t immediate = strings.intern("immediate");
    for (int i = 0; i < 1000; ++i)
        rec.callback(immediate, CallbackKind::Immediate, 200'000 + i * 10, 200'000 + i * 10 + (i == 7 ? 9 : 5), 1, 0);
    rec.phase(Phase::Check, true, 199'500, 211'000, 1);
    rec.phase(Phase::Close, true, 211'000, 212'000, 1);

    rec.pool(strings.intern("pbkdf2"), 1, 2'000, 60'000, 140'000, 1);
    rec.pool(strings.intern("fs.open"), 2, 1'500'250, 61'000, 62'000, 1);
    LiveState live;
    live.nextTick = 1;
    live.microtask = 2;
    live.immediate = 3;
    live.timers = 4;
    live.close = 5;
    live.poolQueued = 6;
    live.poolActive = 7;
    rec.queues(100'000, live);
    rec.latency(150'000, 1.25, -1, -1, 11.25);
    rec.latency(250'000, 0.5, 3.75);
    rec.latency(300'000, -1, 2.0);
    rec.text(RecordType::Log, strings.intern("readFile callback"), 155'000, strings.intern("readFile"));
    rec.text(RecordType::Log, strings.intern(""), 156'000);
    rec.text(RecordType::Error, strings.intern("boom"), 157'000, strings.intern("readFile"));
    rec.held(strings.intern("held"), 158'000, 2'500'000'000);
    rec.flush();

    recording.logs.push_back(std::make_unique<EventLog>());
    Recorder worker(*recording.logs[1], strings, clock);
    worker.callback(strings.intern("onmessage"), CallbackKind::Io, 72'000, 75'000, 1, 0, WorkerThreadBase);
    worker.phase(Phase::Poll, true, 70'000, 80'000, 1, -1, WorkerThreadBase);
    worker.text(
        RecordType::Log, strings.intern("from the worker"), 76'000, strings.intern("onmessage"), WorkerThreadBase);
    worker.flush();
}

std::string traceText(const Recording& recording)
{
    std::ostringstream out;
    if (!writeTrace(recording, out))
        return {};
    return out.str();
}

QJsonObject parseTrace(const std::string& text)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(QByteArray::fromStdString(text), &error);
    if (error.error != QJsonParseError::NoError)
        qWarning() << "JSON error at" << error.offset << error.errorString();
    return document.object();
}

bool sameRecord(const Record& a, const StringTable& aStrings, const Record& b, const StringTable& bStrings)
{
    if (a.type != b.type || a.sub != b.sub || a.thread != b.thread || a.startNs != b.startNs)
        return false;
    switch (a.type) {
    case RecordType::Phase:
        return a.label == b.label && a.span.durNs == b.span.durNs && a.span.maxNs == b.span.maxNs
            && a.span.count == b.span.count && a.span.iteration == b.span.iteration;
    case RecordType::Callback:
    case RecordType::Pool:
        return aStrings.at(a.label) == bStrings.at(b.label) && a.span.durNs == b.span.durNs
            && a.span.busyNs == b.span.busyNs && a.span.maxNs == b.span.maxNs && a.span.count == b.span.count
            && a.span.iteration == b.span.iteration;
    case RecordType::Queues:
        return std::memcmp(&a.queues, &b.queues, sizeof a.queues) == 0;
    case RecordType::Latency:
        return (a.latency.loopDelayMs == b.latency.loopDelayMs
                   || (a.latency.loopDelayMs < 0 && b.latency.loopDelayMs < 0))
            && (a.latency.healthMs == b.latency.healthMs || (a.latency.healthMs < 0 && b.latency.healthMs < 0))
            && (a.latency.utilization == b.latency.utilization
                || (a.latency.utilization < 0 && b.latency.utilization < 0));
    case RecordType::Log:
    case RecordType::Error:
        return aStrings.at(a.label) == bStrings.at(b.label) && stepsMeasured(a) == stepsMeasured(b)
            && aStrings.at(printedBy(a)) == bStrings.at(printedBy(b));
    case RecordType::Held:
        return aStrings.at(a.label) == bStrings.at(b.label) && a.span.maxNs == b.span.maxNs;
    case RecordType::Queued:
        return aStrings.at(a.label) == bStrings.at(b.label) && a.span.maxNs == b.span.maxNs
            && a.span.count == b.span.count;
    }
    return false;
}

// Where two recordings' records first differ ("log 0 record 12 differs", "log 1 has 3 records, not 4"), or
// an empty string when every log holds the same records.
QString firstDifference(const Recording& expected, const Recording& actual)
{
    if (actual.logs.size() != expected.logs.size())
        return QString("%1 logs, not %2").arg(actual.logs.size()).arg(expected.logs.size());
    for (std::size_t log = 0; log < expected.logs.size(); ++log) {
        const EventLog& a = *expected.logs[log];
        const EventLog& b = *actual.logs[log];
        if (b.size() != a.size())
            return QString("log %1 has %2 records, not %3").arg(log).arg(b.size()).arg(a.size());
        for (std::size_t i = 0; i < a.size(); ++i) {
            if (!sameRecord(a[i], expected.strings, b[i], actual.strings))
                return QString("log %1 record %2 differs").arg(log).arg(i);
        }
    }
    return {};
}

QString readError(const std::string& text)
{
    Recording recording;
    std::string error;
    if (readTraceText(text, recording, &error))
        return {};
    return QString::fromStdString(error);
}

// What `node --trace-events-enabled` writes: metadata, V8 and async-hooks events, none of them LoopScope's.
QByteArray nodeTrace()
{
    return R"({"traceEvents":[)"
           R"({"pid":4242,"tid":4242,"ts":0,"tts":0,"ph":"M","cat":"__metadata","name":"process_name","args":{"name":"node"}},)"
           R"({"pid":4242,"tid":4242,"ts":1051536000,"tts":1200,"ph":"X","cat":"v8","name":"V8.GCScavenger","dur":350,"tdur":340,"args":{}},)"
           R"({"pid":4242,"tid":4242,"ts":1051537000,"tts":0,"ph":"b","cat":"node,node.async_hooks","name":"Timeout","id":"0x3","args":{"data":{"executionAsyncId":1}}}]})";
}

// One event on trace thread `tid`: pool work, or a line of console output.
std::string eventOn(int tid, bool pool)
{
    const std::string head
        = pool ? R"({"ph":"X","cat":"pool","name":"fs.open","dur":1,)" : R"({"ph":"i","cat":"log","name":"line",)";
    return head + "\"ts\":1,\"tid\":" + std::to_string(tid) + "}";
}

// A trace with one event per line (the first on line 2) on each of `count` threads from `firstTid` on.
std::string traceOnThreads(int firstTid, int count, bool pool)
{
    std::string text = "{\"traceEvents\":[";
    for (int i = 0; i < count; ++i)
        text += (i ? ",\n" : "\n") + eventOn(firstTid + i, pool);
    return text + "]}";
}

// Writes the recording as a trace or as latency CSV, as the test row asks.
bool writeFile(
    bool csv, const Recording& recording, const std::string& path, std::string* error, const Progress& progress)
{
    return csv ? writeLatencyCsv(recording, path, error, progress) : writeTrace(recording, path, error, progress);
}

// Every call a Progress callback saw, answering `answer`.
struct ProgressLog
{
    bool answer = true;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> calls;

    Progress callback()
    {
        return [this](std::uint64_t done, std::uint64_t total) {
            calls.emplace_back(done, total);
            return answer;
        };
    }

    bool risesToTheTotal() const
    {
        for (std::size_t i = 1; i < calls.size(); ++i) {
            if (calls[i].first < calls[i - 1].first || calls[i].second != calls[0].second)
                return false;
        }
        return !calls.empty() && calls.back().first == calls.back().second;
    }
};

} // namespace

class TestTraceIo : public QObject
{
    Q_OBJECT

private slots:
    void roundTripsEventLoopUtilizationAndTheRawHistogramValue()
    {
        Recording recording;
        const ProgramClock clock(0);
        Recorder rec(recording.mainLog(), recording.strings, clock);
        rec.latency(100'000, 0.25, -1, 0.75, 10.25);
        rec.flush();
        std::stringstream out;
        QVERIFY(writeTrace(recording, out));
        QVERIFY(out.str().find("\"elu\":0.75") != std::string::npos);
        QVERIFY(out.str().find("\"loopDelayMs\":0.25,\"histogramMs\":10.25") != std::string::npos);
        Recording back;
        std::string error;
        QVERIFY2(readTraceText(out.str(), back, &error), error.c_str());
        QCOMPARE(back.mainLog().size(), std::size_t(1));
        QCOMPARE(back.mainLog()[0].latency.utilization, 0.75);
        QCOMPARE(back.mainLog()[0].latency.loopDelayMs, 0.25);
        QCOMPARE(back.mainLog()[0].latency.histogramMs, 10.25);
        QCOMPARE(back.mainLog()[0].latency.healthMs < 0, true);
    }

    // A run timed only as a whole (an attached program's ticks counted in one drain) keeps "longest not
    // known" through the record encoding and the trace file, and its mean is never the summary's longest.
    void aRunsUnknownLongestRoundTrips()
    {
        Recording recording;
        Record run;
        run.type = RecordType::Callback;
        run.sub = std::uint8_t(CallbackKind::NextTick);
        run.label = recording.strings.intern("TickObject");
        run.startNs = 1'000'000;
        run.span = { 400'000'000, 400'000'000, LongestUnknown, 1000, 1 };
        Record single = run;
        single.sub = std::uint8_t(CallbackKind::Immediate);
        single.label = recording.strings.intern("Immediate");
        single.startNs = 500'000'000;
        single.span = { 100'000, 100'000, 100'000, 1, 1 };
        for (const Record& r : { run, single }) {
            Record* slot = recording.mainLog().slot();
            QVERIFY(slot);
            *slot = r;
            recording.mainLog().commit();
        }
        std::vector<std::uint8_t> bytes;
        const Record records[] = { run, single };
        recordcodec::encodeBlock(records, 2, bytes);
        Record decoded[2];
        QVERIFY(recordcodec::decodeBlock(bytes.data(), bytes.size(), decoded, 2));
        QCOMPARE(decoded[0].span.maxNs, LongestUnknown);

        const std::string text = traceText(recording);
        QVERIFY2(text.find("\"count\":1000,\"totalMs\":400,\"maxMs\":null") != std::string::npos,
            text.substr(std::min(text.size(), text.find("\"cat\":\"callback"))).c_str());
        Recording back;
        std::string error;
        QVERIFY2(readTraceText(text, back, &error), error.c_str());
        QCOMPARE(back.mainLog()[0].span.count, 1000u);
        QCOMPARE(back.mainLog()[0].span.maxNs, LongestUnknown);
        QCOMPARE(back.mainLog()[1].span.maxNs, std::int64_t(100'000));
        const std::string summary = summarize(back);
        QVERIFY2(
            summary.find("Longest callback: Immediate (immediate) 0.100 ms") != std::string::npos, summary.c_str());
    }

    // How an attached program's run was stopped by LoopScope (a signal it got, --timeout-ms, its window
    // closed; the program ended or left running) and where a lost stream ended travel through the trace's
    // otherData and back, and the summary says each in words.
    void howARunWasStoppedRoundTrips_data()
    {
        using StoppedBy = RecordingInfo::StoppedBy;
        QTest::addColumn<int>("stoppedBy");
        QTest::addColumn<int>("stopSignal");
        QTest::addColumn<int>("timeoutMs");
        QTest::addColumn<bool>("detached");
        QTest::addColumn<qint64>("streamLostNs");
        QTest::addColumn<QString>("fields");
        QTest::addColumn<QString>("said");
        QTest::newRow("SIGHUP") << int(StoppedBy::Signal) << 1 << 0 << false << qint64(-1)
                                << "\"stoppedBy\":\"signal\",\"stopSignal\":1"
                                << "Ended by LoopScope on SIGHUP (signal 1)\n";
        QTest::newRow("timeout") << int(StoppedBy::Timeout) << 0 << 2000 << false << qint64(-1)
                                 << "\"stoppedBy\":\"timeout\",\"timeoutMs\":2000"
                                 << "Ended by LoopScope: timed out after 2000 ms (--timeout-ms)\n";
        QTest::newRow("window") << int(StoppedBy::Window) << 0 << 0 << false << qint64(-1) << "\"stoppedBy\":\"window\""
                                << "Ended by LoopScope: its window closed\n";
        QTest::newRow("detached") << int(StoppedBy::Signal) << 15 << 0 << true << qint64(-1)
                                  << "\"stoppedBy\":\"signal\",\"stopSignal\":15,\"detached\":true"
                                  << "Left running by LoopScope on SIGTERM (signal 15), as --detach asked\n";
        QTest::newRow("stream lost") << int(StoppedBy::None) << 0 << 0 << false << qint64(12'500'000)
                                     << "\"streamLostNs\":12500000"
                                     << "The probe's stream was lost at 12.500 ms, while the program went on";
    }

    void howARunWasStoppedRoundTrips()
    {
        QFETCH(int, stoppedBy);
        QFETCH(int, stopSignal);
        QFETCH(int, timeoutMs);
        QFETCH(bool, detached);
        QFETCH(qint64, streamLostNs);
        QFETCH(QString, fields);
        QFETCH(QString, said);
        Recording written;
        fillRecording(written);
        written.info.stoppedBy = RecordingInfo::StoppedBy(stoppedBy);
        written.info.stopSignal = stopSignal;
        written.info.timeoutMs = timeoutMs;
        written.info.detached = detached;
        written.info.streamLostNs = streamLostNs;
        const std::string text = traceText(written);
        QVERIFY2(text.find(fields.toStdString()) != std::string::npos, text.substr(text.find("\"otherData\"")).c_str());
        Recording read;
        std::string error;
        QVERIFY2(readTraceText(text, read, &error), error.c_str());
        QCOMPARE(read.info.stoppedBy, written.info.stoppedBy);
        QCOMPARE(read.info.stopSignal, stopSignal);
        QCOMPARE(read.info.timeoutMs, timeoutMs);
        QCOMPARE(read.info.detached, detached);
        QCOMPARE(read.info.streamLostNs, std::int64_t(streamLostNs));
        QCOMPARE(traceText(read), text);
        const std::string summary = summarize(read);
        QVERIFY2(summary.find(said.toStdString()) != std::string::npos, summary.c_str());
        // A recording of LoopScope's own run, or of a program that ended by itself, says none of it.
        QVERIFY(summarize(Recording()).find("LoopScope") == std::string::npos);
        QVERIFY(traceText(Recording()).find("stoppedBy") == std::string::npos);
    }

    void writesTheTraceEventObjectFormat()
    {
        Recording recording;
        fillRecording(recording);
        const QJsonObject trace = parseTrace(traceText(recording));
        QCOMPARE(trace.value("displayTimeUnit").toString(), QString("ms"));
        const QJsonObject other = trace.value("otherData").toObject();
        QCOMPARE(other.value("generator").toString(), QString("LoopScope 0.1.0"));
        QCOMPARE(other.value("libuv").toString(), QString("1.44.2"));
        QCOMPARE(other.value("threadpoolSize").toInt(), 4);
        QCOMPARE(other.value("program").toString(), QString("demo"));
        QCOMPARE(other.value("aborted").toBool(), true);
        QCOMPARE(other.value("droppedEvents").toInt(), 3);

        const QJsonArray events = trace.value("traceEvents").toArray();
        std::size_t records = 0;
        for (const auto& log : recording.logs)
            records += log->size();
        QVERIFY(events.size() > int(records));
        std::map<int, QString> threadNames;
        QString processName;
        int counters = 0;
        int instants = 0;
        for (const QJsonValue& value : events) {
            const QJsonObject event = value.toObject();
            QCOMPARE(event.value("pid").toInt(), 1);
            QVERIFY(event.value("tid").isDouble());
            const QString ph = event.value("ph").toString();
            if (ph == "M") {
                if (event.value("name") == "thread_name")
                    threadNames[event.value("tid").toInt()] = event.value("args").toObject().value("name").toString();
                if (event.value("name") == "process_name")
                    processName = event.value("args").toObject().value("name").toString();
                continue;
            }
            QVERIFY(event.value("ts").isDouble());
            if (ph == "X") {
                QVERIFY(event.value("dur").isDouble());
                QVERIFY(event.value("dur").toDouble() >= 0);
                QVERIFY(event.value("name").isString());
                QVERIFY(event.value("cat").isString());
            } else if (ph == "C") {
                ++counters;
            } else if (ph == "i") {
                QCOMPARE(event.value("s").toString(), QString("t"));
                ++instants;
            } else {
                QFAIL(qPrintable("unexpected ph " + ph));
            }
        }
        QCOMPARE(counters, 4);
        QCOMPARE(instants, 5); // three logs, an error and a hold
        QCOMPARE(processName, QString("LoopScope: demo"));
        QCOMPARE(threadNames[1], QString("main loop"));
        QCOMPARE(threadNames[101], QString("pool worker 1"));
        QCOMPARE(threadNames[104], QString("pool worker 4"));
        QCOMPARE(threadNames[WorkerThreadBase], QString("report worker"));
        QCOMPARE(int(threadNames.size()), 6);
    }

    void mapsRecordsToEvents()
    {
        Recording recording;
        fillRecording(recording);
        const QJsonArray events = parseTrace(traceText(recording)).value("traceEvents").toArray();
        auto find = [&](const QString& cat, const QString& name) {
            for (const QJsonValue& value : events) {
                const QJsonObject event = value.toObject();
                if (event.value("cat").toString() == cat && event.value("name").toString() == name)
                    return event;
            }
            return QJsonObject();
        };
        const QJsonObject poll = find("phase", "poll");
        QCOMPARE(poll.value("ts").toDouble(), 102.0);
        QCOMPARE(poll.value("dur").toDouble(), 97.0);
        QCOMPARE(poll.value("args").toObject().value("timeoutMs").toInt(), 5);
        QCOMPARE(poll.value("args").toObject().value("iteration").toInt(), 1);
        QCOMPARE(poll.value("args").toObject().value("timed").toBool(), true);
        QVERIFY(!find("phase", "timers").value("args").toObject().contains("timeoutMs"));
        QCOMPARE(find("phase", "idle").value("args").toObject().value("timed").toBool(), false);

        const QJsonObject ticks = find("callback", "tick");
        QCOMPARE(ticks.value("ts").toDouble(), 40.0);
        QCOMPARE(ticks.value("dur").toDouble(), 3.0);
        const QJsonObject tickArgs = ticks.value("args").toObject();
        QCOMPARE(tickArgs.value("kind").toString(), QString("nextTick"));
        QCOMPARE(tickArgs.value("count").toInt(), 3);
        QCOMPARE(tickArgs.value("totalMs").toDouble(), 0.003);
        QCOMPARE(tickArgs.value("maxMs").toDouble(), 0.0015);
        const QJsonObject immediates = find("callback", "immediate").value("args").toObject();
        QCOMPARE(immediates.value("count").toInt(), 1000);
        QCOMPARE(immediates.value("maxMs").toDouble(), 0.000009);
        QVERIFY(!find("callback", "main").value("args").toObject().contains("count"));
        QCOMPARE(find("callback", QString::fromUtf8(OddLabel)).value("args").toObject().value("kind").toString(),
            QString("timer"));

        const QJsonObject open = find("pool", "fs.open");
        QCOMPARE(open.value("tid").toInt(), 102);
        QCOMPARE(open.value("args").toObject().value("queuedUs").toDouble(), 1500.25);

        std::vector<QJsonObject> latency;
        for (const QJsonValue& value : events) {
            if (value.toObject().value("name") == "latency")
                latency.push_back(value.toObject().value("args").toObject());
            if (value.toObject().value("name") == "queues") {
                const QJsonObject args = value.toObject().value("args").toObject();
                QCOMPARE(args.value("nextTick").toInt(), 1);
                QCOMPARE(args.value("timers").toInt(), 4);
                QCOMPARE(args.value("poolActive").toInt(), 7);
            }
        }
        QCOMPARE(int(latency.size()), 3);
        QCOMPARE(latency[0].value("loopDelayMs").toDouble(), 1.25);
        QVERIFY(!latency[0].contains("healthMs"));
        QCOMPARE(latency[1].value("healthMs").toDouble(), 3.75);
        QVERIFY(!latency[2].contains("loopDelayMs"));

        const QJsonObject log = find("log", "from the worker");
        QCOMPARE(log.value("tid").toInt(), int(WorkerThreadBase));
        QCOMPARE(log.value("args").toObject().value("from").toString(), QStringLiteral("onmessage"));
        QCOMPARE(find("error", "boom").value("tid").toInt(), 1);
        QCOMPARE(find("error", "boom").value("args").toObject().value("from").toString(), QStringLiteral("readFile"));
        // Who printed a line is said only when known.
        QVERIFY(!find("log", "").contains("args"));
    }

    void spansNestOrAreDisjointOnEachThread()
    {
        Recording recording;
        fillRecording(recording);
        const QJsonArray events = parseTrace(traceText(recording)).value("traceEvents").toArray();
        struct Span
        {
            std::int64_t start, end;
        };
        std::map<int, std::vector<Span>> spans;
        for (const QJsonValue& value : events) {
            const QJsonObject event = value.toObject();
            if (event.value("ph") != "X")
                continue;
            const auto start = std::llround(event.value("ts").toDouble() * 1000);
            spans[event.value("tid").toInt()].push_back(
                { start, start + std::llround(event.value("dur").toDouble() * 1000) });
        }
        QCOMPARE(int(spans.size()), 4);
        for (auto& [tid, list] : spans) {
            std::sort(list.begin(), list.end(),
                [](const Span& a, const Span& b) { return a.start != b.start ? a.start < b.start : a.end > b.end; });
            std::vector<Span> open;
            for (const Span& span : list) {
                while (!open.empty() && open.back().end <= span.start)
                    open.pop_back();
                if (!open.empty() && span.end > open.back().end)
                    QFAIL(qPrintable(QString("tid %1: span at %2 overlaps its parent").arg(tid).arg(span.start)));
                open.push_back(span);
            }
        }
    }

    void escapesStrings_data()
    {
        QTest::addColumn<QByteArray>("label");
        QTest::addColumn<QString>("expected");
        QTest::newRow("plain") << QByteArray("setTimeout 0") << QString("setTimeout 0");
        QTest::newRow("empty") << QByteArray("") << QString();
        QTest::newRow("quotes and backslash") << QByteArray("say \"hi\" \\o/") << QString("say \"hi\" \\o/");
        QTest::newRow("control characters") << QByteArray("a\nb\tc\rd\be\ff\x01g\x1fh\x7f", 17)
                                            << QString::fromLatin1("a\nb\tc\rd\be\ff\x01g\x1fh\x7f", 17);
        QTest::newRow("utf-8") << QByteArray("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80")
                               << QString::fromUtf8("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
        QTest::newRow("line separator") << QByteArray("a\xe2\x80\xa8z") << QString::fromUtf8("a\xe2\x80\xa8z");
    }

    void escapesStrings()
    {
        QFETCH(QByteArray, label);
        QFETCH(QString, expected);
        Recording recording;
        const ProgramClock clock(0);
        Recorder rec(recording.mainLog(), recording.strings, clock);
        rec.text(RecordType::Log, recording.strings.intern(label.toStdString()), 1);
        const QJsonArray events = parseTrace(traceText(recording)).value("traceEvents").toArray();
        QVERIFY(!events.isEmpty());
        QCOMPARE(events.last().toObject().value("name").toString(), expected);
    }

    void invalidUtf8StillGivesValidJson()
    {
        Recording recording;
        const ProgramClock clock(0);
        Recorder rec(recording.mainLog(), recording.strings, clock);
        rec.text(RecordType::Log, recording.strings.intern(InvalidUtf8Label), 1);
        const QJsonArray events = parseTrace(traceText(recording)).value("traceEvents").toArray();
        QVERIFY(!events.isEmpty());
        QVERIFY(events.last().toObject().value("name").toString().startsWith("bad "));
    }

    void roundTripsThroughAFile_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("json") << "run.json";
        QTest::newRow("gzip") << "run.json.gz";
    }
    void roundTripsThroughAFile()
    {
        QFETCH(QString, name);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath(name).toStdString();
        Recording written;
        fillRecording(written);
        std::string error;
        QVERIFY2(writeTrace(written, path, &error), error.c_str());

        Recording read;
        QVERIFY2(readTrace(path, read, &error), error.c_str());
        QCOMPARE(read.info.generator, written.info.generator);
        QCOMPARE(read.info.libuv, written.info.libuv);
        QCOMPARE(read.info.program, written.info.program);
        QCOMPARE(read.info.threadpoolSize, written.info.threadpoolSize);
        QCOMPARE(read.info.aborted, written.info.aborted);
        QCOMPARE(read.info.droppedEvents, written.info.droppedEvents);
        QCOMPARE(read.info.timersAfterClose, written.info.timersAfterClose);
        QCOMPARE(read.info.unobserved, written.info.unobserved);
        QCOMPARE(read.info.loopStartNs, written.info.loopStartNs);
        QCOMPARE(read.info.loopIdleNs, written.info.loopIdleNs);
        QCOMPARE(read.info.exitStatus, written.info.exitStatus);
        QCOMPARE(read.info.exitSignal, written.info.exitSignal);
        QVERIFY(read.info.threadNames == written.info.threadNames);
        const QString difference = firstDifference(written, read);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));

        // Writing what was read gives the same bytes again.
        QCOMPARE(traceText(read), traceText(written));
        // A name ending in .gz is written compressed.
        QFile file(QString::fromStdString(path));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.read(2) == QByteArray("\x1f\x8b"), name.endsWith(QLatin1String(".gz")));
    }

    // A trace written as its run goes holds the same records as one written at once, and reads back
    // the same, compressed or not; its tracks are named though the first record came before their names.
    void streamsATraceAsItsRunGoes_data() { roundTripsThroughAFile_data(); }
    void streamsATraceAsItsRunGoes()
    {
        QFETCH(QString, name);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath(name).toStdString();
        Recording written;
        fillRecording(written);
        TraceStream stream(path, {});
        std::string error;
        QVERIFY2(stream.open(written, &error), error.c_str());
        // A session hands records over chunk by chunk, the logs interleaved: each log's stay in order.
        for (std::size_t i = 0;; ++i) {
            bool any = false;
            for (const auto& log : written.logs) {
                if (i < log->size()) {
                    stream.add((*log)[i], written.strings);
                    any = true;
                }
            }
            if (!any)
                break;
        }
        QVERIFY(!QFile::exists(QString::fromStdString(path))); // only once finished
        QVERIFY2(stream.finish(written, &error), error.c_str());

        Recording read;
        QVERIFY2(readTrace(path, read, &error), error.c_str());
        QVERIFY(read.info.threadNames == written.info.threadNames);
        QCOMPARE(read.info.droppedEvents, written.info.droppedEvents);
        const QString difference = firstDifference(written, read);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
        // Read back and written at once, it is the trace a run written at its end gives.
        QCOMPARE(traceText(read), traceText(written));
        if (name.endsWith(".gz"))
            return;
        QFile file(QString::fromStdString(path));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonArray events = parseTrace(file.readAll().toStdString()).value("traceEvents").toArray();
        QStringList names;
        for (const QJsonValue& event : events) {
            if (event.toObject().value("name").toString() == "thread_name")
                names << event.toObject().value("args").toObject().value("name").toString();
        }
        QVERIFY2(names.contains("report worker"), qPrintable(names.join(", ")));
    }

    // Past its cap a streamed trace leaves records out as they come, keeps the run's errors, and
    // still closes as a whole file that says it was truncated.
    void aStreamedTraceStopsAtItsCap()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath("capped.json").toStdString();
        Recording written;
        written.info.generator = "LoopScope 0.1.0";
        const ProgramClock clock(0);
        Recorder rec(written.mainLog(), written.strings, clock);
        const std::uint32_t step = written.strings.intern("step");
        for (std::uint32_t i = 1; i <= 50000; ++i)
            rec.callback(step, CallbackKind::Immediate, i * 1000, i * 1000 + 10, i, 0);
        rec.text(RecordType::Error, written.strings.intern("run aborted"), 60'000'000);
        rec.flush();
        TraceLimits limits;
        limits.maxBytes = 1 << 20;
        TraceStream stream(path, limits);
        std::string error;
        QVERIFY2(stream.open(written, &error), error.c_str());
        written.mainLog().walk(0, written.mainLog().size(), [&](const Record& record) {
            stream.add(record, written.strings);
            return true;
        });
        std::uint64_t leftOut = 0;
        QVERIFY2(stream.finish(written, &error, &leftOut), error.c_str());
        QVERIFY(leftOut > 0);
        QVERIFY(QFileInfo(QString::fromStdString(path)).size() <= qint64(limits.maxBytes));
        Recording read;
        QVERIFY2(readTrace(path, read, &error), error.c_str());
        QCOMPARE(read.info.truncatedEvents, leftOut);
        QCOMPARE(read.mainLog().size() + leftOut, written.mainLog().size());
        const Record& last = read.mainLog()[read.mainLog().size() - 1];
        QCOMPARE(last.type, RecordType::Error);
        QCOMPARE(read.strings.at(last.label), std::string("run aborted"));
    }

    // A recording larger than the reader's memory budget is read whole: its oldest records spill to
    // a temporary file as a live session's do, and every record reads back as written.
    void readsARecordingLargerThanItsBudget_data() { roundTripsThroughAFile_data(); }
    void readsARecordingLargerThanItsBudget()
    {
        QFETCH(QString, name);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath(name).toStdString();
        Recording written;
        written.info.generator = "LoopScope 0.1.0";
        const ProgramClock clock(0);
        Recorder rec(written.mainLog(), written.strings, clock);
        const std::uint32_t label = written.strings.intern("step");
        const std::size_t iterations = 6 * EventLog::ChunkSize / 2;
        for (std::uint32_t i = 1; i <= iterations; ++i) {
            const std::int64_t at = std::int64_t(i) * 1000;
            rec.phase(Phase::Check, true, at, at + 700, i);
            rec.callback(label, CallbackKind::Immediate, at + 100, at + 100 + i % 500, i, 0);
        }
        rec.flush();
        std::string error;
        QVERIFY2(writeTrace(written, path, &error), error.c_str());

        // The chunk being filled as written, and a little of the rest, which is encoded.
        const std::size_t budget = EventLog::ChunkBytes + 64 * 1024;
        Recording read;
        TraceReadOptions options;
        options.memoryBudgetBytes = budget;
        options.spillDirectory = dir.path().toStdString();
        QVERIFY2(readTrace(path, read, &error, {}, nullptr, options), error.c_str());
        QVERIFY(read.mainLog().spilledBytes() > 0);
        QVERIFY2(read.memoryBytes() <= budget, std::to_string(read.memoryBytes()).c_str());
        const QString difference = firstDifference(written, read);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }

    // A compressed recording cut short or damaged is refused with one line that says so.
    void refusesBrokenGzip_data()
    {
        QTest::addColumn<int>("keep");
        QTest::addColumn<int>("flip");
        QTest::addColumn<QString>("message");
        QTest::newRow("cut short") << 200 << -1 << "truncated gzip data";
        QTest::newRow("damaged") << -1 << 40 << "corrupt gzip data";
    }
    void refusesBrokenGzip()
    {
        QFETCH(int, keep);
        QFETCH(int, flip);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const std::string path = dir.filePath("broken.json.gz").toStdString();
        Recording written;
        fillRecording(written);
        std::string error;
        QVERIFY2(writeTrace(written, path, &error), error.c_str());
        QFile file(QString::fromStdString(path));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QByteArray bytes = file.readAll();
        file.close();
        if (keep >= 0)
            bytes.truncate(keep);
        if (flip >= 0)
            bytes[flip] = char(bytes[flip] ^ 0x55);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(bytes);
        file.close();
        Recording read;
        QVERIFY(!readTrace(path, read, &error));
        QVERIFY2(QString::fromStdString(error).contains(message), error.c_str());
    }

    // A compressed file whose first inflated bytes are not JSON is refused before the rest is inflated:
    // a bomb of zeros claiming 2 GB says what it starts with at once, and leaves no 2 GB behind.
    void refusesAGzipThatDoesNotStartAsJson_data()
    {
        QTest::addColumn<QByteArray>("head");
        QTest::addColumn<QString>("message");
        QTest::newRow("zeros") << QByteArray(1, '\0') << "decompressed, it starts with byte 0x00, not JSON";
        QTest::newRow("text") << QByteArray("hello") << "decompressed, it starts with 'h', not JSON";
        QTest::newRow("only spaces") << QByteArray(" ") << "decompressed, its first 1 MB is only white space";
    }
    void refusesAGzipThatDoesNotStartAsJson()
    {
        QFETCH(QByteArray, head);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const std::string path = dir.filePath("bomb.json.gz").toStdString();
        // 512 MiB inflated, about half a megabyte compressed.
        {
            std::ofstream file(path, std::ios::binary);
            GzipStreamBuf zip(file);
            std::ostream out(&zip);
            const std::string piece(1 << 20, head.size() == 1 ? head[0] : ' ');
            out << head.toStdString();
            for (int i = 0; i < 512; ++i)
                out << piece;
            QVERIFY(zip.finish());
        }
        Recording read;
        std::string error;
        QVERIFY(!readTrace(path, read, &error));
        QVERIFY2(QString::fromStdString(error).contains(message), error.c_str());
        QVERIFY2(QString::fromStdString(error).startsWith(QString::fromStdString(path) + ": "), error.c_str());
    }

    // Cancel is heard while a compressed file inflates, not only once it is read.
    void cancelsWhileInflating()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("big.json.gz").toStdString();
        std::uint64_t compressedBytes = 0;
        {
            std::ofstream file(path, std::ios::binary);
            GzipStreamBuf zip(file);
            std::ostream out(&zip);
            out << "{\"traceEvents\":[";
            const std::string event = R"({"ph":"X","cat":"callback","name":"cb","tid":1,"ts":1,"dur":1},)";
            for (int i = 0; i < 2'000'000; ++i)
                out << event;
            out << R"({"ph":"X","cat":"callback","name":"cb","tid":1,"ts":1,"dur":1}]})";
            QVERIFY(zip.finish());
        }
        compressedBytes = std::uint64_t(QFileInfo(QString::fromStdString(path)).size());
        Recording read;
        std::string error;
        std::vector<std::uint64_t> totals;
        const Progress cancel = [&](std::uint64_t, std::uint64_t total) {
            totals.push_back(total);
            return false;
        };
        QVERIFY(!readTrace(path, read, &error, cancel));
        QCOMPARE(error, path + ": " + CancelledMessage);
        // The one report it took to cancel was about the compressed file, before it was inflated whole.
        QCOMPARE(totals.size(), std::size_t(1));
        QCOMPARE(totals.front(), compressedBytes);
    }

    // A recording that holds a "run aborted" reads as aborted, whatever its otherData says.
    void aRunAbortedEventMeansAborted()
    {
        const std::string head = R"({"traceEvents":[{"ph":"X","cat":"callback","name":"cb","tid":1,"ts":1,"dur":1,)"
                                 R"("args":{"kind":"timer"}})";
        const std::string tail = R"(],"otherData":{"aborted":false}})";
        const std::string aborted = R"(,{"ph":"i","cat":"error","name":"run aborted","tid":1,"ts":2,"s":"t"})";
        const std::string other = R"(,{"ph":"i","cat":"error","name":"worker: refused","tid":1,"ts":2,"s":"t"})";
        for (const auto& [events, expected] : { std::pair { aborted, true }, std::pair { other, false } }) {
            Recording recording;
            std::string error;
            QVERIFY2(readTraceText(head + events + tail, recording, &error), error.c_str());
            QCOMPARE(recording.info.aborted, expected);
        }
    }

    void readsTheArrayFormatAndSkipsOtherTools()
    {
        Recording recording;
        std::string error;
        const std::string text = R"([
            {"ph":"B","name":"other","pid":7,"tid":"main","ts":1},
            {"ph":"X","cat":"gpu","name":"draw","pid":7,"tid":3,"ts":2,"dur":1,"args":{"deep":{"x":[1,2,{"y":null}]}}},
            {"ph":"X","cat":"callback","name":"cb","pid":1,"tid":1,"ts":5.5e1,"dur":1.0005,"args":{"kind":"io"}},
            {"name":"no ph at all"}
        ])";
        QVERIFY2(readTraceText(text, recording, &error), error.c_str());
        QCOMPARE(recording.mainLog().size(), std::size_t(1));
        const Record& r = recording.mainLog()[0];
        QCOMPARE(r.startNs, std::int64_t(55'000));
        QCOMPARE(r.span.durNs, std::int64_t(1'001));
        QCOMPARE(r.span.count, std::uint32_t(1));
        QCOMPARE(recording.strings.at(r.label), std::string("cb"));
    }

    void keepsEscapedArgumentsWhileLaterArgumentsArrive()
    {
        // Regression: each argument once held its unescaped text in a buffer that moved when a
        // later argument was added, so the escaped kind read back as heap garbage. Names of many
        // lengths make the freed buffer's reuse likely whatever the allocator's size classes.
        for (int length = 16; length <= 256; ++length) {
            const std::string text
                = "{\"traceEvents\":[{\"ph\":\"X\",\"cat\":\"callback\",\"name\":\"cb\",\"tid\":1,\"ts\":1,\"dur\":1,"
                  "\"args\":{\"kind\":\"ma\\u0069n\",\""
                + std::string(std::size_t(length), 'x') + "\":1}}]}";
            Recording recording;
            std::string error;
            QVERIFY2(readTraceText(text, recording, &error), error.c_str());
            QCOMPARE(recording.mainLog().size(), std::size_t(1));
            QCOMPARE(int(recording.mainLog()[0].sub), int(CallbackKind::Main));
        }
    }

    void rejectsMalformedInput_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expected");
        const QByteArray head = "{\"traceEvents\":[\n";
        QTest::newRow("empty") << QByteArray() << "1:1: empty file";
        QTest::newRow("garbage") << QByteArray("hello") << "1:1: expected a trace object";
        QTest::newRow("binary") << QByteArray("\x00\x01\xff", 3) << "1:1: expected a trace object";
        QTest::newRow("truncated") << QByteArray("{\"traceEvents\":[{\"ph\":\"X\"") << "1:26: unexpected end";
        QTest::newRow("unterminated string")
            << QByteArray("{\"traceEvents\":[{\"ph\":\"X") << "1:25: unexpected end of input";
        QTest::newRow("trailing data") << QByteArray("{}\n}") << "2:1: unexpected data after the trace";
        QTest::newRow("trailing comma") << QByteArray("{\"traceEvents\":[{},]}") << "1:20: expected an event";
        QTest::newRow("missing colon") << QByteArray("{\"traceEvents\" []}") << "1:16: expected ':'";
        QTest::newRow("bad literal") << QByteArray("{\"a\":tru}") << "1:9: invalid literal";
        QTest::newRow("bad number") << QByteArray("{\"a\":01}") << "1:7: expected ',' or '}'";
        QTest::newRow("lone minus") << QByteArray("{\"a\":-}") << "1:7: invalid number";
        QTest::newRow("bad escape") << QByteArray("{\"a\\q\":1}") << "1:4: invalid escape";
        QTest::newRow("bad unicode escape") << QByteArray("{\"\\u12g4\":1}") << "1:7: invalid \\u escape";
        QTest::newRow("raw newline in string") << QByteArray("{\"a\nb\":1}") << "1:4: control character";
        QTest::newRow("events not an array") << QByteArray("{\"traceEvents\":{}}") << "1:16: traceEvents must be";
        QTest::newRow("event not an object") << QByteArray("{\"traceEvents\":[1]}") << "1:17: expected an event";
        QTest::newRow("ts is a string") << head
                + "{\"ph\":\"X\",\"cat\":\"phase\",\"name\":\"poll\",\"tid\":1,\"ts\":\"7\",\"dur\":1}]}"
                                        << "2:52: ts must be a number";
        QTest::newRow("missing dur") << head + "{\"ph\":\"X\",\"cat\":\"phase\",\"name\":\"poll\",\"tid\":1,\"ts\":7}]}"
                                     << "2:1: complete event without dur";
        QTest::newRow("unknown phase") << head
                + "{\"ph\":\"X\",\"cat\":\"phase\",\"name\":\"lunch\",\"tid\":1,\"ts\":7,\"dur\":1}]}"
                                       << "2:32: unknown phase 'lunch'";
        QTest::newRow("unknown kind") << head
                + "{\"ph\":\"X\",\"cat\":\"callback\",\"name\":\"a\",\"tid\":1,\"ts\":7,\"dur\":1,\"args\":{\"kind\":"
                  "\"x\"}}]}"
                                      << "2:77: unknown callback kind 'x'";
        QTest::newRow("count is fractional") << head
                + "{\"ph\":\"X\",\"cat\":\"callback\",\"name\":\"a\",\"tid\":1,\"ts\":7,\"dur\":1,\"args\":{\"kind\":"
                  "\"io\","
                  "\"count\":1.5}}]}"
                                             << "2:90: args.count must be an integer in 1..4294967295";
        QTest::newRow("tid out of range")
            << head + "{\"ph\":\"i\",\"cat\":\"log\",\"name\":\"a\",\"tid\":70000,\"ts\":7}]}"
            << "2:40: tid must be an integer in 0..65535";
        QTest::newRow("unknown thread") << head + "{\"ph\":\"i\",\"cat\":\"log\",\"name\":\"a\",\"tid\":5,\"ts\":7}]}"
                                        << "2:40: unknown thread id 5";
        QTest::newRow("negative ts") << head + "{\"ph\":\"i\",\"cat\":\"log\",\"name\":\"a\",\"tid\":1,\"ts\":-5}]}"
                                     << "2:47: ts must not be negative";
        QTest::newRow("negative dur") << head
                + "{\"ph\":\"X\",\"cat\":\"phase\",\"name\":\"poll\",\"tid\":1,\"ts\":7,\"dur\":-0.5}]}"
                                      << "2:60: dur must not be negative";
        QTest::newRow("negative maxMs") << head
                + "{\"ph\":\"X\",\"cat\":\"callback\",\"name\":\"a\",\"tid\":1,\"ts\":7,\"dur\":1,\"args\":{\"kind\":"
                  "\"io\",\"maxMs\":-5}}]}"
                                        << "2:90: args.maxMs must not be negative";
        QTest::newRow("negative queuedUs") << head
                + "{\"ph\":\"X\",\"cat\":\"pool\",\"name\":\"a\",\"tid\":101,\"ts\":7,\"dur\":1,\"args\":{"
                  "\"queuedUs\":-1}}]}"
                                           << "2:79: args.queuedUs must not be negative";
        QTest::newRow("huge ts") << head + "{\"ph\":\"i\",\"cat\":\"log\",\"name\":\"a\",\"tid\":1,\"ts\":1e300}]}"
                                 << "2:47: ts is out of range";
        QTest::newRow("latency not a number")
            << head + "{\"ph\":\"C\",\"name\":\"latency\",\"tid\":1,\"ts\":7,\"args\":{\"loopDelayMs\":null}}]}"
            << "2:65: args.loopDelayMs must be a number";
        QTest::newRow("otherData wrong type") << QByteArray("{\"otherData\":{\"threadpoolSize\":\"4\"}}")
                                              << "1:32: otherData.threadpoolSize must be a number";
        QTest::newRow("unobserved not a list") << QByteArray("{\"otherData\":{\"unobserved\":\"queues\"}}")
                                               << "1:28: otherData.unobserved must be an array";
        QTest::newRow("otherData compound")
            << QByteArray("{\"otherData\":{\"aborted\":[true]}}") << "1:25: otherData.aborted must be true or false";
        QTest::newRow("deep nesting") << head + "{\"args\":{\"a\":" + QByteArray(100000, '[') << "nesting too deep";
        QTest::newRow("deep top level") << QByteArray(100000, '[') << "1:2: expected an event object";
        QTest::newRow("deep objects") << QByteArray("{\"x\":").repeated(100000) << "nesting too deep";
    }

    void boundsErrorLines_data()
    {
        QTest::addColumn<QByteArray>("event");
        const QByteArray megabyte(1 << 20, 'k');
        QTest::newRow("unknown phase") << "{\"ph\":\"X\",\"cat\":\"phase\",\"tid\":1,\"ts\":1,\"dur\":1,\"name\":\""
                + megabyte + "\"}";
        QTest::newRow("unknown callback kind")
            << "{\"ph\":\"X\",\"cat\":\"callback\",\"name\":\"a\",\"tid\":1,\"ts\":1,\"dur\":1,\"args\":{\"kind\":\""
                + megabyte + "\"}}";
    }

    void boundsErrorLines()
    {
        QFETCH(QByteArray, event);
        const QString error = readError("{\"traceEvents\":[\n" + event.toStdString() + "]}");
        QVERIFY2(error.startsWith("2:"), qPrintable(error.left(400)));
        QVERIFY2(error.size() < int(MaxErrorLineBytes), qPrintable(error.left(400)));
    }

    void rejectsMalformedInput()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, expected);
        const QString error = readError(text.toStdString());
        QVERIFY2(error.contains(QRegularExpression("^\\d+:\\d+: ")), qPrintable(error));
        QVERIFY2(error.contains(expected), qPrintable(error));
    }

    void refusesWhatIsNotARecording_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("empty object") << QByteArray("{}") << "not a recording: no traceEvents";
        QTest::newRow("empty array") << QByteArray("[]") << "not a recording: no events";
        QTest::newRow("no events") << QByteArray(R"({"traceEvents":[],"otherData":{"generator":"perf"}})")
                                   << "not a recording: no events";
        QTest::newRow("a program") << QByteArray(R"({"format":"loopscope-program","version":1,"name":"x","main":[]})")
                                   << "not a recording: a LoopScope program (run it with --program)";
        QTest::newRow("UTF-16") << QByteArray(
            "{\0}\0", 4) << "file is UTF-16LE (a zero byte after each of its first two characters); save it as UTF-8";
        QTest::newRow("UTF-32") << QByteArray("\0\0\xfe\xff\0\0\0{",
            8) << "file is UTF-32BE (it starts with the byte order mark 00 00 FE FF); save it as UTF-8";
        QTest::newRow("Node's own trace") << nodeTrace()
                                          << "not a recording: Node.js's own trace (--trace-events-enabled), whose 3 "
                                             "events say nothing of the loop's phases and queues; Perfetto opens it";
        QTest::newRow("another tool's trace")
            << QByteArray(R"({"traceEvents":[{"pid":1,"tid":1,"ts":5,"ph":"X","cat":"gpu","name":"Draw","dur":3}]})")
            << "not a recording: none of its 1 events is LoopScope's";
    }

    void refusesWhatIsNotARecording()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, expected);
        QCOMPARE(readError(text.toStdString()), expected);
    }

    void readsAnEmptyLoopScopeRun()
    {
        Recording recording;
        std::string error;
        QVERIFY2(readTraceText(R"({"traceEvents":[],"otherData":{"generator":"LoopScope 0.1.0"}})", recording, &error),
            error.c_str());
        QCOMPARE(recording.mainLog().size(), std::size_t(0));
    }

    void countsTheEventsItUnderstood()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("mixed.json");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QByteArray text = nodeTrace();
        text.insert(text.indexOf('[') + 1, R"({"ph":"i","cat":"log","name":"a","tid":1,"ts":7},)");
        file.write(text);
        file.close();
        Recording recording;
        std::string error;
        TraceReadReport report;
        QVERIFY2(readTrace(path.toStdString(), recording, &error, {}, &report), error.c_str());
        QCOMPARE(report.events, std::uint64_t(4));
        QCOMPARE(report.understood, std::uint64_t(2));
        QCOMPARE(recording.mainLog().size(), std::size_t(1));
    }

    void refusesTooManyThreads_data()
    {
        QTest::addColumn<int>("firstTid");
        QTest::addColumn<int>("count");
        QTest::addColumn<bool>("pool");
        QTest::addColumn<int>("refusedLine");
        QTest::addColumn<QString>("message");
        QTest::newRow("pool workers") << PoolTidBase + 1 << MaxReadThreads + 1000 << true << MaxReadThreads + 2
                                      << QString("more than %1 threads").arg(MaxReadThreads);
        // Each worker loop gets an event log of its own, so they are bounded far lower.
        QTest::newRow("worker loops") << int(WorkerThreadBase) << 2000 << false << MaxReadWorkerLoops + 2
                                      << QString("more than %1 worker loops").arg(MaxReadWorkerLoops);
    }

    void refusesTooManyThreads()
    {
        QFETCH(int, firstTid);
        QFETCH(int, count);
        QFETCH(bool, pool);
        QFETCH(int, refusedLine);
        QFETCH(QString, message);
        Recording recording;
        std::string error;
        QVERIFY(!readTraceText(traceOnThreads(firstTid, count, pool), recording, &error));
        const QString text = QString::fromStdString(error);
        QVERIFY2(text.startsWith(QString("%1:1: ").arg(refusedLine)), qPrintable(text));
        QVERIFY2(text.contains(message), qPrintable(text));
        QVERIFY2(recording.logs.size() <= std::size_t(1 + MaxReadWorkerLoops), qPrintable(text));
    }

    void refusesTooManyNamedThreads()
    {
        std::string text = R"({"otherData":{"threadNames":[)";
        for (int i = 0; i <= MaxReadThreads; ++i)
            text += (i ? ",\n" : "\n") + std::string(R"({"name":"n","tid":)") + std::to_string(WorkerThreadBase + i)
                + "}";
        const QString error = readError(text + "]}}");
        QVERIFY2(error.startsWith(QString("%1:1: ").arg(MaxReadThreads + 2)), qPrintable(error));
        QVERIFY2(error.contains(QString("more than %1 threads").arg(MaxReadThreads)), qPrintable(error));
    }

    void readsAsManyThreadsAsLoopScopeWrites()
    {
        constexpr int poolWorkers = 1024;
        constexpr int workerLoops = 8;
        std::string text = traceOnThreads(PoolTidBase + 1, poolWorkers, true);
        text.insert(text.size() - 2, ",\n" + eventOn(MainTid, false));
        for (int i = 1; i <= workerLoops; ++i)
            text.insert(text.size() - 2, ",\n" + eventOn(WorkerThreadBase + i, false));
        Recording recording;
        std::string error;
        QVERIFY2(readTraceText(text, recording, &error), error.c_str());
        QCOMPARE(recording.logs.size(), std::size_t(1 + workerLoops));
        QCOMPARE(recording.mainLog().size(), std::size_t(poolWorkers + 1));
    }

    void rejectsEveryTruncation()
    {
        Recording recording;
        fillRecording(recording);
        const std::string text = traceText(recording);
        const std::size_t end = text.find_last_not_of('\n') + 1;
        // Every cut in the final stretch, where the closing brackets are, and a spread of cuts before.
        for (std::size_t length = 0; length < end; length += length + 400 < end ? 37 : 1) {
            const QString error = readError(text.substr(0, length));
            QVERIFY2(!error.isEmpty(), qPrintable(QString("a cut at %1 was accepted").arg(length)));
        }
        QVERIFY(readError(text.substr(0, end)).isEmpty());
    }

    void survivesCorruptedBytes()
    {
        Recording recording;
        fillRecording(recording);
        const std::string text = traceText(recording);
        const char replacements[] = { '"', '{', '}', '[', '\\', '\0', '9', ',' };
        int rejected = 0;
        for (std::size_t at = 0; at < text.size(); at += 17) {
            std::string corrupted = text;
            corrupted[at] = replacements[at % sizeof replacements];
            Recording out;
            std::string error;
            if (!readTraceText(corrupted, out, &error)) {
                QVERIFY(!error.empty());
                ++rejected;
            }
        }
        QVERIFY(rejected > 0);
    }

    void reportsTheFileName()
    {
        Recording recording;
        std::string error;
        QVERIFY(!readTrace("/nonexistent/run.json", recording, &error));
        QVERIFY2(error.find("/nonexistent/run.json: ") == 0, error.c_str());

        QTemporaryDir dir;
        QVERIFY(!readTrace(dir.path().toStdString(), recording, &error));
        QCOMPARE(QString::fromStdString(error), dir.path() + ": is a directory");

        const QString path = dir.filePath("bad.json");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\n  \"traceEvents\": 5\n}\n");
        file.close();
        QVERIFY(!readTrace(path.toStdString(), recording, &error));
        QCOMPARE(QString::fromStdString(error), path + ":2:18: traceEvents must be an array");
    }

    void cancelsWriting_data()
    {
        QTest::addColumn<bool>("csv");
        QTest::newRow("trace") << false;
        QTest::newRow("latency csv") << true;
    }

    void cancelsWriting()
    {
        QFETCH(bool, csv);
        QTemporaryDir dir;
        const std::string path = dir.filePath("out").toStdString();
        Recording recording;
        fillRecording(recording);
        ProgressLog progress;
        progress.answer = false;
        std::string error;
        QVERIFY(!writeFile(csv, recording, path, &error, progress.callback()));
        QCOMPARE(progress.calls.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(error), QString::fromStdString(path) + ": " + CancelledMessage);
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), QStringList());
    }

    void cancelledWriteKeepsTheOldFile_data() { cancelsWriting_data(); }

    void cancelledWriteKeepsTheOldFile()
    {
        QFETCH(bool, csv);
        QTemporaryDir dir;
        const QString path = dir.filePath("out");
        QFile old(path);
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write("the last good save");
        old.close();
        Recording recording;
        fillRecording(recording);
        std::string error;
        QVERIFY(
            !writeFile(csv, recording, path.toStdString(), &error, [](std::uint64_t, std::uint64_t) { return false; }));
        QVERIFY(old.open(QIODevice::ReadOnly));
        QCOMPARE(old.readAll(), QByteArray("the last good save"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), QStringList { "out" });
    }

    void reportsWriteProgress_data() { cancelsWriting_data(); }

    void reportsWriteProgress()
    {
        QFETCH(bool, csv);
        QTemporaryDir dir;
        const std::string path = dir.filePath("out").toStdString();
        Recording recording;
        fillRecording(recording);
        ProgressLog progress;
        std::string error;
        QVERIFY2(writeFile(csv, recording, path, &error, progress.callback()), error.c_str());
        QVERIFY(progress.risesToTheTotal());
        std::uint64_t records = 0;
        for (const auto& log : recording.logs) {
            for (std::size_t i = 0; i < log->size(); ++i)
                records += !csv || (*log)[i].type == RecordType::Latency;
        }
        QCOMPARE(progress.calls.back().second, records);
    }

    void cancelsReading()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("run.json").toStdString();
        Recording written;
        fillRecording(written);
        std::string error;
        QVERIFY2(writeTrace(written, path, &error), error.c_str());
        ProgressLog progress;
        progress.answer = false;
        Recording read;
        QVERIFY(!readTrace(path, read, &error, progress.callback()));
        QCOMPARE(progress.calls.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(error), QString::fromStdString(path) + ": " + CancelledMessage);
    }

    void reportsProgressInSteps()
    {
        // Enough events for several reports each way, and far fewer reports than events.
        Recording written;
        const ProgramClock clock(0);
        Recorder rec(written.mainLog(), written.strings, clock);
        const std::uint32_t label = written.strings.intern("a console line of ordinary length");
        const int events = 300'000;
        for (int i = 0; i < events; ++i)
            rec.text(RecordType::Log, label, i * 1000);
        QTemporaryDir dir;
        const std::string path = dir.filePath("run.json").toStdString();
        ProgressLog writing;
        std::string error;
        QVERIFY2(writeTrace(written, path, &error, writing.callback()), error.c_str());
        QVERIFY(writing.risesToTheTotal());
        QCOMPARE(writing.calls.back().second, std::uint64_t(events));
        QVERIFY2(
            writing.calls.size() > 3 && writing.calls.size() < 100, qPrintable(QString::number(writing.calls.size())));

        ProgressLog reading;
        Recording read;
        QVERIFY2(readTrace(path, read, &error, reading.callback()), error.c_str());
        QCOMPARE(read.mainLog().size(), std::size_t(events));
        QVERIFY(reading.risesToTheTotal());
        QCOMPARE(reading.calls.back().second, std::uint64_t(QFileInfo(QString::fromStdString(path)).size()));
        QVERIFY2(
            reading.calls.size() > 3 && reading.calls.size() < 1000, qPrintable(QString::number(reading.calls.size())));
    }

    void writesLatencyCsv()
    {
        Recording recording;
        fillRecording(recording);
        QTemporaryDir dir;
        const std::string path = dir.filePath("latency.csv").toStdString();
        std::string error;
        QVERIFY2(writeLatencyCsv(recording, path, &error), error.c_str());
        QFile file(QString::fromStdString(path));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(),
            QByteArray("timeMs,loopDelayMs,healthMs,histogramMs,elu\n"
                       "0.150,1.25,,11.25,\n"
                       "0.250,0.5,3.75,,\n"
                       "0.300,,2,,\n"));
        QVERIFY(!writeLatencyCsv(recording, "/nonexistent/latency.csv", &error));
        QVERIFY2(error.find("/nonexistent/latency.csv: ") == 0, error.c_str());
    }

    void namesOnlyWorkerLoopsThatRan()
    {
        Recording recording;
        recording.info.threadNames = { { MainThread, "main loop" }, { 1, "pool worker 1" },
            { std::uint16_t(WorkerThreadBase + 1), "worker loop 1" },
            { std::uint16_t(WorkerThreadBase + 2), "worker loop 2" } };
        recording.logs.push_back(std::make_unique<EventLog>());
        const ProgramClock clock(0);
        Recorder worker(*recording.logs.back(), recording.strings, clock, std::uint16_t(WorkerThreadBase + 1));
        worker.text(RecordType::Log, recording.strings.intern("from worker 1"), 10'000);
        std::ostringstream out;
        QVERIFY(writeTrace(recording, out));
        const QJsonArray events
            = QJsonDocument::fromJson(QByteArray::fromStdString(out.str())).object()["traceEvents"].toArray();
        QStringList threads;
        for (const QJsonValue& event : events) {
            if (event["name"].toString() == "thread_name")
                threads.append(event["args"]["name"].toString());
        }
        QVERIFY2(threads.contains("pool worker 1"), qPrintable(threads.join(", ")));
        QVERIFY2(threads.contains("worker loop 1"), qPrintable(threads.join(", ")));
        QVERIFY2(!threads.contains("worker loop 2"), qPrintable(threads.join(", ")));
    }

    // --follow-children: a child process, named before its events with where its clock starts, reads back
    // into a recording of its own on its own clock, with what otherData.processes says of it; events of a pid
    // no process_name named as a child (another tool's) stay the program's, as before.
    void aChildProcessReadsBackOnItsOwnClock()
    {
        const std::string text
            = R"({"traceEvents":[)"
              R"({"ph":"M","name":"process_name","pid":1,"tid":1,"ts":0,"args":{"name":"LoopScope: family.js"}},)"
              R"({"ph":"M","name":"process_name","ts":0,"pid":2,"tid":1,"args":{"name":"child 101","startNs":5000000}},)"
              R"({"ph":"X","cat":"phase","name":"poll","pid":1,"tid":1,"ts":1000,"dur":2000,"args":{"iteration":1}},)"
              R"({"ph":"X","cat":"phase","name":"poll","pid":2,"tid":1,"ts":6000,"dur":1000,"args":{"iteration":1}},)"
              R"({"ph":"i","s":"t","cat":"log","name":"from the child","pid":2,"tid":1,"ts":6500},)"
              R"({"ph":"i","s":"t","cat":"log","name":"another tool's","pid":7,"tid":1,"ts":2500}],)"
              R"("otherData":{"generator":"LoopScope 0.1.0","program":"family.js","processId":100,)"
              R"("processes":[{"pid":2,"startNs":5000000,"program":"node child.js","exitStatus":5,)"
              R"("processId":101,"parentProcessId":100,"stoppedBy":"parent","threadNames":[{"tid":0,"name":"main"}]}]}})";
        Recording recording;
        std::string error;
        QVERIFY2(readTraceText(text, recording, &error), error.c_str());
        QCOMPARE(recording.info.pid, 100);
        QCOMPARE(recording.mainLog().size(), std::size_t(2)); // its poll and the undeclared pid's line
        QCOMPARE(recording.children.size(), std::size_t(1));
        const Recording& child = *recording.children.front();
        QCOMPARE(child.info.program, std::string("node child.js"));
        QCOMPARE(child.info.pid, 101);
        QCOMPARE(child.info.parentPid, 100);
        QCOMPARE(child.info.startNs, std::int64_t(5'000'000));
        QCOMPARE(child.info.exitStatus, 5);
        QCOMPARE(child.info.stoppedBy, RecordingInfo::StoppedBy::Parent);
        QCOMPARE(child.info.threadNames.size(), std::size_t(1));
        QVERIFY(recording.info.threadNames.empty());
        QCOMPARE(child.mainLog().size(), std::size_t(2));
        QCOMPARE(child.mainLog()[0].startNs, std::int64_t(1'000'000));
        QCOMPARE(child.strings.at(child.mainLog()[1].label), std::string("from the child"));

        // Written again, it reads back the same.
        std::ostringstream out;
        QVERIFY(writeTrace(recording, out));
        Recording again;
        QVERIFY2(readTraceText(out.str(), again, &error), error.c_str());
        QCOMPARE(again.children.size(), std::size_t(1));
        QCOMPARE(firstDifference(recording, again), QString());
        QCOMPARE(firstDifference(*recording.children.front(), *again.children.front()), QString());
        QCOMPARE(summarize(again), summarize(recording));

        QVERIFY(readError(R"({"traceEvents":[],"otherData":{"processes":[{"program":"x"}]}})")
                    .contains(QStringLiteral("start with their pid")));
        QVERIFY(
            readError(R"({"traceEvents":[],"otherData":{"processes":[{"pid":1}]}})").contains(QStringLiteral("pid")));
    }

    void summarizesARun()
    {
        Recording recording;
        fillRecording(recording);
        const QString summary = QString::fromStdString(summarize(recording));
        const QStringList expected = {
            "Program: demo\n",
            "libuv: 1.44.2, thread pool size: 4\n",
            "Duration: 0.300 ms, iterations: 1\n",
            "Callbacks: 1008 (timer 1, immediate 1000, nextTick 3, microtask 1, io 2, main 1)\n",
            "Longest callback: main (main) 0.050 ms\n",
            "poll 0.097 ms",
            "timers 0.040 ms",
            "Thread pool: 2 items, queued max 1.500 ms, mean 0.751 ms; ran max ",
            // As monitorEventLoopDelay's histogram holds it: the time between two checks.
            "Loop delay (monitorEventLoopDelay, resolution 10 ms): min 11.250 ms, mean 11.250 ms, p50 11.250 ms, "
            "p99 11.250 ms, max 11.250 ms (1 sample)\n",
            "Health probe: min 2.000 ms, mean 2.875 ms, p50 2.000 ms, p99 3.750 ms, max 3.750 ms (2 samples)\n",
            "Worker loops: 1\n",
            "Console: 3 lines\n  at 0.076 ms: from the worker\n  at 0.155 ms: readFile callback\n  at 0.156 ms: \n",
            "Errors: 1\n  at 0.157 ms: boom\n",
            "Dropped events: 3\n",
            // From the loop's start (0.040 ms) to the end (0.300 ms), 0.120 ms idle: busy 140 of 260.
            "Event-loop utilization: 54% as performance.eventLoopUtilization() computes it, 0.260 ms\n",
            "Program ended by signal 9\n",
            "ABORTED\n",
        };
        for (const QString& line : expected)
            QVERIFY2(summary.contains(line), qPrintable("missing '" + line + "' in:\n" + summary));

        Recording empty;
        const QString quiet = QString::fromStdString(summarize(empty));
        QVERIFY(quiet.contains("Loop delay: no samples\n"));
        QVERIFY(!quiet.contains("ABORTED"));
    }

    // A summary goes to a terminal; the texts in it come from a program or a file. Escape sequences
    // (ESC, the C1 CSI, BEL) must not reach the terminal, and a huge label must not flood it. The
    // recording itself keeps every byte.
    void summaryShowsNoTerminalControls()
    {
        const std::string clear = "\x1b[2J\x1b]0;pwned\x07";
        const std::string csi = "\xc2\x9b"
                                "31m";
        Recording recording;
        recording.info.program = "name" + clear;
        recording.info.libuv = "1.44.2" + csi;
        const ProgramClock clock(0);
        Recorder rec(recording.mainLog(), recording.strings, clock);
        rec.callback(recording.strings.intern("label" + clear), CallbackKind::Timer, 1000, 900'000, 1, 0);
        rec.text(RecordType::Log, recording.strings.intern("log" + clear + csi), 2'000'000);
        rec.text(RecordType::Log, recording.strings.intern(std::string(100'000, 'x')), 3'000'000);
        rec.text(RecordType::Error, recording.strings.intern("error\r" + clear), 4'000'000);
        rec.flush();
        const std::string summary = summarize(recording);
        QVERIFY2(summary.find('\x1b') == std::string::npos, summary.c_str());
        QVERIFY2(summary.find('\x07') == std::string::npos, summary.c_str());
        QVERIFY2(summary.find('\r') == std::string::npos, summary.c_str());
        QVERIFY2(summary.find("\xc2\x9b") == std::string::npos, summary.c_str());
        for (const QString& line : QString::fromStdString(summary).split('\n'))
            QVERIFY2(line.size() < 300, qPrintable(line.left(300)));
        // What is left of each text is still there to read.
        QVERIFY2(summary.find("Program: name?[2J?]0;pwned?\n") != std::string::npos, summary.c_str());
        QVERIFY2(summary.find("Longest callback: label?[2J") != std::string::npos, summary.c_str());
        QVERIFY2(summary.find(": log?[2J?]0;pwned??31m\n") != std::string::npos, summary.c_str());
        QVERIFY2(summary.find(": " + std::string(200, 'x') + "...\n") != std::string::npos, summary.c_str());
        QVERIFY2(summary.find(": error??[2J") != std::string::npos, summary.c_str());

        std::ostringstream out;
        QVERIFY(writeTrace(recording, out));
        QVERIFY(out.str().find("\\u001b[2J") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestTraceIo)
#include "tst_traceio.moc"
