// The blocked callbacks' sampled stacks in a trace: written as its blockProfiles member and read back as
// they were; a damaged member is refused with where and why.
#include "formats/traceio.h"
#include "recording/recording.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace loopscope;

class TestTraceProfiles : public QObject
{
    Q_OBJECT

private slots:
    void blockProfilesRoundTrip()
    {
        Recording written;
        written.info.generator = "LoopScope test";
        Record callback;
        callback.type = RecordType::Callback;
        callback.startNs = 5'000'000;
        callback.span.durNs = 300'000'000;
        callback.span.count = 1;
        callback.label = written.strings.intern("Timeout handler (/app/prog.js:10:28)");
        *written.mainLog().slot() = callback;
        written.mainLog().commit();
        BlockProfile profile;
        profile.callbackStartNs = callback.startNs;
        profile.intervalNs = 2'100'000;
        const std::uint32_t outer = written.strings.intern("handler (/app/prog.js:10:33)");
        const std::uint32_t inner = written.strings.intern("spin (/app/prog.js:5:10) \"quoted\" \\ \t");
        profile.stacks = { { 120, { outer, inner } }, { 3, { outer } } };
        written.blockProfiles.put(profile);

        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("trace.json")).toStdString();
        std::string error;
        QVERIFY2(writeTrace(written, path, &error), error.c_str());
        Recording read;
        QVERIFY2(readTrace(path, read, &error), error.c_str());
        const std::optional<BlockProfile> back = read.blockProfiles.of(MainThread, callback.startNs);
        QVERIFY(back.has_value());
        QCOMPARE(back->intervalNs, profile.intervalNs);
        QCOMPARE(back->stacks.size(), std::size_t(2));
        QCOMPARE(back->stacks[0].hits, 120u);
        QCOMPARE(back->stacks[0].frames.size(), std::size_t(2));
        QCOMPARE(read.strings.at(back->stacks[0].frames[0]), written.strings.at(outer));
        QCOMPARE(read.strings.at(back->stacks[0].frames[1]), written.strings.at(inner));
        QCOMPARE(back->stacks[1].hits, 3u);
        // A recording without profiles writes no member.
        Recording plain;
        plain.info.generator = "LoopScope test";
        QVERIFY2(writeTrace(plain, path, &error), error.c_str());
        QFile file(QString::fromStdString(path));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(!file.readAll().contains("blockProfiles"));
    }

    void aDamagedMemberIsRefused_data()
    {
        QTest::addColumn<QByteArray>("member");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not an array") << QByteArray("{}") << "blockProfiles must be an array";
        QTest::newRow("a time as text") << QByteArray(R"([{"startNs":"5"}])")
                                        << "blockProfiles: a count or time must be a number";
        QTest::newRow("a negative time") << QByteArray(R"([{"startNs":-5}])")
                                         << "blockProfiles: a count or time must be a whole number";
        QTest::newRow("an unknown member") << QByteArray(
            R"([{"tid":1}])") << "blockProfiles: a profile has thread, startNs, intervalNs and stacks only";
        QTest::newRow("a frame as a number")
            << QByteArray(R"([{"stacks":[{"hits":1,"frames":[7]}]}])") << "blockProfiles: a frame must be a string";
    }

    void aDamagedMemberIsRefused()
    {
        QFETCH(QByteArray, member);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("trace.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"traceEvents":[],"blockProfiles":)" + member + R"(,"otherData":{"generator":"LoopScope t"}})");
        file.close();
        Recording read;
        std::string error;
        QVERIFY(!readTrace(path.toStdString(), read, &error));
        QVERIFY2(QString::fromStdString(error).contains(expected), error.c_str());
    }
};

QTEST_GUILESS_MAIN(TestTraceProfiles)
#include "tst_traceprofiles.moc"
