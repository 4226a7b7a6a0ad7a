#include "widgets/lanes/poollanesview.h"

#include "models/livefeed.h"
#include "models/phasecolors.h"
#include "models/timelineindex.h"
#include "models/timemapping.h"
#include "recording/recorder.h"
#include "recording/recording.h"
#include "widgets/window/language.h"

#include <QHelpEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <cmath>

using loopscope::Record;
using loopscope::RecordType;

namespace {

constexpr double Margin = 12;

} // namespace

PoolLanesView::PoolLanesView(LiveFeed* feed, QWidget* parent)
    : QWidget(parent)
    , m_feed(feed)
    , m_model(new PoolModel(this))
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    Language::follow(this, [this] { setAccessibleName(tr("Thread pool lanes")); });
    if (m_feed) {
        connect(m_feed, &LiveFeed::reset, this, &PoolLanesView::onReset);
        connect(m_feed, &LiveFeed::advanced, this, &PoolLanesView::onAdvanced);
        connect(m_feed, &LiveFeed::ticked, this, &PoolLanesView::onTicked);
    }
    onReset();
}

PoolLanesView::~PoolLanesView() = default;

void PoolLanesView::onReset()
{
    const loopscope::Recording* recording = m_feed ? m_feed->recording() : nullptr;
    m_poolSize = recording ? recording->info.threadpoolSize : 0;
    m_model->clear();
    m_done.clear();
    m_completedByLabel.clear();
    updateGeometry();
    update();
}

void PoolLanesView::onAdvanced(int logIndex, std::size_t from, std::size_t to)
{
    const loopscope::Recording* recording = m_feed ? m_feed->recording() : nullptr;
    const loopscope::EventLog* followed = m_feed ? m_feed->log(logIndex) : nullptr;
    if (!followed)
        return;
    const loopscope::EventLog& log = *followed;
    for (std::size_t i = from; i < to; ++i) {
        const Record& r = log[i];
        if (r.type != RecordType::Pool)
            continue;
        Done done { r.startNs, spanEndNs(r), r.span.busyNs, int(r.thread) };
        if (m_done.empty() || m_done.back().endNs <= done.endNs) {
            m_done.push_back(done);
        } else {
            auto at = std::upper_bound(m_done.begin(), m_done.end(), done.endNs,
                [](std::int64_t end, const Done& other) { return end < other.endNs; });
            m_done.insert(at, done);
        }
        if (r.label < recording->strings.size())
            ++m_completedByLabel[QString::fromStdString(recording->strings.at(r.label))];
    }
}

std::int64_t PoolLanesView::nowNs() const
{
    return m_feed ? m_feed->nowNs() : 0;
}

void PoolLanesView::onTicked()
{
    if (!m_feed || !m_feed->live())
        return;
    const loopscope::StringTable& strings = m_feed->recording()->strings;
    std::vector<PoolModel::Item> items;
    for (const loopscope::PoolBoard::Item& work : m_feed->poolWork()) {
        PoolModel::Item item;
        item.id = work.id;
        item.label = work.label < strings.size() ? QString::fromStdString(strings.at(work.label)) : QString();
        item.queuedAtNs = work.queuedAtNs;
        item.startedAtNs = work.startedAtNs;
        item.worker = work.worker;
        items.push_back(std::move(item));
    }
    // Live time only moves on; a playhead goes where it is taken.
    const std::int64_t now = m_feed->playhead() ? nowNs() : std::max(nowNs(), m_model->nowNs());
    m_model->update(std::move(items), now);
    update();
}

int PoolLanesView::maxConcurrent() const
{
    std::vector<std::pair<std::int64_t, int>> edges;
    edges.reserve(m_done.size() * 2);
    for (const Done& done : m_done) {
        edges.emplace_back(done.startNs, 1);
        edges.emplace_back(done.endNs, -1);
    }
    // At equal times an end comes before a start: back-to-back items do not overlap.
    std::sort(edges.begin(), edges.end());
    int running = 0;
    int most = 0;
    for (const auto& edge : edges) {
        running += edge.second;
        most = std::max(most, running);
    }
    return most;
}

bool PoolLanesView::lanesOverlap() const
{
    std::vector<Done> byStart = m_done;
    std::sort(byStart.begin(), byStart.end(), [](const Done& a, const Done& b) {
        return a.worker != b.worker ? a.worker < b.worker : a.startNs < b.startNs;
    });
    for (std::size_t i = 1; i < byStart.size(); ++i) {
        if (byStart[i].worker == byStart[i - 1].worker && byStart[i].startNs < byStart[i - 1].endNs)
            return true;
    }
    return false;
}

QFont PoolLanesView::bigFont() const
{
    QFont big = font();
    big.setPointSizeF(big.pointSizeF() * 1.35);
    return big;
}

double PoolLanesView::laneHeight() const
{
    const QFontMetricsF fm(m_poolSize > 16 ? font() : bigFont());
    return std::ceil(fm.height() * (m_poolSize > 16 ? 1.3 : 1.7));
}

QSize PoolLanesView::sizeHint() const
{
    const QFontMetricsF fm(font());
    const QFontMetricsF big(bigFont());
    const double lanes = std::max(1, m_poolSize) * (laneHeight() + 4);
    const double height = Margin * 2 + big.height() + 10 + lanes + 10 + fm.height() + 6 + 2 * (big.height() + 10) + 10
        + fm.height() + 6 + std::max(70.0, fm.height() * 5);
    return QSize(520, int(std::ceil(height)));
}

QSize PoolLanesView::minimumSizeHint() const
{
    return QSize(320, 200);
}

std::vector<int> PoolLanesView::runningByLane() const
{
    // lane -> index into the model's items, -1 when the lane is idle.
    std::vector<int> lanes(std::size_t(std::max(0, m_poolSize)), -1);
    const auto& items = m_model->items();
    std::vector<int> unplaced;
    for (int i = 0; i < int(items.size()); ++i) {
        const PoolModel::Item& item = items[std::size_t(i)];
        if (!item.running())
            continue;
        if (item.worker >= 1 && item.worker <= m_poolSize && lanes[std::size_t(item.worker - 1)] < 0)
            lanes[std::size_t(item.worker - 1)] = i;
        else
            unplaced.push_back(i);
    }
    for (int i : unplaced) {
        auto free = std::find(lanes.begin(), lanes.end(), -1);
        if (free == lanes.end())
            break;
        *free = i;
    }
    return lanes;
}

bool PoolLanesView::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const double y = help->pos().y();
        QString text;
        if (y < m_lanesTop)
            text = tr("libuv's thread pool: UV_THREADPOOL_SIZE worker threads (4 unless set) that run file system "
                      "calls, dns.lookup and crypto such as pbkdf2 off the loop thread. When they finish, the loop "
                      "runs their callbacks in the poll phase.");
        else if (y < m_queueTop)
            text = tr("A pool lane: one worker thread. The bar is the item it runs now and grows with its running "
                      "time; an idle lane is a free thread.");
        else if (y < m_stripTop)
            text = tr("Work submitted while every thread is busy waits here, first in, first out, however urgent it "
                      "is: a slow pbkdf2 can delay a readFile.");
        else
            text = tr("How many threads were busy (solid) and how many items waited (light), over the last 10 "
                      "seconds. The dashed line is the pool size.");
        QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

void PoolLanesView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    const QRectF all = rect();
    p.fillRect(all, pal.color(QPalette::Base));
    const QColor text = pal.color(QPalette::Text);
    QColor faint = text;
    faint.setAlphaF(0.55);

    const QFont normal = font();
    const QFont big = bigFont();
    QFont bigBold = big;
    bigBold.setBold(true);
    QFont bold = normal;
    bold.setBold(true);
    const QFontMetricsF fm(normal);
    const QFontMetricsF bfm(big);
    const double right = all.width() - Margin;
    const double inner = right - Margin;
    if (m_feed && !m_feed->sees(loopscope::UnobservedThreadPool)) {
        p.setPen(text);
        p.setFont(bigBold);
        p.drawText(QRectF(Margin, Margin, inner, bfm.height()), Qt::AlignLeft | Qt::AlignVCenter, tr("Thread pool"));
        p.setFont(normal);
        p.setPen(faint);
        p.drawText(QRectF(Margin, Margin + bfm.height() + 8, inner, all.height() - 2 * Margin - bfm.height()),
            Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
            tr("Not seen by the probe: it could not find libuv's thread pool in this node (a stripped build, or one "
               "on a shared libuv), so which work waits for a thread and which runs is not known. The callbacks of "
               "pool work (FSREQCALLBACK, PBKDF2REQUEST, GETADDRINFOREQWRAP, …) show in the timeline when they run "
               "on the loop."));
        return;
    }
    const std::int64_t now = m_model->nowNs();
    const auto& items = m_model->items();

    // Header.
    double y = Margin;
    const int busy = m_model->runningCount();
    const int waiting = m_model->waitingCount();
    const QString title = tr("Thread pool");
    const QString summary = tr("%1 of %2 threads busy · %3 waiting").arg(busy).arg(m_poolSize).arg(waiting);
    // In a narrow dock the summary matters more than the title, which the dock shows already.
    const bool withTitle
        = QFontMetricsF(bigBold).horizontalAdvance(title) + bfm.horizontalAdvance(summary) + 16 <= inner;
    if (withTitle) {
        p.setFont(bigBold);
        p.setPen(text);
        p.drawText(QRectF(Margin, y, inner, bfm.height()), Qt::AlignLeft | Qt::AlignVCenter, title);
    }
    p.setFont(big);
    p.setPen(
        waiting > 0 ? PhaseColors::waiting().darker(pal.color(QPalette::Base).lightness() > 128 ? 130 : 100) : faint);
    p.drawText(QRectF(Margin, y, inner, bfm.height()), (withTitle ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter,
        summary);
    y += bfm.height() + 10;

    // Lanes.
    m_lanesTop = y;
    const double laneH = laneHeight();
    const QFont laneFont = m_poolSize > 16 ? normal : big;
    const QFontMetricsF lfm(laneFont);
    const double labelWidth = std::ceil(fm.horizontalAdvance(tr("worker %1").arg(std::max(1, m_poolSize))) + 16);
    const std::vector<int> lanes = runningByLane();
    std::int64_t longest = 1'000'000'000;
    for (int lane : lanes) {
        if (lane >= 0)
            longest = std::max(longest, now - items[std::size_t(lane)].startedAtNs);
    }
    const double scale = double(longest) * 1.25;
    for (int i = 0; i < m_poolSize; ++i) {
        const QRectF laneRect(Margin, y, inner, laneH);
        QPainterPath lanePath;
        lanePath.addRoundedRect(laneRect, 4, 4);
        p.fillPath(lanePath, pal.color(QPalette::AlternateBase));
        p.setFont(normal);
        p.setPen(faint);
        p.drawText(QRectF(laneRect.left() + 8, y, labelWidth, laneH), Qt::AlignLeft | Qt::AlignVCenter,
            tr("worker %1").arg(i + 1));
        const QRectF barArea(laneRect.left() + labelWidth, y + 3, laneRect.width() - labelWidth - 4, laneH - 6);
        const int index = lanes[std::size_t(i)];
        p.setFont(laneFont);
        if (index < 0) {
            p.setPen(faint);
            p.drawText(barArea.adjusted(6, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, tr("idle"));
        } else {
            const PoolModel::Item& item = items[std::size_t(index)];
            const std::int64_t elapsed = std::max<std::int64_t>(0, now - item.startedAtNs);
            const double barWidth = std::max(lfm.height(), barArea.width() * std::min(1.0, double(elapsed) / scale));
            const QRectF bar(barArea.left(), barArea.top(), barWidth, barArea.height());
            QPainterPath barPath;
            barPath.addRoundedRect(bar, 3, 3);
            p.fillPath(barPath, PhaseColors::pool());
            const QString label = tr("%1  %2").arg(item.label, TimeMapping::formatDuration(elapsed));
            const double textWidth = lfm.horizontalAdvance(label) + 12;
            if (textWidth <= bar.width()) {
                p.setPen(PhaseColors::textOn(PhaseColors::pool()));
                p.drawText(bar.adjusted(6, 0, -6, 0), Qt::AlignLeft | Qt::AlignVCenter, label);
            } else {
                p.setPen(text);
                p.drawText(QRectF(bar.right() + 6, bar.top(), barArea.right() - bar.right() - 6, bar.height()),
                    Qt::AlignLeft | Qt::AlignVCenter,
                    lfm.elidedText(label, Qt::ElideRight, barArea.right() - bar.right() - 6));
            }
        }
        y += laneH + 4;
    }

    // The waiting queue, oldest first.
    y += 6;
    m_queueTop = y;
    p.setFont(bold);
    p.setPen(text);
    p.drawText(QRectF(Margin, y, inner, fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
        tr("Waiting for a free thread: %1").arg(waiting));
    y += fm.height() + 6;
    p.setFont(big);
    const double chipH = std::ceil(bfm.height() + 6);
    double x = Margin;
    int row = 0;
    int shown = 0;
    if (waiting == 0) {
        p.setPen(faint);
        p.drawText(QRectF(Margin, y, inner, chipH), Qt::AlignLeft | Qt::AlignVCenter, tr("nothing waiting"));
    }
    for (std::size_t i = 0; i < items.size() && row < 2; ++i) {
        const PoolModel::Item& item = items[i];
        if (item.running())
            continue;
        const QString chip = tr("%1 · %2").arg(
            item.label, TimeMapping::formatDuration(std::max<std::int64_t>(0, now - item.queuedAtNs)));
        const double chipW = bfm.horizontalAdvance(chip) + 16;
        const QString more = tr("+%1 more").arg(waiting - shown);
        if (x + chipW > right - (row == 1 ? bfm.horizontalAdvance(more) + 12 : 0)) {
            ++row;
            x = Margin;
            if (row >= 2)
                break;
        }
        const QRectF chipRect(x, y + row * (chipH + 4), chipW, chipH);
        QPainterPath chipPath;
        chipPath.addRoundedRect(chipRect, chipH / 2, chipH / 2);
        p.fillPath(chipPath, PhaseColors::waiting());
        p.setPen(PhaseColors::textOn(PhaseColors::waiting()));
        p.drawText(chipRect, Qt::AlignCenter, chip);
        x += chipW + 6;
        ++shown;
    }
    if (shown < waiting) {
        p.setPen(text);
        p.drawText(QRectF(x, y + std::min(row, 1) * (chipH + 4), right - x, chipH), Qt::AlignLeft | Qt::AlignVCenter,
            tr("+%1 more").arg(waiting - shown));
    }
    y += 2 * (chipH + 4) + 6;

    // The occupancy strip: running and waiting over the last seconds, from exact pool records plus what runs now.
    m_stripTop = y;
    p.setFont(bold);
    p.setPen(text);
    const QString occupancy = tr("Occupancy, last 10 s");
    p.drawText(QRectF(Margin, y, inner, fm.height()), Qt::AlignLeft | Qt::AlignVCenter, occupancy);
    p.setFont(normal);
    {
        const double sw = std::round(fm.height() * 0.6);
        // The legend goes beside the title, or under it where a language's words leave no room.
        const double legendWidth
            = fm.horizontalAdvance(tr("waiting")) + fm.horizontalAdvance(tr("running")) + 2 * sw + 24;
        if (Margin + QFontMetricsF(bold).horizontalAdvance(occupancy) + 12 > right - legendWidth)
            y += fm.height() + 2;
        double lx = right - fm.horizontalAdvance(tr("waiting")) - sw - 6;
        p.fillRect(QRectF(lx, y + (fm.height() - sw) / 2, sw, sw), PhaseColors::waiting());
        p.setPen(faint);
        p.drawText(QRectF(lx + sw + 4, y, right - lx, fm.height()), Qt::AlignLeft | Qt::AlignVCenter, tr("waiting"));
        lx -= fm.horizontalAdvance(tr("running")) + sw + 18;
        p.fillRect(QRectF(lx, y + (fm.height() - sw) / 2, sw, sw), PhaseColors::pool());
        p.drawText(QRectF(lx + sw + 4, y, right - lx, fm.height()), Qt::AlignLeft | Qt::AlignVCenter, tr("running"));
    }
    y += fm.height() + 6;
    const double stripH = std::max(40.0, all.height() - y - Margin);
    const QRectF strip(Margin, y, inner, stripH);
    p.fillRect(strip, pal.color(QPalette::AlternateBase));

    const int columns = std::max(1, int(strip.width()));
    std::vector<double> active(std::size_t(columns), 0.0), queued(std::size_t(columns), 0.0);
    const TimeWindow window { now - HistoryNs, now };
    const double colNs = double(HistoryNs) / columns;
    auto cover = [&](std::vector<double>& into, std::int64_t a, std::int64_t b) {
        a = std::max(a, window.startNs);
        b = std::min(b, window.endNs);
        if (b <= a)
            return;
        const double fa = double(a - window.startNs) / colNs;
        const double fb = double(b - window.startNs) / colNs;
        for (int c = std::max(0, int(fa)); c < columns && c <= int(fb); ++c)
            into[std::size_t(c)] += std::min(fb, double(c + 1)) - std::max(fa, double(c));
    };
    auto first = std::lower_bound(
        m_done.begin(), m_done.end(), window.startNs, [](const Done& d, std::int64_t t) { return d.endNs < t; });
    for (auto it = first; it != m_done.end(); ++it) {
        cover(active, it->startNs, it->endNs);
        cover(queued, it->startNs - it->queuedNs, it->startNs);
    }
    for (const PoolModel::Item& item : items) {
        if (item.running()) {
            cover(active, item.startedAtNs, now);
            cover(queued, item.queuedAtNs, item.startedAtNs);
        } else {
            cover(queued, item.queuedAtNs, now);
        }
    }
    double top = std::max(1, m_poolSize);
    for (int c = 0; c < columns; ++c)
        top = std::max(top, active[std::size_t(c)] + queued[std::size_t(c)]);
    top = std::ceil(top * 1.1);
    p.setRenderHint(QPainter::Antialiasing, false);
    const double unit = strip.height() / top;
    for (int c = 0; c < columns; ++c) {
        const double a = active[std::size_t(c)] * unit;
        const double q = queued[std::size_t(c)] * unit;
        const double cx = strip.left() + c;
        if (a > 0)
            p.fillRect(QRectF(cx, strip.bottom() - a, 1, a), PhaseColors::pool());
        if (q > 0) {
            QColor light = PhaseColors::waiting();
            light.setAlphaF(0.7);
            p.fillRect(QRectF(cx, strip.bottom() - a - q, 1, q), light);
        }
    }
    const double sizeY = strip.bottom() - m_poolSize * unit;
    p.setPen(QPen(text, 1, Qt::DashLine));
    p.drawLine(QPointF(strip.left(), sizeY), QPointF(strip.right(), sizeY));
    p.setPen(faint);
    p.drawText(QRectF(strip.left() + 4, sizeY - fm.height() - 1, strip.width() - 8, fm.height()),
        Qt::AlignLeft | Qt::AlignBottom, tr("pool size %1").arg(m_poolSize));
    p.drawText(QRectF(strip.left() + 4, strip.top(), strip.width() - 8, strip.height() - 2),
        Qt::AlignRight | Qt::AlignBottom, tr("now"));
    p.drawText(QRectF(strip.left() + 4, strip.top(), strip.width() - 8, strip.height() - 2),
        Qt::AlignLeft | Qt::AlignBottom, tr("−10 s"));
}
