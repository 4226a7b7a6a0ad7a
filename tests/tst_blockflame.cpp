// The "Blocked by" panel on a recording built in the test: it shows the stacks of the callback selected in
// the timeline, else those of the callback that blocked last, as an icicle whose top row is the outermost
// frame; a callback that did not block shows none.
#include "models/livefeed.h"
#include "recording/recording.h"
#include "widgets/lanes/blockflameview.h"

#include <QTest>

using loopscope::BlockProfile;

namespace {

BlockProfile profileAt(loopscope::Recording& recording, std::int64_t startNs, std::uint32_t hits)
{
    BlockProfile profile;
    profile.callbackStartNs = startNs;
    profile.intervalNs = 2'000'000;
    const std::uint32_t outer = recording.strings.intern("handler (/app/prog.js:10:33)");
    const std::uint32_t inner = recording.strings.intern("spin (/app/prog.js:5:10)");
    const std::uint32_t node = recording.strings.intern("emit (node:events:517:28)");
    profile.stacks = { { hits, { outer, inner } }, { 1, { outer, node } } };
    return profile;
}

} // namespace

class TestBlockFlame : public QObject
{
    Q_OBJECT

private slots:
    void theSelectedOrTheLastBlockedCallbackIsShown()
    {
        auto recording = std::make_shared<loopscope::Recording>();
        recording->blockProfiles.put(profileAt(*recording, 1'000'000, 40));
        recording->blockProfiles.put(profileAt(*recording, 900'000'000, 99));
        LiveFeed feed;
        feed.setInterval(1000000); // the test drives the ticks itself
        BlockFlameView view(&feed);
        view.resize(600, 200);
        feed.setRecording(recording);
        feed.poll();

        // Nothing selected: the callback that blocked last.
        QVERIFY(view.profile());
        QCOMPARE(view.profile()->callbackStartNs, std::int64_t(900'000'000));
        QCOMPARE(view.boxes().size(), std::size_t(3));

        // The one selected in the timeline, its outermost frame across the whole top row.
        view.showCallback(loopscope::MainThread, 1'000'000);
        QVERIFY(view.profile());
        QCOMPARE(view.profile()->samples(), std::uint64_t(41));
        const int rowHeight = view.fontMetrics().height() + 6;
        QCOMPARE(view.frameAt(QPoint(5, rowHeight + rowHeight / 2)), QStringLiteral("handler (/app/prog.js:10:33)"));
        QCOMPARE(view.frameAt(QPoint(595, rowHeight + rowHeight / 2)), QStringLiteral("handler (/app/prog.js:10:33)"));
        // Below it the hot function, with nearly all the width, then Node's frame of one sample.
        QCOMPARE(view.frameAt(QPoint(5, 2 * rowHeight + rowHeight / 2)), QStringLiteral("spin (/app/prog.js:5:10)"));
        QCOMPARE(view.frameAt(QPoint(598, 2 * rowHeight + rowHeight / 2)), QStringLiteral("emit (node:events:517:28)"));
        QCOMPARE(view.frameAt(QPoint(5, rowHeight / 2)), QString()); // the caption

        // A callback that never blocked has no stacks.
        view.showCallback(loopscope::MainThread, 5'000'000);
        QVERIFY(!view.profile());
        QVERIFY(view.boxes().empty());

        // The selection cleared: the last one again.
        view.showCallback(-1, 0);
        QCOMPARE(view.profile()->callbackStartNs, std::int64_t(900'000'000));
        QVERIFY(!view.grab().isNull());
    }
};

QTEST_MAIN(TestBlockFlame)
#include "tst_blockflame.moc"
