#include "widgets/lanes/blockflameview.h"

#include "models/livefeed.h"
#include "recording/recorder.h"
#include "recording/recording.h"

#include <QEvent>
#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

using loopscope::BlockProfile;

namespace {

constexpr int CaptionRows = 1;

} // namespace

BlockFlameView::BlockFlameView(LiveFeed* feed, QWidget* parent)
    : QWidget(parent)
    , m_feed(feed)
{
    setMouseTracking(true);
    if (m_feed) {
        connect(m_feed, &LiveFeed::ticked, this, &BlockFlameView::refresh);
        connect(m_feed, &LiveFeed::reset, this, [this] {
            m_thread = -1;
            refresh();
        });
    }
}

void BlockFlameView::showCallback(int thread, qint64 startNs)
{
    m_thread = thread;
    m_startNs = startNs;
    refresh();
}

void BlockFlameView::refresh()
{
    const loopscope::Recording* recording = m_feed ? m_feed->recording() : nullptr;
    std::optional<BlockProfile> profile;
    bool live = false;
    if (recording && m_thread >= 0) {
        profile = recording->blockProfiles.of(std::uint16_t(m_thread), m_startNs);
    } else if (recording) {
        const loopscope::LiveState* state = m_feed->live();
        if (state && !m_feed->replaying() && state->inCallback.load(std::memory_order_relaxed)) {
            profile = recording->blockProfiles.of(
                loopscope::MainThread, state->callbackStartNs.load(std::memory_order_relaxed));
            live = profile.has_value();
        }
        if (!profile)
            profile = recording->blockProfiles.latest();
    }
    const bool same = profile.has_value() == m_profile.has_value()
        && (!profile
            || (profile->callbackStartNs == m_profile->callbackStartNs && profile->samples() == m_profile->samples()));
    if (same && live == m_live)
        return;
    m_profile = std::move(profile);
    m_live = live;
    // Node's and the packages' callers that every sample ran through take one row.
    const auto othersFrame = [recording](std::uint32_t label) {
        return loopscope::frameOwner(recording->strings.at(label)) != loopscope::FrameOwner::Program;
    };
    m_boxes = m_profile ? icicleOf(*m_profile, othersFrame) : std::vector<IcicleBox> {};
    updateGeometry();
    update();
}

int BlockFlameView::rowHeight() const
{
    return fontMetrics().height() + 6;
}

QRectF BlockFlameView::boxRect(const IcicleBox& box) const
{
    const double total = m_profile ? double(m_profile->samples()) : 0.0;
    if (total <= 0)
        return {};
    const double x = double(box.firstSample) / total * width();
    const double w = double(box.samples) / total * width();
    return QRectF(x, double((box.depth + CaptionRows) * rowHeight()), w, rowHeight() - 1);
}

QString BlockFlameView::caption() const
{
    if (!m_profile)
        return tr("No callback has blocked the loop past the probe's threshold: no stack was sampled.");
    const double intervalMs = double(m_profile->intervalNs) / 1e6;
    const double blockedMs = double(m_profile->samples()) * intervalMs;
    return (m_live ? tr("Blocking now: %L1 samples (about %L2 ms), one every %L3 ms")
                   : tr("Blocked: %L1 samples (about %L2 ms), one every %L3 ms"))
        .arg(qulonglong(m_profile->samples()))
        .arg(blockedMs, 0, 'f', 0)
        .arg(intervalMs, 0, 'f', 1);
}

QString BlockFlameView::frameAt(const QPoint& pos) const
{
    const loopscope::Recording* recording = m_feed ? m_feed->recording() : nullptr;
    if (!recording)
        return {};
    for (const IcicleBox& box : m_boxes) {
        if (boxRect(box).contains(pos))
            return QString::fromStdString(recording->strings.at(box.label));
    }
    return {};
}

QSize BlockFlameView::sizeHint() const
{
    return { 360, (CaptionRows + std::max(icicleDepth(m_boxes), 6)) * rowHeight() };
}

QSize BlockFlameView::minimumSizeHint() const
{
    return { 160, (CaptionRows + 2) * rowHeight() };
}

void BlockFlameView::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().base());
    painter.setPen(palette().text().color());
    painter.drawText(QRect(4, 0, width() - 8, rowHeight()), Qt::AlignVCenter | Qt::AlignLeft,
        fontMetrics().elidedText(caption(), Qt::ElideRight, width() - 8));
    const loopscope::Recording* recording = m_feed ? m_feed->recording() : nullptr;
    if (!recording)
        return;
    for (const IcicleBox& box : m_boxes) {
        const QRectF r = boxRect(box);
        if (r.width() < 1)
            continue;
        const std::string& label = recording->strings.at(box.label);
        // The program's own frames warm, warmer the more of the samples they ran themselves (the hottest
        // stand out); a package's pale; Node's grey.
        const int heat = box.samples > 0 ? int(120 * box.selfSamples / box.samples) : 0;
        QColor fill;
        switch (loopscope::frameOwner(label)) {
        case loopscope::FrameOwner::Program:
            fill = QColor(255, 200 - heat, 120 - heat / 2);
            break;
        case loopscope::FrameOwner::Package:
            fill = QColor(240, 225, 190);
            break;
        case loopscope::FrameOwner::Node:
            fill = QColor(200, 200, 200);
            break;
        }
        painter.fillRect(r, fill);
        painter.setPen(QColor(40, 40, 40));
        if (r.width() > 24) {
            const QString text = box.folded == 0
                ? QString::fromStdString(label)
                : tr("%1 · and %n caller(s) above it", nullptr, int(box.folded)).arg(QString::fromStdString(label));
            painter.drawText(r.adjusted(3, 0, -3, 0), Qt::AlignVCenter | Qt::AlignLeft,
                fontMetrics().elidedText(text, Qt::ElideMiddle, int(r.width()) - 6));
        }
    }
}

bool BlockFlameView::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        for (const IcicleBox& box : m_boxes) {
            if (!boxRect(box).contains(help->pos()))
                continue;
            const double ms = double(box.samples) * double(m_profile->intervalNs) / 1e6;
            QString text = tr("%1\n%L2 samples (about %L3 ms), %L4 of them in this function itself")
                               .arg(frameAt(help->pos()))
                               .arg(qulonglong(box.samples))
                               .arg(ms, 0, 'f', 0)
                               .arg(qulonglong(box.selfSamples));
            if (box.folded > 0) {
                text += QLatin1Char('\n')
                    + tr("Every sample also ran through the %n frame(s) of Node.js or packages that called it, "
                         "shown in this one row.",
                        nullptr, int(box.folded));
            }
            QToolTip::showText(help->globalPos(), text, this);
            return true;
        }
        QToolTip::hideText();
        event->ignore();
        return true;
    }
    if (event->type() == QEvent::LanguageChange)
        update();
    return QWidget::event(event);
}
