#include "widgets/export/animationexport.h"

#include "models/animationwriter.h"
#include "models/livefeed.h"

#include <QEventLoop>
#include <QLocale>

#include <cmath>

bool AnimationExport::resolve(
    LiveFeed& feed, const Range& range, std::int64_t* fromNs, std::int64_t* toNs, AnimationPlan* plan, QString* error)
{
    if (!feed.recording() || !feed.canReplay()) {
        *error = tr("an animation replays a recording: open one, or pause the run or let it end");
        return false;
    }
    if (!(range.speed >= AnimationPlan::MinSpeed && range.speed <= AnimationPlan::MaxSpeed) || range.fps < 1
        || range.fps > AnimationPlan::MaxFps) {
        *error = tr("an animation plays at a speed from %1 to %2, at 1 to %3 frames a second")
                     .arg(AnimationPlan::MinSpeed)
                     .arg(AnimationPlan::MaxSpeed)
                     .arg(AnimationPlan::MaxFps);
        return false;
    }
    const std::int64_t first = feed.firstNs();
    const std::int64_t last = std::max(first, feed.lastEndNs());
    const auto at = [](double ms) { return std::int64_t(std::llround(ms * 1e6)); };
    *fromNs = std::clamp(range.fromMs ? at(*range.fromMs) : first, first, last);
    *toNs = std::clamp(range.toMs ? at(*range.toMs) : last, first, last);
    if (*toNs <= *fromNs) {
        *error = tr("from %1 ms to %2 ms holds no time of the recording, which spans %3 ms to %4 ms")
                     .arg(QLocale().toString(range.fromMs.value_or(first / 1e6), 'f', 1),
                         QLocale().toString(range.toMs.value_or(last / 1e6), 'f', 1),
                         QLocale().toString(first / 1e6, 'f', 1), QLocale().toString(last / 1e6, 'f', 1));
        return false;
    }
    *plan = AnimationPlan::make(*fromNs, *toNs, range.speed, range.fps);
    return true;
}

QString AnimationExport::cappedText(const AnimationPlan& plan)
{
    return tr("%1 frames would be needed; an animation has %2 at most, so each shows longer (%3 a second) and "
              "the speed stays")
        .arg(QLocale().toString(plan.asked), QLocale().toString(plan.frames),
            QLocale().toString(plan.writtenFps(), 'f', 1));
}

AnimationExport::Result AnimationExport::run(
    LiveFeed& feed, const QString& path, const Range& range, const Grab& grab, const Progress& progress)
{
    Result result;
    std::int64_t fromNs = 0;
    std::int64_t toNs = 0;
    if (!resolve(feed, range, &fromNs, &toNs, &result.plan, &result.error)) {
        result.error = QStringLiteral("%1: %2").arg(path, result.error);
        return result;
    }
    const AnimationPlan& plan = result.plan;
    const std::optional<std::int64_t> before = feed.playhead();
    AnimationWriter writer;
    bool started = false;
    for (int i = 0; i < plan.frames; ++i) {
        feed.setPlayhead(plan.momentNs(fromNs, toNs, i));
        // The views took the moment in as the playhead moved; what they put off (an item view's layout)
        // is done before the frame is taken. No input: the frames are of the replay, not of the user.
        QCoreApplication::processEvents(QEventLoop::ExcludeUserInputEvents);
        const QImage frame = grab();
        if (!started) {
            started = writer.begin(path, frame.size(), &result.error);
            if (!started)
                break;
        }
        if (!writer.addFrame(frame, plan.delayOf(i), &result.error)) {
            started = false;
            break;
        }
        if (progress && !progress(i + 1, plan.frames)) {
            result.outcome = Outcome::Cancelled;
            break;
        }
    }
    feed.setPlayhead(before);
    if (result.outcome == Outcome::Cancelled || !started)
        return result;
    if (writer.finish(&result.error))
        result.outcome = Outcome::Written;
    return result;
}
