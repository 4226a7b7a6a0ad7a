// The event log's storage: chunks encoded and spilled to a file read back the same while the
// producer goes on; the encoding round-trips any record; walks stop when asked; the resident limit
// says when the producer must wait.
#include "recording/eventlog.h"
#include "recording/recordcodec.h"
#include "recording/spillfile.h"

#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

#include <atomic>
#include <cstring>
#include <limits>
#include <random>
#include <thread>
#include <vector>

using namespace loopscope;

namespace {

// A record that says which index it was written at.
void append(EventLog& log, std::size_t index)
{
    Record* record = log.slot();
    QVERIFY(record);
    *record = Record();
    record->startNs = std::int64_t(index) * 3;
    record->label = std::uint32_t(index);
    record->span.count = std::uint32_t(index ^ 0x5a5a);
    log.commit();
}

bool holds(const EventLog& log, std::size_t index)
{
    const Record record = log[index];
    return record.startNs == std::int64_t(index) * 3 && record.label == std::uint32_t(index)
        && record.span.count == std::uint32_t(index ^ 0x5a5a);
}

// Records of every type with fields anywhere in their range, now and then as the one before them
// (what the encoding predicts), and the extremes.
std::vector<Record> assortedRecords(std::size_t count)
{
    std::mt19937_64 random(20261205);
    const auto any = [&random]() -> std::int64_t {
        switch (random() % 4) {
        case 0:
            return std::int64_t(random());
        case 1:
            return std::int64_t(random() % 1000) - 500;
        case 2:
            return random() % 2 ? std::numeric_limits<std::int64_t>::min() : std::numeric_limits<std::int64_t>::max();
        default:
            return 0;
        }
    };
    std::vector<Record> records(count);
    for (std::size_t i = 0; i < count; ++i) {
        Record& r = records[i];
        if (i > 0 && random() % 3 == 0) {
            r = records[i - 1];
            r.startNs = std::int64_t(std::uint64_t(r.startNs) + random() % 100); // wraps at the extremes
            continue;
        }
        r.type = RecordType(random() % 9);
        r.sub = std::uint8_t(random());
        r.thread = std::uint16_t(random());
        r.label = std::uint32_t(random());
        r.startNs = any();
        if (r.type == RecordType::Queues) {
            r.queues = { std::uint32_t(random()), std::uint32_t(random()), 0, 7, std::uint32_t(any()), 1, 2 };
        } else if (r.type == RecordType::Latency) {
            r.latency = { double(any()) / 7, -1, std::numeric_limits<double>::quiet_NaN(), 0.5 };
        } else {
            r.span = { any(), any(), any(), std::uint32_t(random()), std::uint32_t(any()) };
        }
    }
    return records;
}

bool sameBytes(const Record& a, const Record& b)
{
    return std::memcmp(&a, &b, sizeof(Record)) == 0;
}

} // namespace

class TestEventLog : public QObject
{
    Q_OBJECT

private slots:
    void theEncodingRoundTripsAnyRecord()
    {
        const std::vector<Record> records = assortedRecords(20 * recordcodec::BlockRecords);
        for (std::size_t first = 0; first < records.size(); first += recordcodec::BlockRecords) {
            std::vector<std::uint8_t> bytes;
            recordcodec::encodeBlock(&records[first], recordcodec::BlockRecords, bytes);
            std::vector<Record> decoded(recordcodec::BlockRecords);
            QVERIFY(recordcodec::decodeBlock(bytes.data(), bytes.size(), decoded.data(), decoded.size()));
            for (std::size_t i = 0; i < decoded.size(); ++i)
                QVERIFY2(sameBytes(decoded[i], records[first + i]), std::to_string(first + i).c_str());
            // Cut short or damaged, it says so, and never reads past its bytes.
            QVERIFY(!recordcodec::decodeBlock(bytes.data(), bytes.size() / 2, decoded.data(), decoded.size()));
            std::vector<std::uint8_t> damaged(bytes.size(), 0xff);
            QVERIFY(!recordcodec::decodeBlock(damaged.data(), damaged.size(), decoded.data(), decoded.size()));
        }
    }

    void compactedAndSpilledChunksReadTheSame()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        EventLog log;
        const std::size_t count = 5 * EventLog::ChunkSize + 100;
        const std::vector<Record> records = assortedRecords(count);
        for (const Record& record : records) {
            *log.slot() = record;
            log.commit();
        }
        const auto readsTheSame = [&] {
            for (std::size_t i = 0; i < count; ++i) {
                if (!sameBytes(log[i], records[i]))
                    return false;
            }
            return true;
        };
        const std::size_t before = log.memoryBytes();

        // Only sealed chunks are encoded: the sixth, still being filled, stays as written.
        QCOMPARE(log.compact(2), std::size_t(2));
        QCOMPARE(log.compact(100), std::size_t(3));
        QCOMPARE(log.compact(100), std::size_t(0));
        QCOMPARE(log.encodedRecords(), 5 * EventLog::ChunkSize);
        // The encoded chunks lie in whole slabs.
        const std::size_t slabs = log.memoryBytes() - (before - 5 * EventLog::ChunkBytes);
        QCOMPARE(slabs % EventLog::SlabBytes, std::size_t(0));
        QVERIFY(slabs >= log.encodedBytes() && slabs < log.encodedBytes() + 2 * EventLog::SlabBytes);
        QVERIFY(readsTheSame());

        SpillFile file(dir.path().toStdString());
        QCOMPARE(file.descriptor(), -1); // nothing written until something spills
        QCOMPARE(log.spill(file, 2), 2L);
        QCOMPARE(log.spill(file, 100), 3L);
        QCOMPARE(log.spill(file, 100), 0L);
        QCOMPARE(log.spilledBytes(), log.encodedBytes());
        QCOMPARE(file.size(), std::uint64_t(log.encodedBytes()));
        QCOMPARE(log.memoryBytes(), before - 5 * EventLog::ChunkBytes); // every slab went back
        QCOMPARE(file.directory(), dir.path().toStdString());
        QVERIFY(readsTheSame());
        std::size_t walked = 0;
        QVERIFY(log.walk(0, log.size(), [&](const Record& record) { return sameBytes(record, records[walked++]); }));
        QCOMPARE(walked, count);

        // The producer goes on; a chunk not encoded yet is encoded as it spills.
        for (std::size_t i = count; i < count + EventLog::ChunkSize; ++i)
            append(log, i);
        QCOMPARE(log.spill(file, 100), 1L);
        QVERIFY(holds(log, count + 5) && holds(log, count + EventLog::ChunkSize - 1));
        QVERIFY(readsTheSame());

        // A spill file damaged under the log (a failing disk) gives wrong records, never a crash.
        const std::vector<std::uint8_t> damage(file.size(), 0xff);
        QCOMPARE(pwrite(file.descriptor(), damage.data(), damage.size(), 0), ssize_t(damage.size()));
        std::size_t walkedAfter = 0;
        log.walk(0, log.size(), [&walkedAfter](const Record&) { return ++walkedAfter > 0; });
        QCOMPARE(walkedAfter, log.size());
    }

    // What a reader that follows the log has not read yet stays as written, unless the budget says.
    void compactionWaitsForTheFollowingReader()
    {
        EventLog log;
        for (std::size_t i = 0; i < 3 * EventLog::ChunkSize + 1; ++i)
            append(log, i);
        log.markRead(EventLog::ChunkSize + 10);
        QCOMPARE(log.compact(100), std::size_t(1));
        QCOMPARE(log.compact(100, true), std::size_t(2));
        QVERIFY(holds(log, 10) && holds(log, 2 * EventLog::ChunkSize + 7));
    }

    void aWalkStopsWhenAsked()
    {
        EventLog log;
        for (std::size_t i = 0; i < EventLog::ChunkSize + 10; ++i)
            append(log, i);
        std::size_t seen = 0;
        QVERIFY(!log.walk(5, log.size(), [&](const Record& record) { return ++seen < 3 && record.label >= 5; }));
        QCOMPARE(seen, std::size_t(3));
        seen = 0;
        QVERIFY(log.walk(EventLog::ChunkSize - 2, EventLog::ChunkSize + 2, [&](const Record&) { return ++seen > 0; }));
        QCOMPARE(seen, std::size_t(4));
    }

    void aFailedSpillLeavesTheChunkInMemory()
    {
        EventLog log;
        for (std::size_t i = 0; i < EventLog::ChunkSize + 1; ++i)
            append(log, i);
        SpillFile nowhere("/nonexistent/loopscope-spill");
        QCOMPARE(log.spill(nowhere, 1), -1L);
        QVERIFY2(nowhere.error().find("/nonexistent/loopscope-spill") != std::string::npos, nowhere.error().c_str());
        QCOMPARE(log.spilledBytes(), std::size_t(0));
        QVERIFY(holds(log, 10));

        QTemporaryDir dir;
        SpillFile small(dir.path().toStdString(), 16);
        QCOMPARE(log.spill(small, 1), -1L);
        QVERIFY2(small.error().find("reached its limit") != std::string::npos, small.error().c_str());
        QVERIFY(holds(log, 10));
    }

    // A rolling window lets the oldest sealed chunks go: counted as dropped, skipped by walks, read
    // as empty records by a reader that still looks there.
    void aRollingWindowLetsTheOldestChunksGo()
    {
        EventLog log;
        const std::size_t count = 4 * EventLog::ChunkSize + 10;
        for (std::size_t i = 0; i < count; ++i)
            append(log, i);
        const std::size_t before = log.memoryBytes();
        QCOMPARE(log.dropOldest(1), std::size_t(1));
        QCOMPARE(log.memoryBytes(), before - EventLog::ChunkBytes);
        // An encoded chunk goes the same way.
        QCOMPARE(log.compact(1), std::size_t(1));
        QCOMPARE(log.dropOldest(1), std::size_t(1));
        QCOMPARE(log.firstKept(), 2 * EventLog::ChunkSize);
        QCOMPARE(log.dropped(), std::uint64_t(2 * EventLog::ChunkSize));
        QCOMPARE(log.memoryBytes(), before - 2 * EventLog::ChunkBytes);
        QCOMPARE(log[EventLog::ChunkSize + 5].startNs, std::int64_t(0));
        QCOMPARE(log[5].startNs, std::int64_t(0)); // empty, not a fault
        std::size_t walked = 0;
        QVERIFY(log.walk(0, log.size(), [&](const Record& record) {
            ++walked;
            return record.label >= 2 * EventLog::ChunkSize;
        }));
        QCOMPARE(walked, count - 2 * EventLog::ChunkSize);
        // Only sealed chunks go; what is kept spills on from where the window begins.
        QCOMPARE(log.dropOldest(10), std::size_t(2));
        QCOMPARE(log.dropOldest(10), std::size_t(0));
        QVERIFY(holds(log, 4 * EventLog::ChunkSize + 3));
        for (std::size_t i = count; i < 5 * EventLog::ChunkSize + 1; ++i)
            append(log, i);
        QTemporaryDir dir;
        SpillFile file(dir.path().toStdString());
        QCOMPARE(log.spill(file, 10), 1L);
        QCOMPARE(file.size(), std::uint64_t(log.spilledBytes()));
        QVERIFY(holds(log, 4 * EventLog::ChunkSize + 3));
    }

    void theResidentLimitCountsOnlyWhatIsInMemory()
    {
        QTemporaryDir dir;
        EventLog log;
        log.setResidentLimit(2 * EventLog::ChunkBytes);
        for (std::size_t i = 0; i < 3 * EventLog::ChunkSize + 1; ++i)
            append(log, i);
        QVERIFY(log.overResidentLimit()); // four chunks taken, two allowed
        SpillFile file(dir.path().toStdString());
        QCOMPARE(log.spill(file, 2), 2L);
        QVERIFY(!log.overResidentLimit());
    }

    // The producer appends while another thread encodes and spills, as the loop thread and the
    // session's housekeeping do; a reader checks what it sees, from chunks as written, encoded or
    // spilled, whichever they are when it looks (ThreadSanitizer looks at all three).
    void compactingWhileTheProducerAppends()
    {
        QTemporaryDir dir;
        EventLog log;
        SpillFile file(dir.path().toStdString());
        const std::size_t count = 12 * EventLog::ChunkSize;
        std::atomic<bool> done { false };
        std::thread producer([&] {
            for (std::size_t i = 0; i < count; ++i) {
                Record* record = log.slot();
                record->startNs = std::int64_t(i) * 3;
                record->label = std::uint32_t(i);
                record->span.count = std::uint32_t(i ^ 0x5a5a);
                log.commit();
                if (i % 4096 == 0)
                    log.replenish(); // as housekeeping does, here between records
            }
            done = true;
        });
        std::atomic<bool> spilled { true };
        std::thread housekeeping([&] {
            for (int round = 0; !done.load(); ++round) {
                if (round % 2 ? log.compact(1, true) == 0 : log.spill(file, 1) < 0)
                    std::this_thread::yield();
            }
            while (log.spill(file, 1) > 0) { }
            spilled = log.spilledBytes() == log.encodedBytes();
        });
        bool consistent = true;
        std::size_t checked = 0;
        while (!done.load()) {
            const std::size_t size = log.size();
            for (; checked < size; ++checked)
                consistent = consistent && holds(log, checked);
            // Back over what the housekeeping has meanwhile encoded.
            for (std::size_t i = 0; i < checked; i += 997)
                consistent = consistent && holds(log, i);
        }
        producer.join();
        housekeeping.join();
        for (std::size_t i = 0; i < log.size(); ++i)
            consistent = consistent && holds(log, i);
        QVERIFY(consistent);
        QCOMPARE(log.size(), count);
        QVERIFY(spilled.load());
        // Every chunk is sealed once its last record is published.
        QCOMPARE(log.encodedRecords(), count);
    }
};

QTEST_GUILESS_MAIN(TestEventLog)
#include "tst_eventlog.moc"
