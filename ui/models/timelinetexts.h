#pragma once

#include "models/timelineindex.h"

#include <QCoreApplication>
#include <QString>

#include <cstdint>

namespace loopscope {
class Recording;
}

// What the timeline says about its rows and items: names, explanations and the details of a span.
// The strings belong to the TimelineView's translation context.
class TimelineTexts
{
    Q_DECLARE_TR_FUNCTIONS(TimelineView)

public:
    static QString rowName(const TimelineIndex::Row& row);
    static QString rowToolTip(const TimelineIndex::Row& row);
    // The interned string `label` of `recording`, or empty.
    static QString label(const loopscope::Recording* recording, std::uint32_t label);
    // The details of `span`, one fact per line.
    static QString describe(
        const TimelineSpan& span, const TimelineIndex& index, const loopscope::Recording& recording);
    // A time in seconds with `decimals` digits.
    static QString seconds(std::int64_t ns, int decimals);
    // A tick of the time axis whose ticks are `stepNs` apart, in the unit that reads naturally for
    // that step (µs, ms or s) with as many digits as the step needs: "750 µs", "1.25 ms", "2 s".
    static QString tick(std::int64_t ns, std::int64_t stepNs);
};
