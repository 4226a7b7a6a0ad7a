#pragma once

#include "recording/events.h"

#include <QColor>

// The fixed colours of the loop's phases and callback kinds, shared by every view.
// They read on light and dark palettes alike; everything else comes from palette().
class PhaseColors
{
public:
    static QColor phase(loopscope::Phase phase)
    {
        static const QRgb colors[] = { 0xf2b134, 0xe0605e, 0x9aa5b1, 0x9b6fd6, 0x4aa3df, 0x5cb85c, 0xe58f3c };
        return QColor(colors[int(phase)]);
    }

    static QColor kind(loopscope::CallbackKind kind)
    {
        using loopscope::CallbackKind;
        using loopscope::Phase;
        switch (kind) {
        case CallbackKind::Timer:
            return phase(Phase::Timers);
        case CallbackKind::Immediate:
            return phase(Phase::Check);
        case CallbackKind::Io:
            return phase(Phase::Poll);
        case CallbackKind::Close:
            return phase(Phase::Close);
        case CallbackKind::NextTick:
            return QColor(0xd9534f);
        case CallbackKind::Microtask:
            return QColor(0x8e6fd6);
        case CallbackKind::Work:
            return pool();
        case CallbackKind::Main:
            return QColor(0x6c8ebf);
        }
        return QColor(0x9aa5b1);
    }

    // Thread-pool work.
    static QColor pool() { return QColor(0x2bb5a3); }
    // Work waiting for a free pool thread.
    static QColor waiting() { return QColor(0xc9a227); }
    // A loop that is blocked.
    static QColor blocked() { return QColor(0xd9534f); }

    // Text that stays readable on a fill of `background`.
    static QColor textOn(const QColor& background)
    {
        return background.lightnessF() > 0.62 ? QColor(0x1b1f23) : QColor(0xffffff);
    }
};
