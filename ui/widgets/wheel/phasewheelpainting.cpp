// PhaseWheel: painting, as Qt's analog-clock example paints: antialiased, translated to the centre and
// scaled to a fixed logical box; the geometry comes from PhaseGeometry.
#include "widgets/wheel/phasewheel.h"

#include "models/livefeed.h"
#include "models/phasecolors.h"
#include "models/phasegeometry.h"
#include "models/queuemodel.h"
#include "models/statusmodel.h"
#include "models/timemapping.h"
#include "recording/loopstate.h"
#include "recording/recording.h"

#include <QHelpEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <climits>
#include <cmath>
#include <vector>

using loopscope::Phase;

namespace {

constexpr double RingMiddle = (PhaseGeometry::OuterRadius + PhaseGeometry::InnerRadius) / 2;
// The hub's text is never drawn smaller than this many logical pixels to make it fit.
constexpr int SmallestPixels = 8;

QFont logicalFont(const QFont& base, int pixels, bool bold = false)
{
    QFont font = base;
    font.setPixelSize(pixels);
    font.setBold(bold);
    return font;
}

// The font of `pixels`, made smaller until `text` fits `width`: translations and long labels
// shrink rather than spill over their neighbours.
QFont fittingFont(const QFont& base, int pixels, bool bold, const QString& text, double width)
{
    QFont font = logicalFont(base, pixels, bold);
    while (font.pixelSize() > SmallestPixels && QFontMetricsF(font).horizontalAdvance(text) > width)
        font.setPixelSize(font.pixelSize() - 1);
    return font;
}

// True when `text` wrapped at `size`'s width fits it: no taller, and no word alone wider (such as a
// resource type of a real Node.js program, HTTPINCOMINGMESSAGE), which wrapping cannot break.
bool fitsWrapped(const QFontMetricsF& metrics, const QString& text, const QSizeF& size)
{
    const QSizeF taken
        = metrics.boundingRect(QRectF(0, 0, size.width(), 10000), Qt::AlignHCenter | Qt::TextWordWrap, text).size();
    return taken.height() <= size.height() && taken.width() <= size.width() + 0.5;
}

// The same for text wrapped in a box of `size`.
QFont wrappedFont(const QFont& base, int pixels, bool bold, const QString& text, const QSizeF& size)
{
    QFont font = logicalFont(base, pixels, bold);
    while (font.pixelSize() > SmallestPixels && !fitsWrapped(QFontMetricsF(font), text, size))
        font.setPixelSize(font.pixelSize() - 1);
    return font;
}

// Text that reads on `background`, by its luma: the phase colours are light though not pale, and take dark text.
QColor readableOn(const QColor& background)
{
    const double luma = 0.2126 * background.redF() + 0.7152 * background.greenF() + 0.0722 * background.blueF();
    return luma > 0.5 ? QColor(0x1b, 0x1f, 0x23) : QColor(0xff, 0xff, 0xff);
}

// The part of the ring between `inner` and `outer` from angle `from` to `to`.
QPainterPath sectorPath(double from, double to, double inner, double outer)
{
    const QRectF outerRect(-outer, -outer, 2 * outer, 2 * outer);
    const QRectF innerRect(-inner, -inner, 2 * inner, 2 * inner);
    // QPainterPath angles run counter-clockwise from three o'clock.
    QPainterPath path;
    path.arcMoveTo(outerRect, 90 - from);
    path.arcTo(outerRect, 90 - from, -(to - from));
    path.arcTo(innerRect, 90 - to, to - from);
    path.closeSubpath();
    return path;
}

QPainterPath segmentPath(double from, double to)
{
    return sectorPath(from, to, PhaseGeometry::InnerRadius, PhaseGeometry::OuterRadius);
}

// Draws `text` with a stopwatch before it, centred in `box`, in the painter's pen and font.
// The stopwatch is drawn rather than taken from a font, since few fonts carry U+23F1.
void paintStopwatchText(QPainter& painter, const QRectF& box, const QString& text)
{
    const QFontMetricsF metrics(painter.font());
    const double r = metrics.ascent() * 0.42;
    const double gap = r * 0.8;
    const double total = 2 * r + gap + metrics.horizontalAdvance(text);
    const double left = box.center().x() - total / 2;
    const QPointF centre(left + r, box.center().y() + r * 0.15);
    const QColor color = painter.pen().color();
    painter.save();
    painter.setPen(QPen(color, r * 0.28, Qt::SolidLine, Qt::RoundCap));
    painter.setBrush(Qt::NoBrush);
    painter.drawEllipse(centre, r, r);
    painter.drawLine(centre, centre + QPointF(0, -r * 0.62));
    painter.drawLine(centre, centre + QPointF(r * 0.45, r * 0.2));
    painter.drawLine(centre + QPointF(-r * 0.3, -r * 1.38), centre + QPointF(r * 0.3, -r * 1.38));
    painter.drawLine(centre + QPointF(0, -r * 1.38), centre + QPointF(0, -r * 1.05));
    painter.restore();
    painter.drawText(
        QRectF(left + 2 * r + gap, box.top(), total, box.height()), Qt::AlignLeft | Qt::AlignVCenter, text);
}

} // namespace

void PhaseWheel::paintEvent(QPaintEvent*)
{
    // As Qt's analog clock: the origin at the centre, a fixed logical box scaled to fit.
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    painter.translate(width() / 2.0, height() / 2.0);
    const double scale = PhaseGeometry::fitScale(size());
    painter.scale(scale, scale);

    paintSegments(painter);
    if (cursorShown())
        paintTrail(painter);
    paintLabels(painter);
    if (cursorShown())
        paintHand(painter);
    paintCentre(painter);
    paintNotes(painter);
}

void PhaseWheel::paintSegments(QPainter& painter)
{
    const bool isDark = dark();
    const bool afterClose = m_status->timersAfterClose();
    const bool running = cursorShown();
    const QColor gap = palette().color(QPalette::Window);
    for (const Phase phase : PhaseGeometry::order(afterClose)) {
        const double from = PhaseGeometry::startAngle(phase, afterClose);
        const double to = from + PhaseGeometry::SegmentDegrees;
        const QColor base = PhaseColors::phase(phase);
        const auto state = PhaseGeometry::stateOf(
            phase, m_status->phase(), running, m_status->inCallback(), m_status->callbackRunningNs());
        const bool blocked = state == PhaseGeometry::State::Blocked;
        painter.setPen(Qt::NoPen);
        painter.setBrush(
            PhaseGeometry::fill(base, blocked ? state : PhaseGeometry::State::Waiting, isDark, m_contrast));
        painter.drawPath(segmentPath(from, to));

        // The heat grows from the hub outwards: in poll the callbacks first, then the waiting.
        if (!blocked && m_shares.coveredNs > 0) {
            const double share = m_shares.of(phase);
            const double hot = phase == Phase::Poll ? m_shares.pollRunning : share;
            const double hotEdge = PhaseGeometry::heatRadius(hot);
            if (hot > 0) {
                painter.setBrush(PhaseGeometry::heatFill(base, false, isDark, m_contrast));
                painter.drawPath(sectorPath(from, to, PhaseGeometry::InnerRadius, hotEdge));
            }
            if (share > hot) {
                painter.setBrush(PhaseGeometry::heatFill(base, true, isDark, m_contrast));
                painter.drawPath(sectorPath(from, to, hotEdge, PhaseGeometry::heatRadius(share)));
            }
        }
        painter.setPen(QPen(gap, PhaseGeometry::strokeWidth(m_contrast)));
        painter.setBrush(Qt::NoBrush);
        painter.drawPath(segmentPath(from, to));
    }
}

void PhaseWheel::paintTrail(QPainter& painter)
{
    const bool afterClose = m_status->timersAfterClose();
    const QColor text = palette().color(QPalette::Text);
    for (const Phase phase : PhaseGeometry::order(afterClose)) {
        const double strength = trailStrength(phase);
        if (strength <= 0)
            continue;
        const double from = PhaseGeometry::startAngle(phase, afterClose);
        const double to = from + PhaseGeometry::SegmentDegrees;
        QColor color = phase == m_cursorPhase && m_status->blocked() ? PhaseColors::blocked() : text;
        color.setAlphaF(float(strength));
        painter.setPen(Qt::NoPen);
        painter.setBrush(color);
        painter.drawPath(sectorPath(from + 0.6, to - 0.6, PhaseGeometry::CursorInner, PhaseGeometry::CursorOuter));
        if (phase == m_cursorPhase) {
            // The phase under the cursor is outlined too, so it reads even where the rim is busy.
            painter.setPen(QPen(color, PhaseGeometry::strokeWidth(m_contrast)));
            painter.setBrush(Qt::NoBrush);
            painter.drawPath(segmentPath(from + 0.8, to - 0.8));
        }
    }
}

void PhaseWheel::paintLabels(QPainter& painter)
{
    const bool isDark = dark();
    const bool afterClose = m_status->timersAfterClose();
    const bool running = cursorShown();
    const QColor gap = palette().color(QPalette::Window);
    // One size for every name: the largest at which each fits its own segment.
    QFont nameFont = logicalFont(font(), 21, true);
    for (const Phase phase : PhaseGeometry::order(afterClose)) {
        const QString name = QString::fromLatin1(loopscope::phaseName(phase));
        const double width = PhaseGeometry::labelWidth(PhaseGeometry::centreAngle(phase, afterClose), RingMiddle) - 8;
        const QFont fitting = fittingFont(font(), nameFont.pixelSize(), true, name, width);
        if (fitting.pixelSize() < nameFont.pixelSize())
            nameFont = fitting;
    }
    for (const Phase phase : PhaseGeometry::order(afterClose)) {
        const double from = PhaseGeometry::startAngle(phase, afterClose);
        const QColor base = PhaseColors::phase(phase);
        const auto state = PhaseGeometry::stateOf(
            phase, m_status->phase(), running, m_status->inCallback(), m_status->callbackRunningNs());
        const QPointF centre = PhaseGeometry::pointAt(from + PhaseGeometry::SegmentDegrees / 2, RingMiddle);
        const double share = m_shares.coveredNs > 0 ? m_shares.of(phase) : 0;

        // The text sits on whichever fill reaches the middle of the ring.
        QColor under = PhaseGeometry::fill(base, PhaseGeometry::State::Waiting, isDark, m_contrast);
        if (state == PhaseGeometry::State::Blocked)
            under = PhaseGeometry::fill(base, state, isDark);
        else if (PhaseGeometry::heatRadius(share) > RingMiddle)
            under = PhaseGeometry::heatFill(base,
                phase == Phase::Poll && PhaseGeometry::heatRadius(m_shares.pollRunning) < RingMiddle, isDark,
                m_contrast);
        painter.setPen(readableOn(under));
        // A name too wide for its segment (pending, beside the hub) is made smaller rather than spill out.
        const QString name = QString::fromLatin1(loopscope::phaseName(phase));
        painter.setFont(fittingFont(font(), 21, true, name,
            PhaseGeometry::labelWidth(PhaseGeometry::centreAngle(phase, afterClose), RingMiddle) - 4));
        const bool withShare = share >= 0.005;
        const QPointF nameAt = withShare ? centre - QPointF(0, 9) : centre;
        painter.drawText(QRectF(nameAt.x() - 60, nameAt.y() - 14, 120, 28), Qt::AlignCenter, name);
        if (withShare) {
            painter.setFont(logicalFont(font(), 15, false));
            painter.drawText(
                QRectF(centre.x() - 40, centre.y() + 6, 80, 20), Qt::AlignCenter, tr("%1 %").arg(qRound(share * 100)));
        }

        // Phases that serve a JavaScript queue carry its depth in a badge on the rim.
        const bool hasQueue = sees(loopscope::UnobservedQueues)
            && (phase == Phase::Timers || phase == Phase::Poll || phase == Phase::Check
                || (phase == Phase::Close && sees(loopscope::UnobservedCloses)));
        if (hasQueue) {
            const std::uint32_t depth = m_status->depth(phase);
            const QPointF badge = PhaseGeometry::pointAt(from + 9, PhaseGeometry::OuterRadius - 4);
            const QString text = depth > 999 ? tr("%1k").arg(depth / 1000) : QString::number(depth);
            const double radius = text.size() > 2 ? 18 : 15;
            painter.setPen(QPen(gap, 2));
            painter.setBrush(depth > 0 ? palette().color(QPalette::Text) : palette().color(QPalette::Base));
            painter.drawEllipse(badge, radius, radius);
            painter.setPen(depth > 0 ? palette().color(QPalette::Base) : palette().color(QPalette::PlaceholderText));
            painter.setFont(logicalFont(font(), 16, true));
            painter.drawText(
                QRectF(badge.x() - radius, badge.y() - radius, 2 * radius, 2 * radius), Qt::AlignCenter, text);
        }
    }
}

void PhaseWheel::paintHand(QPainter& painter)
{
    const QColor color = m_status->blocked() ? PhaseColors::blocked() : palette().color(QPalette::Text);
    painter.save();
    painter.rotate(m_angle);
    const double tip = PhaseGeometry::InnerRadius - 3;
    const QPointF arrow[] = { { 0, -tip }, { -11, -tip + 17 }, { 11, -tip + 17 } };
    painter.setPen(Qt::NoPen);
    painter.setBrush(color);
    painter.drawConvexPolygon(arrow, 3);
    painter.restore();
}

void PhaseWheel::paintQueueStack(
    QPainter& painter, const QRectF& box, std::size_t depth, const QColor& color, const QString& title, bool compact)
{
    const QColor text = palette().color(QPalette::Text);
    painter.setPen(text);
    painter.setFont(
        fittingFont(font(), compact ? SmallestWordPixels - 1 : SmallestWordPixels, true, title, box.width() + 8));
    painter.drawText(QRectF(box.left() - 4, box.top(), box.width() + 8, 16), Qt::AlignCenter, title);

    double bottom = box.top() + 16;
    if (!compact) {
        // One block per queued callback, up to eight, so a draining queue visibly shrinks.
        const int shown = int(std::min<std::size_t>(depth, 8));
        const double blockHeight = 5;
        bottom = box.top() + 16 + 8 * (blockHeight + 2) + 2;
        painter.setPen(Qt::NoPen);
        for (int i = 0; i < 8; ++i) {
            const QRectF block(box.left() + 10, bottom - (i + 1) * (blockHeight + 2), box.width() - 20, blockHeight);
            QColor fill = color;
            if (i >= shown)
                fill.setAlphaF(0.14f);
            painter.setBrush(fill);
            painter.drawRoundedRect(block, 1.5, 1.5);
        }
    }
    painter.setPen(text);
    // A queue the recording could not see has no count, not 0.
    const QString count = !sees(loopscope::UnobservedQueues) ? QStringLiteral("–")
        : depth > 99999                                      ? tr("%1k").arg(depth / 1000)
                                                             : QString::number(depth);
    painter.setFont(fittingFont(font(), compact ? 20 : 24, true, count, box.width() + 12));
    painter.drawText(QRectF(box.left() - 6, bottom + 1, box.width() + 12, compact ? 22 : 26), Qt::AlignCenter, count);
}

void PhaseWheel::paintCentre(QPainter& painter)
{
    const QColor text = palette().color(QPalette::Text);
    const double hub = PhaseGeometry::HubRadius;
    painter.setPen(Qt::NoPen);
    painter.setBrush(palette().color(QPalette::Base));
    painter.drawEllipse(QPointF(0, 0), hub, hub);

    QString heading;
    if (m_status->runState() == StatusModel::RunState::Idle)
        heading = m_feed && m_feed->replaying() ? tr("a recording") : tr("no program");
    else if (m_status->iteration() == 0)
        heading = tr("main module");
    else if (m_showRates) {
        // The number alone: a translated rate carries its own "/s", which the heading has already.
        const double rate = m_status->iterationsPerSecond();
        heading = tr("%1 iterations/s")
                      .arg(rate < 10000 ? QString::number(qRound(rate)) : tr("%1k").arg(qRound(rate / 1000)));
    } else
        heading = tr("iteration %1").arg(m_status->iteration());
    painter.setPen(text);
    painter.setFont(fittingFont(font(), 14, false, heading, 150));
    painter.drawText(QRectF(-80, -84, 160, 20), Qt::AlignCenter, heading);

    const bool blocked = m_status->blocked();
    const QColor nextTickColor = PhaseColors::kind(loopscope::CallbackKind::NextTick);
    const QColor microtaskColor = PhaseColors::kind(loopscope::CallbackKind::Microtask);
    if (blocked) {
        paintStopwatch(painter);
        paintQueueStack(painter, QRectF(-76, 16, 70, 40), m_nextTick, nextTickColor, tr("nextTick"), true);
        paintQueueStack(painter, QRectF(6, 16, 70, 40), m_microtask, microtaskColor, tr("microtask"), true);
    } else {
        paintQueueStack(painter, QRectF(-76, -60, 70, 80), m_nextTick, nextTickColor, tr("nextTick"), false);
        paintQueueStack(painter, QRectF(6, -60, 70, 80), m_microtask, microtaskColor, tr("microtask"), false);
    }

    const bool rates = m_showRates || m_status->drainCallbacksPerSecond() > 1000;
    QString footer;
    QColor footerColor = palette().color(QPalette::PlaceholderText);
    switch (m_status->runState()) {
    case StatusModel::RunState::Paused:
        if (const std::optional<std::int64_t> playhead = m_feed ? m_feed->playhead() : std::nullopt)
            footer = tr("replay at %1").arg(TimeMapping::formatDuration(*playhead));
        else
            footer = tr("paused");
        footerColor = text;
        break;
    case StatusModel::RunState::Finished:
        footer = m_status->endWords(StatusModel::Wording::Brief);
        break;
    case StatusModel::RunState::Aborted:
        footer = tr("aborted");
        footerColor = PhaseColors::blocked();
        break;
    default:
        if (rates)
            footer = tr("%1 drained").arg(StatusModel::formatRate(m_status->drainCallbacksPerSecond()));
        else if (m_status->inCallback() && !blocked)
            footer = m_status->callbackLabel();
        break;
    }
    painter.setPen(footerColor);
    // Made smaller rather than cut (larger text, a longer language); cut short only past the smallest size.
    painter.setFont(
        fittingFont(font(), SmallestWordPixels, m_status->runState() == StatusModel::RunState::Paused, footer, 140));
    const QFontMetricsF metrics(painter.font());
    painter.drawText(QRectF(-70, 62, 140, 18), Qt::AlignCenter, metrics.elidedText(footer, Qt::ElideRight, 140));
}

void PhaseWheel::paintStopwatch(QPainter& painter)
{
    // The stopwatch runs in the hub whichever phase blocks (or the main module), so it is never
    // clipped and never covers a segment; the red phase and the hand say where.
    const QString duration = StatusModel::formatDuration(m_status->callbackRunningNs());
    const QRectF watch = PhaseGeometry::stopwatchBox();
    painter.setPen(PhaseColors::blocked());
    // The width of the drawn stopwatch is about one digit's; leave room for it.
    painter.setFont(fittingFont(font(), 30, true, duration + QStringLiteral("00"), watch.width()));
    paintStopwatchText(painter, watch, duration);

    const QRectF label = PhaseGeometry::blockedLabelBox();
    const QString text = tr("blocked by %1").arg(m_status->callbackLabel());
    // One line if it fits at a slightly smaller size, else wrapped.
    const QFont oneLine = fittingFont(font(), 13, true, text, label.width());
    painter.setFont(oneLine.pixelSize() >= 12 ? oneLine : wrappedFont(font(), 13, true, text, label.size()));
    const QFontMetricsF metrics(painter.font());
    // A label that still does not fit in two lines is cut short.
    QString shown = text;
    for (double width = 2 * label.width(); width > 20 && !fitsWrapped(metrics, shown, label.size()); width -= 10)
        shown = metrics.elidedText(text, Qt::ElideRight, width);
    painter.drawText(label, Qt::AlignCenter | Qt::TextWordWrap, shown);
}

void PhaseWheel::paintNotes(QPainter& painter)
{
    const bool afterClose = m_status->timersAfterClose();
    Qt::Alignment alignment;

    // While a callback blocks, what the last poll waited for is beside the point.
    if (cursorShown() && !m_status->blocked() && sees(loopscope::UnobservedPollWait)) {
        const QRectF box = PhaseGeometry::noteBox(
            PhaseGeometry::centreAngle(Phase::Poll, afterClose), QSizeF(PhaseGeometry::NoteWidth, 60), &alignment);
        const bool sleeping = m_status->phase() == Phase::Poll && !m_status->inCallback() && !m_showRates;
        const QString text = m_status->pollText();
        painter.setPen(palette().color(sleeping ? QPalette::Text : QPalette::PlaceholderText));
        painter.setFont(wrappedFont(font(), 15, sleeping, text, box.size()));
        painter.drawText(box, alignment | Qt::TextWordWrap, text);
    }

    if (m_showRates) {
        painter.setPen(palette().color(QPalette::Text));
        for (const Phase phase : PhaseGeometry::order(afterClose)) {
            const double rate = m_status->phaseCallbacksPerSecond(phase);
            if (rate < 0.5 || phase == Phase::Poll)
                continue;
            const QRectF box = PhaseGeometry::noteBox(
                PhaseGeometry::centreAngle(phase, afterClose), QSizeF(PhaseGeometry::NoteWidth, 22), &alignment);
            const QString text = tr("%1 callbacks").arg(StatusModel::formatRate(rate));
            painter.setFont(fittingFont(font(), 14, false, text, box.width()));
            painter.drawText(box, alignment, text);
        }
    }
}
