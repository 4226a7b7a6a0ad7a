#pragma once

#include "models/animationplan.h"

#include <QCoreApplication>
#include <QImage>
#include <QString>

#include <cstdint>
#include <functional>
#include <optional>

class LiveFeed;

// An animation of a replay: the feed's playhead taken through a range of the recording at a speed,
// frame by frame as AnimationPlan says, each frame the view drawn at that moment (as a picture of it is
// drawn), written by AnimationWriter. The playhead goes back where it was afterwards.
class AnimationExport
{
    Q_DECLARE_TR_FUNCTIONS(AnimationExport)

public:
    struct Range
    {
        std::optional<double> fromMs; // milliseconds into the recording; nothing: its start
        std::optional<double> toMs; // nothing: its end
        double speed = 0.1; // as the replay's (ReplayPlayer::Speeds)
        int fps = 10;
    };
    enum class Outcome { Written, Failed, Cancelled };
    struct Result
    {
        Outcome outcome = Outcome::Failed;
        QString error; // when Failed, naming the file
        AnimationPlan plan;
    };
    // The view as drawn now.
    using Grab = std::function<QImage()>;
    // Told after each frame; false cancels.
    using Progress = std::function<bool(int done, int total)>;

    // Where `range` lies in the feed's recording, clamped to it, and the plan for it; false with the
    // reason when there is no recording to replay or the range is out of it or empty of time.
    static bool resolve(LiveFeed& feed, const Range& range, std::int64_t* fromNs, std::int64_t* toNs,
        AnimationPlan* plan, QString* error);
    // Writes the animation of `range` to `path` (.gif or .webp), grabbing each frame with `grab`.
    static Result run(
        LiveFeed& feed, const QString& path, const Range& range, const Grab& grab, const Progress& progress = {});
    // What a capped plan means, in words.
    static QString cappedText(const AnimationPlan& plan);
};
