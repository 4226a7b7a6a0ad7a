// The probe's stream (attach/wire) and its recording (attach/ingest): what a probe writes is recorded
// record for record, whatever pieces the pipe delivers it in; worker loops get logs of their own; a
// damaged stream stops with an error that says what and where, and never crashes.
#include "attach/ingest.h"
#include "attach/wire.h"
#include "recording/recordcodec.h"

#include <QTest>

#include <cstring>

using namespace loopscope;

namespace {

Record phase(Phase which, std::int64_t startNs, std::int64_t durNs, std::uint32_t iteration, bool timed = true)
{
    Record r;
    r.type = RecordType::Phase;
    r.sub = std::uint8_t(which);
    r.label = timed ? 1 : 0;
    r.startNs = startNs;
    r.span = { durNs, 0, 0, 1, iteration };
    return r;
}

Record callback(std::uint32_t label, CallbackKind kind, std::int64_t startNs, std::int64_t durNs,
    std::uint32_t iteration, std::uint16_t thread = MainThread)
{
    Record r;
    r.type = RecordType::Callback;
    r.sub = std::uint8_t(kind);
    r.thread = thread;
    r.label = label;
    r.startNs = startNs;
    r.span = { durNs, durNs, durNs, 1, iteration };
    return r;
}

// What a probe watching a setImmediate chain (and a worker loop's timer) sends: the phases it times in
// each iteration (timers, poll, check, close; the first timers phase, which it cannot mark, passed where
// poll begins) and the immediate it ran, labels numbered by the probe from 100.
std::vector<Record> aChain(std::uint32_t iterations)
{
    std::vector<Record> records;
    std::int64_t at = 1'000'000;
    for (std::uint32_t i = 0; i < iterations; ++i) {
        if (i == 0) {
            records.push_back(phase(Phase::Timers, at, 0, i, false));
        } else {
            records.push_back(phase(Phase::Timers, at, 30, i));
            at += 30;
        }
        const std::int64_t poll = 150 + (i % 3);
        records.push_back(phase(Phase::Poll, at, poll, i));
        at += poll;
        records.push_back(phase(Phase::Check, at, 900, i));
        records.push_back(callback(100, CallbackKind::Immediate, at + 40, 800, i));
        at += 900;
        records.push_back(phase(Phase::Close, at, 20 + (i % 2), i));
        at += 20 + (i % 2);
        if (i % 50 == 0)
            records.push_back(callback(101, CallbackKind::Timer, at, 300, i / 50, WorkerThreadBase));
    }
    return records;
}

// The main loop's records as a recording keeps what aChain() sent: each iteration's seven phases, those the
// probe does not time recorded as passed (pending, idle and prepare where poll begins).
std::vector<Record> recordedAs(const std::vector<Record>& sent)
{
    std::vector<Record> recorded;
    for (const Record& r : sent) {
        if (r.thread != MainThread)
            continue;
        if (r.type == RecordType::Phase && Phase(r.sub) == Phase::Poll) {
            for (const Phase passed : { Phase::Pending, Phase::Idle, Phase::Prepare })
                recorded.push_back(phase(passed, r.startNs, 0, r.span.iteration, false));
        }
        recorded.push_back(r);
    }
    return recorded;
}

std::vector<std::uint8_t> streamOf(const std::vector<Record>& records)
{
    wire::Writer writer;
    wire::Hello hello;
    hello.pid = 4242;
    hello.threadpoolSize = 8;
    hello.node = "v20.20.2";
    hello.libuv = "1.46.0";
    hello.originNs = 123456789;
    writer.hello(hello);
    writer.thread(MainThread, "main");
    writer.thread(WorkerThreadBase, "worker 1");
    writer.string(100, "setImmediate step");
    writer.string(101, "worker's timer");
    for (std::size_t first = 0; first < records.size(); first += recordcodec::BlockRecords)
        writer.records(&records[first], std::min(recordcodec::BlockRecords, records.size() - first));
    writer.dropped(3);
    writer.unavailable("the microtask queue's length");
    writer.loopTimes({ 2'000'000, 7'000'000 });
    writer.exited(261); // process.exit(261): the system keeps 5
    return writer.take();
}

// The records of `log`, in order.
std::vector<Record> recordsOf(const EventLog& log)
{
    std::vector<Record> records;
    for (std::size_t i = 0; i < log.size(); ++i)
        records.push_back(log[i]);
    return records;
}

} // namespace

class TestWire : public QObject
{
    Q_OBJECT

private slots:
    void aStreamIsRecordedRecordForRecord_data()
    {
        QTest::addColumn<std::size_t>("piece");
        QTest::newRow("whole") << std::size_t(0);
        QTest::newRow("a byte at a time") << std::size_t(1);
        QTest::newRow("pieces of 7") << std::size_t(7);
        QTest::newRow("pieces of 4096") << std::size_t(4096);
    }

    void aStreamIsRecordedRecordForRecord()
    {
        QFETCH(std::size_t, piece);
        const std::vector<Record> sent = aChain(1000);
        const std::vector<std::uint8_t> stream = streamOf(sent);
        Recording recording;
        wire::Ingest ingest(recording);
        wire::Reader reader(ingest);
        const std::size_t step = piece == 0 ? stream.size() : piece;
        for (std::size_t at = 0; at < stream.size(); at += step)
            QVERIFY2(reader.feed(stream.data() + at, std::min(step, stream.size() - at)), reader.error().c_str());
        QVERIFY2(reader.finish(), reader.error().c_str());
        QCOMPARE(reader.offset(), std::uint64_t(stream.size()));

        QCOMPARE(ingest.probe().node, std::string("v20.20.2"));
        QCOMPARE(ingest.probe().originNs, std::uint64_t(123456789));
        // What the stream says of the program goes into the recording's info when asked, not while it
        // comes (the window's views read the info).
        QCOMPARE(recording.info.libuv, std::string());
        ingest.describe(recording.info);
        QCOMPARE(recording.info.libuv, std::string("1.46.0"));
        QCOMPARE(recording.info.threadpoolSize, 8);
        QCOMPARE(recording.info.droppedEvents, std::uint64_t(3));
        QCOMPARE(ingest.unavailable(), std::vector<std::string> { "the microtask queue's length" });
        QCOMPARE(recording.info.threadNames.size(), std::size_t(2));
        // What the program's eventLoopUtilization() read as it exited: the figures' utilisation.
        QCOMPARE(recording.info.loopStartNs, std::int64_t(2'000'000));
        QCOMPARE(recording.info.loopIdleNs, std::int64_t(7'000'000));
        // The status it said it exits with (what LoopScope cannot wait for in a child it follows).
        QCOMPARE(recording.info.exitStatus, 5);

        // The main loop's records in its log, the worker loop's in one of its own, labels as the
        // recording names them.
        QCOMPARE(recording.logs.size(), std::size_t(2));
        const std::vector<Record> expectedMain = recordedAs(sent);
        std::vector<Record> expectedWorker;
        for (const Record& r : sent) {
            if (r.thread == WorkerThreadBase)
                expectedWorker.push_back(r);
        }
        const std::vector<Record> main = recordsOf(recording.mainLog());
        const std::vector<Record> worker = recordsOf(*recording.logs[1]);
        QCOMPARE(main.size(), expectedMain.size());
        QCOMPARE(worker.size(), expectedWorker.size());
        for (std::size_t i = 0; i < main.size(); ++i) {
            Record expected = expectedMain[i];
            if (expected.type == RecordType::Callback) {
                QCOMPARE(recording.strings.at(main[i].label), std::string("setImmediate step"));
                expected.label = main[i].label;
            }
            QVERIFY2(std::memcmp(&expected, &main[i], sizeof(Record)) == 0, std::to_string(i).c_str());
        }
        QCOMPARE(recording.strings.at(worker.front().label), std::string("worker's timer"));
        QCOMPARE(ingest.unnamedLabels(), std::uint64_t(0));
    }

    // A loop iteration of a setImmediate chain costs a few bytes on the wire, where its five raw records
    // are 240 (and the eight it is recorded as, 384).
    void anIterationTakesAFewBytes()
    {
        const std::vector<Record> sent = aChain(10000);
        const std::vector<std::uint8_t> stream = streamOf(sent);
        const double perIteration = double(stream.size()) / 10000;
        qInfo("%.1f bytes an iteration (%zu raw)", perIteration, 5 * sizeof(Record));
        QVERIFY2(perIteration < 32, std::to_string(perIteration).c_str());
    }

    void aDamagedStreamSaysWhereAndStops_data()
    {
        QTest::addColumn<int>("damage");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not a stream") << 0 << "not a LoopScope probe stream";
        QTest::newRow("cut short") << 1 << "ended inside a frame";
        QTest::newRow("a frame too large") << 2 << "more than any probe writes";
        QTest::newRow("records that do not decode") << 3 << "does not decode";
        QTest::newRow("another version") << 4 << "version 9 of the stream";
        QTest::newRow("empty") << 5 << "ended before its opening";
    }

    void aDamagedStreamSaysWhereAndStops()
    {
        QFETCH(int, damage);
        QFETCH(QString, expected);
        std::vector<std::uint8_t> stream = streamOf(aChain(100));
        const std::size_t opening = wire::Opening.size();
        switch (damage) {
        case 0:
            stream[2] = 'x';
            break;
        case 1:
            stream.resize(stream.size() - 5);
            break;
        case 2: {
            // A frame claiming 2^40 bytes, after the hello.
            wire::Writer writer;
            writer.hello({});
            stream = writer.take();
            const std::uint8_t huge[] = { 3, 0x80, 0x80, 0x80, 0x80, 0x80, 0x20 };
            stream.insert(stream.end(), std::begin(huge), std::end(huge));
            break;
        }
        case 3: {
            wire::Writer writer;
            writer.hello({});
            stream = writer.take();
            const std::uint8_t block[] = { 4, 5, 3, 0xff, 0xff, 0xff, 0xff };
            stream.insert(stream.end(), std::begin(block), std::end(block));
            break;
        }
        case 4: {
            wire::Writer writer;
            wire::Hello hello;
            hello.version = 9;
            writer.hello(hello);
            stream = writer.take();
            break;
        }
        case 5:
            stream.clear();
            break;
        }
        Recording recording;
        wire::Ingest ingest(recording);
        wire::Reader reader(ingest);
        const bool read = reader.feed(stream.data(), stream.size()) && reader.finish();
        QVERIFY(!read);
        QVERIFY2(QString::fromStdString(reader.error()).contains(expected), reader.error().c_str());
        QVERIFY(damage == 0 || damage == 5 || reader.offset() >= opening);
        // Nothing more is read once it is damaged.
        QVERIFY(!reader.feed(stream.data(), stream.size()));
    }

    // A newer probe's frame is skipped whole; a record naming a string never sent is kept, named "?".
    // A live reader follows the stream (Ingest::follow): where the loop is now, the pool's work in flight
    // with its labels renumbered, what the probe cannot see, its clock's origin; a program's printed lines
    // become console records.
    void aLiveReaderFollowsWhereTheLoopIs()
    {
        wire::Writer writer;
        wire::Hello hello;
        hello.pid = 7;
        hello.originNs = 5'000'000'000;
        hello.unobserved = UnobservedQueues;
        writer.hello(hello);
        writer.string(9, "Timeout");
        writer.string(10, "pbkdf2");
        wire::Now now;
        now.iteration = 12;
        now.phase = Phase::Timers;
        now.inPhase = true;
        now.phaseStartNs = 1000;
        now.inCallback = true;
        now.callbackLabel = 9;
        now.callbackKind = CallbackKind::Timer;
        now.callbackStartNs = 1500;
        now.pollTimeoutMs = 42;
        now.pollReason = PollReason::TimerDue;
        writer.now(now);
        wire::PoolNow pool;
        pool.threads = 4;
        pool.busy = 4;
        pool.waiting = 1;
        pool.items = { { 10, 100, 200, 3 }, { 10, 150, -1, 0 } };
        writer.pool(pool);
        const std::vector<std::uint8_t> stream = writer.take();

        Recording recording;
        wire::LiveFollow follow;
        wire::Ingest ingest(recording);
        ingest.follow(&follow);
        wire::Reader reader(ingest);
        QVERIFY2(reader.feed(stream.data(), stream.size()) && reader.finish(), reader.error().c_str());
        QCOMPARE(follow.originNs.load(), std::int64_t(5'000'000'000));
        QCOMPARE(follow.unobserved.load(), std::uint8_t(UnobservedQueues));
        const LiveState& live = follow.live;
        QCOMPARE(live.iteration.load(), 12u);
        QCOMPARE(Phase(live.phase.load()), Phase::Timers);
        QVERIFY(live.inPhase.load() && live.inCallback.load());
        QCOMPARE(recording.strings.at(live.callbackLabel.load()), std::string("Timeout"));
        QCOMPARE(live.callbackStartNs.load(), std::int64_t(1500));
        QCOMPARE(live.pollTimeoutMs.load(), std::int64_t(42));
        QCOMPARE(PollReason(live.pollReason.load()), PollReason::TimerDue);
        // Four threads busy, one of them on work seen; one item waiting.
        QCOMPARE(live.poolActive.load(), 4u);
        QCOMPARE(live.poolQueued.load(), 1u);
        const std::vector<PoolBoard::Item> work = follow.poolWork();
        QCOMPARE(work.size(), std::size_t(2));
        QCOMPARE(recording.strings.at(work[0].label), std::string("pbkdf2"));
        QCOMPARE(work[0].worker, std::uint16_t(3));
        QCOMPARE(work[0].startedAtNs, std::int64_t(200));
        QCOMPARE(work[1].startedAtNs, std::int64_t(-1));

        ingest.printed("a line", false, 42);
        ingest.printed("an error", true, 43);
        const std::vector<Record> lines = recordsOf(recording.mainLog());
        QCOMPARE(lines.size(), std::size_t(2));
        QCOMPARE(lines[0].type, RecordType::Log);
        QCOMPARE(recording.strings.at(lines[1].label), std::string("an error"));
        QCOMPARE(lines[1].type, RecordType::Error);
        ingest.describe(recording.info);
        QCOMPARE(recording.info.unobserved, std::uint8_t(UnobservedQueues));
    }

    // A blocked callback's sampled stacks arrive as the probe numbered their frames and are kept with the
    // recording's labels, a later frame for the same callback in place of the earlier; the function that
    // blocked longest is the innermost of the program's own frames, not Node's.
    void aBlockedCallbacksStacksAreKept()
    {
        wire::Writer writer;
        wire::Hello hello;
        hello.pid = 7;
        writer.hello(hello);
        writer.string(3, "(anonymous) (/app/server.js:20:5)");
        writer.string(4, "slowRoute (/app/server.js:12:20)");
        writer.string(5, "hash (node:internal/crypto/hash:101:5)");
        writer.string(6, "parse (/app/server.js:30:1)");
        writer.string(7, "slowRoute (/app/server.js:14:3)"); // the same function, on another of its lines
        writer.string(8, "json (/app/node_modules/express/lib/response.js:278:15)"); // a package's
        wire::BlockSamples samples;
        samples.callbackStartNs = 1'000'000;
        samples.intervalNs = 2'000'000;
        samples.stacks = { { 10, { 3, 4 } } };
        writer.samples(samples);
        samples.stacks = { { 60, { 3, 4 } }, { 30, { 3, 4, 5 } }, { 10, { 3, 6 } } };
        writer.samples(samples);
        wire::BlockSamples other;
        other.callbackStartNs = 9'000'000;
        other.intervalNs = 2'000'000;
        other.stacks = { { 5, { 6 } }, { 20, { 3, 7 } }, { 15, { 3, 4, 8 } } };
        writer.samples(other);
        const std::vector<std::uint8_t> stream = writer.take();

        Recording recording;
        wire::Ingest ingest(recording);
        wire::Reader reader(ingest);
        QVERIFY2(reader.feed(stream.data(), stream.size()) && reader.finish(), reader.error().c_str());
        const std::vector<BlockProfile> profiles = recording.blockProfiles.all();
        QCOMPARE(profiles.size(), std::size_t(2));
        const std::optional<BlockProfile> first = recording.blockProfiles.of(MainThread, 1'000'000);
        QVERIFY(first.has_value());
        QCOMPARE(first->samples(), std::uint64_t(100));
        QCOMPARE(first->stacks.size(), std::size_t(3));
        QCOMPARE(
            recording.strings.at(first->stacks[1].frames[2]), std::string("hash (node:internal/crypto/hash:101:5)"));
        QVERIFY(!recording.blockProfiles.of(MainThread, 2'000'000).has_value());

        const std::vector<BlockingFunction> longest = recording.blockProfiles.longestBlocking(recording.strings, 2);
        QCOMPARE(longest.size(), std::size_t(2));
        QCOMPARE(recording.strings.at(longest[0].label), std::string("slowRoute (/app/server.js:12:20)"));
        // One function, found on two of its lines: named at the line most samples found it on. The program's
        // own function counts before the package it called (res.json's stringify).
        QCOMPARE(longest[0].samples, std::uint64_t(125));
        QCOMPARE(longest[0].blockedNs, std::int64_t(250'000'000));
        QCOMPARE(recording.strings.at(longest[1].label), std::string("parse (/app/server.js:30:1)"));
        QCOMPARE(longest[1].samples, std::uint64_t(15));
        QCOMPARE(ingest.unnamedLabels(), std::uint64_t(0));
    }

    // The program's output lines are named by the probe's marks (where each write lies, by which callback,
    // its hash): a line by the write of its first byte, once the bytes read match the mark's hash; a line
    // no mark covers, once the probe has counted past it, by nothing; a line waits for marks still to come;
    // and a mark whose bytes differ (a write the probe did not count) leaves that stream's lines unnamed.
    void outputLinesAreNamedByTheWritesOfTheirFirstBytes()
    {
        const auto mark = [](std::uint8_t fd, std::uint64_t start, const std::string& bytes, std::uint32_t label) {
            return wire::OutputMark { fd, start, bytes.size(), label,
                wire::outputHash(
                    wire::OutputHashStart, reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size()) };
        };
        wire::Writer writer;
        writer.hello({});
        writer.string(1, "Timeout tick (/app/a.js:1:1)");
        writer.string(2, "Immediate done (/app/a.js:2:1)");
        writer.output({ 1, 0, 0, 0, 0 }); // in its opening: the probe counts fd 1 from its start
        writer.output({ 2, 0, 0, 0, 0 });
        const std::vector<std::uint8_t> opening = writer.take();
        writer.output(mark(1, 0, "one\n", 1));
        writer.output(mark(1, 4, "two ", 1)); // a line begun by the timer
        writer.output(mark(1, 8, "ends\n", 2)); // and ended by the immediate
        const std::vector<std::uint8_t> stream = writer.take();

        Recording recording;
        wire::Ingest ingest(recording);
        wire::Reader reader(ingest);
        QVERIFY2(reader.feed(opening.data(), opening.size()), reader.error().c_str());
        const std::string out = "one\ntwo ends\nbetween\n";
        ingest.read(false, out);
        ingest.line("one", false, 10, 0);
        ingest.line("two ends", false, 11, 4);
        ingest.line("between", false, 12, 13);
        // Before the probe's marks come, the lines wait.
        ingest.nameOutput(13, false);
        QVERIFY(ingest.outputWaiting());
        QCOMPARE(recordsOf(recording.mainLog()).size(), std::size_t(0));
        QVERIFY2(reader.feed(stream.data(), stream.size()), reader.error().c_str());
        ingest.nameOutput(14, false);
        // The third waits still: the probe has not counted past its start yet.
        QVERIFY(ingest.outputWaiting());
        std::vector<Record> lines = recordsOf(recording.mainLog());
        QCOMPARE(lines.size(), std::size_t(2));
        QCOMPARE(recording.strings.at(lines[0].console.from), std::string("Timeout tick (/app/a.js:1:1)"));
        QCOMPARE(recording.strings.at(lines[1].label), std::string("two ends"));
        QCOMPARE(recording.strings.at(lines[1].console.from), std::string("Timeout tick (/app/a.js:1:1)"));
        // Counted past it with no mark: written between callbacks, named by nothing.
        writer.output({ 1, 21, 0, 0, 0 });
        // On standard error, a mark whose bytes are not the ones read: neither that line nor the next is named.
        writer.output(mark(2, 0, "oops\n", 2));
        writer.output(mark(2, 5, "fine\n", 2));
        const std::vector<std::uint8_t> more = writer.take();
        QVERIFY2(reader.feed(more.data(), more.size()), reader.error().c_str());
        ingest.read(true, "a child's\nfine\n");
        ingest.line("a child's", true, 15, 0);
        ingest.line("fine", true, 16, 10);
        ingest.nameOutput(17, false);
        QVERIFY(!ingest.outputWaiting());
        lines = recordsOf(recording.mainLog());
        QCOMPARE(lines.size(), std::size_t(5));
        QCOMPARE(recording.strings.at(lines[2].label), std::string("between"));
        for (std::size_t i = 2; i < lines.size(); ++i)
            QCOMPARE(lines[i].console.from, std::uint32_t(0));

        // A probe that never said it counts (an older one): lines are recorded at once, unnamed.
        Recording older;
        wire::Ingest olderIngest(older);
        olderIngest.read(false, "line\n");
        olderIngest.line("line", false, 1, 0);
        olderIngest.nameOutput(2, false);
        QVERIFY(!olderIngest.outputWaiting());
        QCOMPARE(recordsOf(older.mainLog()).size(), std::size_t(1));
    }

    void whatThisReaderDoesNotKnowIsSkipped()
    {
        wire::Writer writer;
        writer.hello({});
        std::vector<std::uint8_t> stream = writer.take();
        const std::uint8_t unknown[] = { 99, 3, 1, 2, 3 };
        stream.insert(stream.end(), std::begin(unknown), std::end(unknown));
        const Record sent = callback(7, CallbackKind::Timer, 10, 20, 0);
        writer.records(&sent, 1);
        const std::vector<std::uint8_t> rest = writer.take();
        stream.insert(stream.end(), rest.begin(), rest.end());
        Recording recording;
        wire::Ingest ingest(recording);
        wire::Reader reader(ingest);
        QVERIFY2(reader.feed(stream.data(), stream.size()) && reader.finish(), reader.error().c_str());
        QCOMPARE(recording.mainLog().size(), std::size_t(1));
        QCOMPARE(recording.strings.at(recording.mainLog()[0].label), std::string("?"));
        QCOMPARE(ingest.unnamedLabels(), std::uint64_t(1));
    }

    // A stream the probe finished (it stopped as the program exits) ends with End; one cut at a frame's
    // end reads as whole frames but not finished: the program was killed or closed the probe's socket.
    void aFinishedStreamSaysSo_data()
    {
        QTest::addColumn<bool>("finished");
        QTest::newRow("finished") << true;
        QTest::newRow("cut after a frame") << false;
    }

    void aFinishedStreamSaysSo()
    {
        QFETCH(bool, finished);
        wire::Writer writer;
        writer.hello({});
        const Record sent = callback(7, CallbackKind::Timer, 10, 20, 0);
        writer.records(&sent, 1);
        if (finished)
            writer.end();
        const std::vector<std::uint8_t> stream = writer.take();
        Recording recording;
        wire::Ingest ingest(recording);
        wire::Reader reader(ingest);
        QVERIFY2(reader.feed(stream.data(), stream.size()) && reader.finish(), reader.error().c_str());
        QCOMPARE(reader.ended(), finished);
        QCOMPARE(recording.mainLog().size(), std::size_t(1));
    }
};

QTEST_MAIN(TestWire)
#include "tst_wire.moc"
