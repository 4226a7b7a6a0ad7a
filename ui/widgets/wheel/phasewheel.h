#pragma once

#include "models/phasegeometry.h"
#include "models/phaseheat.h"
#include "recording/events.h"

#include <QElapsedTimer>
#include <QWidget>

#include <array>
#include <cstddef>
#include <cstdint>

class LiveFeed;
class StatusModel;
class QPainter;

// The circle of libuv phases, painted live. A cursor (a hand and a band on the
// rim) shows the phase the loop is in, with a short trail fading behind it; each
// segment is filled by its share of the loop's last second (the heat), poll's
// waiting calm and its callbacks hot; the nextTick and microtask queues sit in
// the hub, and while a callback blocks the loop its phase turns red and a
// stopwatch runs in the hub. When the loop goes round faster than the eye can
// follow, the hand jumps to the phase the loop is in instead of easing round
// every lap, and the notes beside the ring give rates.
class PhaseWheel : public QWidget
{
    Q_OBJECT

public:
    PhaseWheel(LiveFeed* feed, StatusModel* status, QWidget* parent = nullptr);

    // A teaching sentence or two about a phase, for tooltips.
    static QString explanation(loopscope::Phase phase);
    // The angle of the cursor now, in degrees clockwise from twelve o'clock.
    bool showingRates() const { return m_showRates; }
    // Strong contrast for a projector (presentation mode): stronger colours, thicker lines.
    void setContrast(PhaseGeometry::Contrast contrast);
    PhaseGeometry::Contrast contrast() const { return m_contrast; }
    // Whether a cursor shows (the loop runs and has begun iterating), and on which phase.
    bool cursorShown() const;
    loopscope::Phase cursorPhase() const { return m_cursorPhase; }
    // How bright the trail behind the cursor is over `phase` now, 0..1.
    double trailStrength(loopscope::Phase phase) const;
    // The shares of the last second the segments are filled with.
    const PhaseHeat::Shares& heat() const { return m_shares; }
    // The counts in the hub: those of the queue panels, 0 once the run has ended.
    std::size_t nextTickCount() const { return m_nextTick; }
    std::size_t microtaskCount() const { return m_microtask; }

    // The scale the circle is drawn at now: its logical box fitted to the widget.
    double drawnScale() const { return PhaseGeometry::fitScale(size()); }
    // Presentation mode: the circle is never drawn so small that its smallest words (the hub's queue titles,
    // 13 logical pixels) read smaller than four fifths of the window's text. Larger text (Ctrl++) then
    // never shrinks the circle's words out of sight: where the screen has no room, the window refuses it.
    void setKeepsWordsReadable(bool on);
    static constexpr int SmallestWordPixels = 13;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override { return false; }

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    // False when the recording shown could not see `what` (LiveFeed::sees).
    bool sees(std::uint8_t what) const;
    void onReset();
    void onAdvanced(int logIndex, std::size_t from, std::size_t to);
    void onRefreshed();
    void moveCursor();
    void updateDescription();
    QString shareText(loopscope::Phase phase) const;
    QPointF toLogical(const QPointF& widgetPos) const;
    bool dark() const;
    void paintSegments(QPainter& painter);
    void paintTrail(QPainter& painter);
    void paintLabels(QPainter& painter);
    void paintHand(QPainter& painter);
    void paintCentre(QPainter& painter);
    void paintStopwatch(QPainter& painter);
    void paintNotes(QPainter& painter);
    void paintQueueStack(QPainter& painter, const QRectF& box, std::size_t depth, const QColor& color,
        const QString& title, bool compact);

    LiveFeed* m_feed;
    StatusModel* m_status;
    PhaseHeat m_heat;
    PhaseHeat::Shares m_shares;
    std::size_t m_nextTick = 0;
    std::size_t m_microtask = 0;
    double m_angle = 0;
    double m_remaining = 0;
    double m_targetAngle = -1;
    std::uint32_t m_lastIteration = 0;
    double m_lapsPerFrame = 0;
    bool m_showRates = false;
    PhaseGeometry::Contrast m_contrast = PhaseGeometry::Contrast::Normal;
    loopscope::Phase m_cursorPhase = loopscope::Phase::Timers;
    // When the cursor last left each phase, on m_clock; -1 when it has not.
    std::array<std::int64_t, loopscope::PhaseCount> m_leftAtNs {};
    QElapsedTimer m_clock;
    int m_refreshes = 0;
    bool m_keepsWordsReadable = false;
};
