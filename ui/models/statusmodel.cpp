#include "models/statusmodel.h"

#include "figures/figures.h"

#include "models/latencymapping.h"
#include "models/livefeed.h"
#include "models/timemapping.h"
#include "recording/recorder.h"
#include "recording/recording.h"

#include <algorithm>
#include <climits>
#include <cmath>

using loopscope::CallbackKind;
using loopscope::Phase;
using loopscope::PollReason;

namespace {

// The phase whose queue a callback of `kind` came from; -1 for the drains and the main module.
int phaseOfKind(CallbackKind kind)
{
    switch (kind) {
    case CallbackKind::Timer:
        return int(Phase::Timers);
    case CallbackKind::Immediate:
        return int(Phase::Check);
    case CallbackKind::Io:
    case CallbackKind::Work:
        return int(Phase::Poll);
    case CallbackKind::Close:
        return int(Phase::Close);
    case CallbackKind::NextTick:
    case CallbackKind::Microtask:
    case CallbackKind::Main:
        break;
    }
    return -1;
}

} // namespace

StatusModel::StatusModel(LiveFeed* feed, QObject* parent)
    : QAbstractTableModel(parent)
    , m_feed(feed)
{
    connect(feed, &LiveFeed::reset, this, &StatusModel::onReset);
    connect(feed, &LiveFeed::advanced, this, &StatusModel::onAdvanced);
    connect(feed, &LiveFeed::ticked, this, &StatusModel::refresh);
    for (int row = 0; row < RowCount; ++row)
        m_lastValues.append(QString());
    m_window.start();
}

void StatusModel::setAborted(bool aborted)
{
    m_aborted = aborted;
    refresh();
}

void StatusModel::onReset()
{
    m_aborted = false;
    m_phasesSeen.clear();
    m_pollTextsSeen.clear();
    m_iteration = 0;
    m_windowIterations = 0;
    m_windowCallbacks = 0;
    m_windowDrain = 0;
    m_windowPhase.fill(0);
    m_iterationRate = 0;
    m_callbackRate = 0;
    m_drainRate = 0;
    m_phaseRates.fill(0);
    m_window.restart();
    m_delaySamples.clear();
    m_delaysInWindow.clear();
    m_delayMaxMs = -1;
    m_utilisation = -1;
    m_resolutionMs = 0;
    m_healthMs = -1;
    m_healthIntervalNs = -1;
    m_lastHealthSentNs = -1;
    m_delayWaitingNs = -1;
    m_healthWaitingNs = -1;
    if (const loopscope::Recording* recording = m_feed->recording())
        m_timersAfterClose = recording->info.timersAfterClose;
    refresh();
}

void StatusModel::onAdvanced(int logIndex, std::size_t from, std::size_t to)
{
    const loopscope::EventLog* followed = m_feed->log(logIndex);
    if (!followed)
        return;
    const loopscope::EventLog& log = *followed;
    for (std::size_t i = from; i < to; ++i) {
        const loopscope::Record& record = log[i];
        // Latency samples come from the delay monitor on the main log and from the /health prober's own log.
        if (record.type == loopscope::RecordType::Latency) {
            addLatency(record);
            continue;
        }
        if (logIndex != 0 || record.thread != loopscope::MainThread)
            continue;
        if (record.type == loopscope::RecordType::Phase) {
            if (record.sub < loopscope::PhaseCount)
                m_phasesSeen.insert(Phase(record.sub));
        } else if (record.type == loopscope::RecordType::Callback) {
            const double count = record.span.count;
            m_windowCallbacks += count;
            const auto kind = loopscope::callbackKindOf(record);
            if (kind == CallbackKind::NextTick || kind == CallbackKind::Microtask)
                m_windowDrain += count;
            const int phase = phaseOfKind(kind);
            if (phase >= 0)
                m_windowPhase[std::size_t(phase)] += count;
        }
    }
}

void StatusModel::addLatency(const loopscope::Record& record)
{
    const loopscope::LatencyFields& latency = record.latency;
    if (latency.loopDelayMs >= 0) {
        m_delaySamples.push_back(
            { record.startNs, latency.loopDelayMs, std::max(0.0, latency.histogramMs), latency.utilization });
        // The resolution is what the histogram holds beyond the delay; a delay of 0 may be clamped.
        if (latency.loopDelayMs > 0 && latency.histogramMs > latency.loopDelayMs)
            m_resolutionMs = int(std::lround(latency.histogramMs - latency.loopDelayMs));
        while (m_delaySamples.front().endNs < record.startNs - DelayWindowNs)
            m_delaySamples.pop_front();
    }
    if (latency.healthMs == loopscope::HealthProbeFailed) {
        m_healthMs = latency.healthMs;
    } else if (latency.healthMs >= 0) {
        m_healthMs = latency.healthMs;
        // The prober sends on a timer; the shortest gap between two requests is its interval.
        const auto sentNs = record.startNs - std::int64_t(std::llround(std::min(latency.healthMs, 1e12) * 1e6));
        if (m_lastHealthSentNs >= 0 && sentNs > m_lastHealthSentNs) {
            const std::int64_t gap = sentNs - m_lastHealthSentNs;
            m_healthIntervalNs = m_healthIntervalNs < 0 ? gap : std::min(m_healthIntervalNs, gap);
        }
        m_lastHealthSentNs = sentNs;
    }
}

void StatusModel::refreshLatency(const loopscope::LiveState* live)
{
    const std::int64_t now = nowNs();
    m_delayWaitingNs = -1;
    m_healthWaitingNs = -1;
    std::int64_t checkNs = -1;
    if (live && !m_feed->finished()) {
        const int resolutionMs = live->delayResolutionMs.load(std::memory_order_relaxed);
        if (resolutionMs > 0)
            m_resolutionMs = resolutionMs;
        checkNs = live->delayCheckNs.load(std::memory_order_relaxed);
        m_delayWaitingNs = LatencyMapping::delayWaitingNs(now, checkNs, resolutionMs, LatencyMapping::WaitingSlackNs);
        m_healthWaitingNs = LatencyMapping::healthWaitingNs(now, live->healthSentNs.load(std::memory_order_relaxed),
            m_healthIntervalNs > 0 ? m_healthIntervalNs : LatencyMapping::DefaultHealthIntervalNs);
    }

    // Utilisation over the last second, as the figures define it: each check weighed by the part of its
    // interval inside, and a check the loop is too busy to run counted as busy for as long as it waits.
    m_delaysInWindow.clear();
    m_delayMaxMs = -1;
    std::vector<loopscope::MonitorCheck> checks;
    for (const DelaySample& sample : m_delaySamples) {
        if (sample.endNs < now - DelayWindowNs)
            continue;
        m_delaysInWindow.push_back(sample.delayMs);
        m_delayMaxMs = std::max(m_delayMaxMs, sample.delayMs);
        checks.push_back({ sample.endNs, sample.intervalMs, sample.utilization });
    }
    const loopscope::Utilisation utilisation = loopscope::utilisationOver(
        checks, now - UtilisationWindowNs, now, m_delayWaitingNs > 0 ? std::max(checkNs, std::int64_t(0)) : -1);
    m_utilisation = utilisation.known() ? utilisation.share : -1;
}

double StatusModel::loopDelayPercentileMs(double q) const
{
    return LatencyMapping::percentile(m_delaysInWindow, q);
}

std::int64_t StatusModel::nowNs() const
{
    return m_feed->nowNs();
}

void StatusModel::refresh()
{
    const loopscope::LiveState* live = m_feed->live();
    if (!live) {
        m_runState = RunState::Idle;
    } else {
        m_timersAfterClose = m_feed->recording()->info.timersAfterClose;
        if (m_aborted)
            m_runState = RunState::Aborted;
        else if (m_feed->paused())
            m_runState = RunState::Paused;
        else if (live->finished.load(std::memory_order_relaxed))
            m_runState = RunState::Finished;
        else
            m_runState = RunState::Running;
        const std::uint32_t iteration = live->iteration.load(std::memory_order_relaxed);
        if (iteration > m_iteration)
            m_windowIterations += iteration - m_iteration;
        m_iteration = iteration;
        m_phase = Phase(std::min<int>(live->phase.load(std::memory_order_relaxed), loopscope::PhaseCount - 1));
        m_inCallback = live->inCallback.load(std::memory_order_relaxed);
        if (m_inCallback) {
            m_callbackRunningNs
                = std::max<std::int64_t>(0, nowNs() - live->callbackStartNs.load(std::memory_order_relaxed));
            const std::uint32_t label = live->callbackLabel.load(std::memory_order_relaxed);
            const auto& strings = m_feed->recording()->strings;
            m_callbackLabel = label < strings.size() ? QString::fromStdString(strings.at(label)) : QString();
            m_callbackKind = CallbackKind(std::min<int>(live->callbackKind.load(std::memory_order_relaxed), 7));
        } else {
            m_callbackRunningNs = 0;
        }
        m_pollTimeoutMs = live->pollTimeoutMs.load(std::memory_order_relaxed);
        m_pollReason = PollReason(std::min<int>(live->pollReason.load(std::memory_order_relaxed), 3));
        m_nextTick = live->nextTick.load(std::memory_order_relaxed);
        m_microtask = live->microtask.load(std::memory_order_relaxed);
        m_immediate = live->immediate.load(std::memory_order_relaxed);
        m_timers = live->timers.load(std::memory_order_relaxed);
        m_close = live->close.load(std::memory_order_relaxed);
        m_poolActive = live->poolActive.load(std::memory_order_relaxed);
        m_poolQueued = live->poolQueued.load(std::memory_order_relaxed);
        if (m_iteration > 0) {
            const QString poll = pollText();
            if (!m_pollTextsSeen.contains(poll))
                m_pollTextsSeen.append(poll);
        }
    }

    const int resolutionMs = m_resolutionMs;
    refreshLatency(live);
    if (m_resolutionMs != resolutionMs)
        emit dataChanged(index(LoopDelayRow, ValueColumn), index(LoopDelayRow, ValueColumn));

    const std::int64_t elapsed = m_window.nsecsElapsed();
    if (elapsed >= RateWindowNs) {
        const double seconds = double(elapsed) / 1e9;
        m_iterationRate = m_windowIterations / seconds;
        m_callbackRate = m_windowCallbacks / seconds;
        m_drainRate = m_windowDrain / seconds;
        for (int i = 0; i < loopscope::PhaseCount; ++i)
            m_phaseRates[std::size_t(i)] = m_windowPhase[std::size_t(i)] / seconds;
        m_windowIterations = 0;
        m_windowCallbacks = 0;
        m_windowDrain = 0;
        m_windowPhase.fill(0);
        m_window.restart();
    }

    // Views repaint only the rows whose text changed.
    for (int row = 0; row < RowCount; ++row) {
        QString value = valueText(row);
        if (value != m_lastValues[row]) {
            m_lastValues[row] = std::move(value);
            emit dataChanged(index(row, ValueColumn), index(row, ValueColumn));
        }
    }
    emit refreshed();
}

bool StatusModel::blocked() const
{
    return m_inCallback && m_callbackRunningNs > 50'000'000;
}

std::uint32_t StatusModel::depth(Phase phase) const
{
    switch (phase) {
    case Phase::Timers:
        return m_timers;
    case Phase::Poll:
        return m_poolActive + m_poolQueued;
    case Phase::Check:
        return m_immediate;
    case Phase::Close:
        return m_close;
    case Phase::Pending:
    case Phase::Idle:
    case Phase::Prepare:
        break;
    }
    return 0;
}

QString StatusModel::pollDescription(std::int64_t timeoutMs, PollReason reason)
{
    switch (reason) {
    case PollReason::ImmediatesPending:
        return tr("immediates pending: no sleep");
    case PollReason::TimerDue:
        if (timeoutMs <= 0)
            return tr("timer due now: no sleep");
        return tr("sleeps: timer due in %n ms", "", int(std::min<std::int64_t>(timeoutMs, INT_MAX)));
    case PollReason::WaitingForIo:
        if (timeoutMs > 0)
            return tr("waiting for I/O, at most %n ms", "", int(std::min<std::int64_t>(timeoutMs, INT_MAX)));
        return tr("waiting for I/O");
    case PollReason::NoWait:
        break;
    }
    return tr("nothing to wait for");
}

QString StatusModel::notSeen()
{
    return tr("not seen by the probe");
}

QString StatusModel::formatDuration(std::int64_t ns)
{
    const double ms = double(ns) / 1e6;
    if (ms < 1000)
        return tr("%1 ms").arg(ms, 0, 'f', 0);
    return tr("%1 s").arg(ms / 1000, 0, 'f', ms < 10000 ? 2 : 1);
}

QString StatusModel::formatRate(double perSecond)
{
    if (perSecond >= 1e6)
        return tr("%1 M/s").arg(perSecond / 1e6, 0, 'f', 1);
    if (perSecond >= 1e4)
        return tr("%1 k/s").arg(perSecond / 1e3, 0, 'f', 0);
    if (perSecond >= 1e3)
        return tr("%1 k/s").arg(perSecond / 1e3, 0, 'f', 1);
    return tr("%1/s").arg(perSecond, 0, 'f', 0);
}

QString StatusModel::endWords(Wording wording) const
{
    const loopscope::Recording* recording = m_feed->recording();
    if (!recording)
        return tr("nothing left to do");
    const loopscope::RecordingInfo& info = recording->info;
    const bool brief = wording == Wording::Brief;
    if (info.detached || info.attachedWhileRunning)
        return brief ? tr("detached") : tr("detached: the process runs on");
    if (info.exitSignal > 0)
        return (brief ? tr("signal %1") : tr("ended by signal %1")).arg(info.exitSignal);
    if (info.exitStatus >= 0)
        return (brief ? tr("exit code %1") : tr("exited with code %1")).arg(info.exitStatus);
    return tr("nothing left to do");
}

QString StatusModel::valueText(int row) const
{
    switch (Row(row)) {
    case StateRow:
        switch (m_runState) {
        case RunState::Idle:
            return m_feed->replaying() ? tr("replaying a recording; the loop is not running") : tr("no program");
        case RunState::Running:
            return blocked() ? tr("blocked") : tr("running");
        case RunState::Paused:
            if (const std::optional<std::int64_t> playhead = m_feed->playhead())
                return tr("replay at %1").arg(TimeMapping::formatDuration(*playhead));
            return tr("paused");
        case RunState::Finished: {
            const QString ended = endWords();
            return ended == tr("nothing left to do") ? tr("finished: nothing left to do") : ended;
        }
        case RunState::Aborted:
            return tr("aborted");
        }
        return {};
    case PhaseRow:
        return m_iteration > 0 ? QString::fromLatin1(loopscope::phaseName(m_phase)) : tr("main module");
    case IterationRow:
        return QString::number(m_iteration);
    case IterationRateRow:
        return formatRate(m_iterationRate);
    case CallbackRateRow:
        return formatRate(m_callbackRate);
    case PollRow:
        if (!m_feed->sees(loopscope::UnobservedPollWait))
            return notSeen();
        return m_iteration > 0 ? pollText() : QString();
    case CallbackRow:
        if (!m_inCallback)
            return tr("none");
        return tr("%1 (%2) for %3")
            .arg(m_callbackLabel, QString::fromLatin1(loopscope::callbackKindName(m_callbackKind)),
                formatDuration(m_callbackRunningNs));
    case PoolRow:
        if (!m_feed->sees(loopscope::UnobservedThreadPool))
            return notSeen();
        return tr("%1 running, %2 waiting").arg(m_poolActive).arg(m_poolQueued);
    case LoopDelayRow:
        if (m_delayWaitingNs > 0)
            return tr("probe waiting %1 ms").arg(LatencyMapping::formatMs(double(m_delayWaitingNs) / 1e6));
        if (m_delaysInWindow.empty())
            return tr("no samples");
        // Beyond the monitor's resolution, which an idle loop would otherwise read as its delay.
        return tr("p50 %1 · p99 %2 · max %3 ms beyond %4 ms")
            .arg(LatencyMapping::formatMs(loopDelayPercentileMs(0.5)),
                LatencyMapping::formatMs(loopDelayPercentileMs(0.99)), LatencyMapping::formatMs(m_delayMaxMs))
            .arg(m_resolutionMs);
    case UtilisationRow:
        if (m_utilisation < 0)
            return tr("no samples");
        return tr("%1 %").arg(std::lround(m_utilisation * 100));
    case HealthRow:
        if (m_healthWaitingNs > 0)
            return tr("waiting %1 ms").arg(LatencyMapping::formatMs(double(m_healthWaitingNs) / 1e6));
        if (m_healthMs == loopscope::HealthProbeFailed)
            return tr("no answer");
        if (m_healthMs < 0)
            return tr("no probe");
        return tr("%1 ms").arg(LatencyMapping::formatMs(m_healthMs));
    case RowCount:
        break;
    }
    return {};
}

int StatusModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : RowCount;
}

int StatusModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant StatusModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int row = index.row();
    if (role == RowKeyRole)
        return row;
    if (role == Qt::DisplayRole) {
        if (index.column() == ValueColumn)
            return m_lastValues[row];
        switch (Row(row)) {
        case StateRow:
            return tr("State");
        case PhaseRow:
            return tr("Phase");
        case IterationRow:
            return tr("Iteration");
        case IterationRateRow:
            return tr("Iterations");
        case CallbackRateRow:
            return tr("Callbacks");
        case PollRow:
            return tr("Poll");
        case CallbackRow:
            return tr("Running");
        case PoolRow:
            return tr("Thread pool");
        case LoopDelayRow:
            return tr("Loop delay");
        case UtilisationRow:
            return tr("Utilisation");
        case HealthRow:
            return tr("/health");
        case RowCount:
            break;
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (Row(row)) {
        case StateRow:
            return tr("Whether the loop runs, is paused, or has nothing left to do.");
        case PhaseRow:
            return tr("The libuv phase the loop is in now.");
        case IterationRow:
            return tr("How many times the loop has gone round its phases.");
        case IterationRateRow:
            return tr("Loop iterations per second, measured over half a second.");
        case CallbackRateRow:
            return tr("JavaScript callbacks per second, nextTicks and microtasks included.");
        case PollRow:
            return tr("How long poll may sleep and why: libuv computes the timeout from timers and immediates.");
        case CallbackRow:
            return tr("The callback running on the loop now; while it runs, nothing else can.");
        case PoolRow:
            return tr("libuv's thread pool: work running on its threads and work waiting for a free one.");
        case LoopDelayRow:
            return tr("<p>How much later than planned the loop got to the delay monitor's check, over the last "
                      "5 seconds: the median (p50), the worst 1% (p99) and the worst (max).</p><p>Node's "
                      "monitorEventLoopDelay histogram records the raw time between two checks, so an idle loop "
                      "reads its resolution (about 10 ms); this line subtracts the resolution, as users do.</p>");
        case UtilisationRow:
            return tr("Event-loop utilisation over the last second: the share of time the loop ran code rather "
                      "than waiting in poll, as Node's performance.eventLoopUtilization() measures it. About 0% "
                      "when idle, 100% while a callback blocks the loop.");
        case HealthRow:
            return tr("How long the built-in HTTP server took to answer the latest /health probe. It can only "
                      "answer when the loop is free, so while a callback blocks, the request waits.");
        case RowCount:
            break;
        }
    }
    return {};
}

QVariant StatusModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == NameColumn ? tr("What") : tr("Now");
}
