// A blocked callback's sampled stacks laid out as an icicle, on plain data: stacks merged by their common
// callers, callees side by side within their caller's span, the most sampled first.
#include "models/icicle.h"

#include <QTest>

using loopscope::BlockProfile;

Q_DECLARE_METATYPE(BlockProfile)
Q_DECLARE_METATYPE(std::vector<IcicleBox>)

namespace {

BlockProfile profileOf(std::vector<BlockProfile::Stack> stacks)
{
    BlockProfile profile;
    profile.intervalNs = 2'000'000;
    profile.stacks = std::move(stacks);
    return profile;
}

} // namespace

class TestIcicle : public QObject
{
    Q_OBJECT

private slots:
    void stacksAreMergedAndLaidSideBySide_data()
    {
        QTest::addColumn<BlockProfile>("profile");
        QTest::addColumn<std::vector<IcicleBox>>("boxes");
        QTest::addColumn<int>("depth");
        QTest::newRow("none") << profileOf({}) << std::vector<IcicleBox> {} << 0;
        QTest::newRow("one stack") << profileOf({ { 5, { 1, 2 } } })
                                   << std::vector<IcicleBox> { { 0, 0, 5, 0, 1 }, { 1, 0, 5, 5, 2 } } << 2;
        // 1 -> 2 (60 own, 30 more in 3) and 1 -> 4 (10): 2 before 4, 3 under 2's left end.
        QTest::newRow("merged") << profileOf({ { 10, { 1, 4 } }, { 60, { 1, 2 } }, { 30, { 1, 2, 3 } } })
                                << std::vector<IcicleBox> { { 0, 0, 100, 0, 1 }, { 1, 0, 90, 60, 2 },
                                       { 2, 0, 30, 30, 3 }, { 1, 90, 10, 10, 4 } }
                                << 3;
        // Two outermost frames (two ways the callback was entered), the larger first; ties by label.
        QTest::newRow("two roots") << profileOf({ { 3, { 7 } }, { 3, { 5 } }, { 4, { 9, 1 } } })
                                   << std::vector<IcicleBox> { { 0, 0, 4, 0, 9 }, { 1, 0, 4, 4, 1 }, { 0, 4, 3, 3, 5 },
                                          { 0, 7, 3, 3, 7 } }
                                   << 2;
        QTest::newRow("empty stacks left out") << profileOf({ { 3, {} }, { 0, { 1 } }, { 2, { 1 } } })
                                               << std::vector<IcicleBox> { { 0, 0, 2, 2, 1 } } << 1;
    }

    void stacksAreMergedAndLaidSideBySide()
    {
        QFETCH(BlockProfile, profile);
        QFETCH(std::vector<IcicleBox>, boxes);
        QFETCH(int, depth);
        const std::vector<IcicleBox> laid = icicleOf(profile);
        QCOMPARE(laid.size(), boxes.size());
        for (std::size_t i = 0; i < laid.size(); ++i)
            QVERIFY2(laid[i] == boxes[i], std::to_string(i).c_str());
        QCOMPARE(icicleDepth(laid), depth);
    }

    // The callers every sample ran through that are not the program's own (Node's HTTP parser, express's
    // router) fold into one box named by the innermost of them, so the frames that differ keep the rows.
    void aSharedTrunkOfOthersFramesIsFolded()
    {
        const auto othersFrame = [](std::uint32_t label) { return label < 10; };
        // 1 2 3 (Node's) then 11 (the program's), 4 5 (a package's) under it, then 12 or 13.
        const BlockProfile profile = profileOf({ { 10, { 1, 2, 3, 11, 4, 5, 12 } }, { 5, { 1, 2, 3, 11, 4, 5, 13 } } });
        const std::vector<IcicleBox> laid = icicleOf(profile, othersFrame);
        const std::vector<IcicleBox> expected { { 0, 0, 15, 0, 3, 2 }, { 1, 0, 15, 0, 11, 0 }, { 2, 0, 15, 0, 5, 1 },
            { 3, 0, 10, 10, 12, 0 }, { 3, 10, 5, 5, 13, 0 } };
        QCOMPARE(laid.size(), expected.size());
        for (std::size_t i = 0; i < laid.size(); ++i)
            QVERIFY2(laid[i] == expected[i], std::to_string(i).c_str());
        QCOMPARE(icicleDepth(laid), 4);

        // A frame some samples ended in, or where the stacks part, is not folded into the trunk below it.
        const BlockProfile parting = profileOf({ { 4, { 1, 2 } }, { 6, { 1, 2, 3 } }, { 2, { 1, 4 } } });
        const std::vector<IcicleBox> kept = icicleOf(parting, othersFrame);
        QCOMPARE(kept.size(), std::size_t(4));
        QCOMPARE(kept[0].folded, std::uint32_t(0));
    }
};

QTEST_GUILESS_MAIN(TestIcicle)
#include "tst_icicle.moc"
