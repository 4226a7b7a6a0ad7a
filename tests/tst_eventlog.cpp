// The event log's storage: chunks spilled to a file read back the same, in place, while the
// producer goes on; walks stop when asked; the resident limit says when the producer must wait.
#include "recording/eventlog.h"
#include "recording/spillfile.h"

#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <thread>

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
    const Record& record = log[index];
    return record.startNs == std::int64_t(index) * 3 && record.label == std::uint32_t(index)
        && record.span.count == std::uint32_t(index ^ 0x5a5a);
}

} // namespace

class TestEventLog : public QObject
{
    Q_OBJECT

private slots:
    void spilledChunksReadTheSameInPlace()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        EventLog log;
        const std::size_t count = 5 * EventLog::ChunkSize + 100;
        for (std::size_t i = 0; i < count; ++i)
            append(log, i);
        const std::size_t before = log.memoryBytes();
        const Record* first = &log[0];

        SpillFile file(dir.path().toStdString());
        QCOMPARE(file.descriptor(), -1); // nothing written until something spills
        QCOMPARE(log.spill(file, 2), 2L);
        // Only sealed chunks move: the sixth, still being filled, stays.
        QCOMPARE(log.spill(file, 100), 3L);
        QCOMPARE(log.spill(file, 100), 0L);
        QCOMPARE(log.spilledBytes(), 5 * EventLog::ChunkBytes);
        QCOMPARE(log.memoryBytes(), before - 5 * EventLog::ChunkBytes);
        QCOMPARE(file.size(), std::uint64_t(5 * EventLog::ChunkBytes));
        QCOMPARE(file.directory(), dir.path().toStdString());
        QCOMPARE(&log[0], first); // readers keep their references
        for (std::size_t i = 0; i < count; ++i)
            QVERIFY2(holds(log, i), std::to_string(i).c_str());

        // A walk drops what it passed from memory; reading again pages it back in.
        std::size_t walked = 0;
        QVERIFY(log.walk(0, log.size(), [&](const Record& record) { return record.label == walked++; }));
        QCOMPARE(walked, count);
        QVERIFY(holds(log, 17) && holds(log, 3 * EventLog::ChunkSize + 9));
        // The producer goes on after a spill.
        for (std::size_t i = count; i < count + EventLog::ChunkSize; ++i)
            append(log, i);
        QCOMPARE(log.spill(file, 100), 1L);
        QVERIFY(holds(log, count + 5));
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
        SpillFile small(dir.path().toStdString(), EventLog::ChunkBytes / 2);
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
        QCOMPARE(log.dropOldest(2), std::size_t(2));
        QCOMPARE(log.firstKept(), 2 * EventLog::ChunkSize);
        QCOMPARE(log.dropped(), std::uint64_t(2 * EventLog::ChunkSize));
        QCOMPARE(log.memoryBytes(), before - 2 * EventLog::ChunkBytes);
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
        QCOMPARE(file.size(), std::uint64_t(EventLog::ChunkBytes));
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

    // The producer appends while another thread spills, as the loop thread and the session's
    // housekeeping do; a reader checks what it sees (ThreadSanitizer looks at all three).
    void spillingWhileTheProducerAppends()
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
        bool consistent = true;
        std::size_t checked = 0;
        while (!done.load()) {
            if (log.spill(file, 1) < 0)
                consistent = false;
            const std::size_t size = log.size();
            for (; checked < size; ++checked)
                consistent = consistent && holds(log, checked);
        }
        producer.join();
        while (log.spill(file, 1) > 0) { }
        for (; checked < log.size(); ++checked)
            consistent = consistent && holds(log, checked);
        QVERIFY(consistent);
        QCOMPARE(checked, count);
        // Every chunk is sealed once its last record is published.
        QCOMPARE(log.spilledBytes(), 12 * EventLog::ChunkBytes);
    }
};

QTEST_GUILESS_MAIN(TestEventLog)
#include "tst_eventlog.moc"
