#pragma once

#include "recording/events.h"
#include "recording/recorder.h"

#include <QAbstractTableModel>
#include <QElapsedTimer>
#include <QSet>
#include <QStringList>

#include <array>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <vector>

class LiveFeed;

// What the loop is doing now, one row per fact (state, phase, iteration,
// rates, poll, running callback, pool), read from LiveState on every feed
// tick. Rates are measured over half-second windows so that they can be read.
// The phase wheel draws from the same numbers.
class StatusModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Columns { NameColumn, ValueColumn, ColumnCount };
    enum Roles { RowKeyRole = Qt::UserRole + 1 };
    enum Row {
        StateRow,
        PhaseRow,
        IterationRow,
        IterationRateRow,
        CallbackRateRow,
        PollRow,
        CallbackRow,
        PoolRow,
        LoopDelayRow,
        UtilisationRow,
        HealthRow,
        RowCount
    };
    enum class RunState { Idle, Running, Paused, Finished, Aborted };

    static constexpr std::int64_t RateWindowNs = 500'000'000;
    // Loop-delay percentiles cover the samples of the last 5 s, utilisation the last second.
    static constexpr std::int64_t DelayWindowNs = 5'000'000'000;
    static constexpr std::int64_t UtilisationWindowNs = 1'000'000'000;

    explicit StatusModel(LiveFeed* feed, QObject* parent = nullptr);

    // The recording time now, by the feed's clock.
    std::int64_t nowNs() const;
    void setAborted(bool aborted);
    // Reads the live state now (the feed's tick calls it).
    void refresh();

    RunState runState() const { return m_runState; }
    // How a finished run ended, in a few words: "nothing left to do" for a run of LoopScope's own; for a
    // Node.js program, its exit code, the signal that ended it, or that LoopScope detached and it runs on.
    // Brief: in one or two words, for the circle's hub.
    enum class Wording { Full, Brief };
    QString endWords(Wording wording = Wording::Full) const;
    bool loopRunning() const { return m_runState == RunState::Running || m_runState == RunState::Paused; }
    loopscope::Phase phase() const { return m_phase; }
    std::uint32_t iteration() const { return m_iteration; }
    bool timersAfterClose() const { return m_timersAfterClose; }
    double iterationsPerSecond() const { return m_iterationRate; }
    double phaseCallbacksPerSecond(loopscope::Phase phase) const { return m_phaseRates[std::size_t(phase)]; }
    // nextTick and microtask callbacks run per second.
    double drainCallbacksPerSecond() const { return m_drainRate; }
    bool inCallback() const { return m_inCallback; }
    std::int64_t callbackRunningNs() const { return m_callbackRunningNs; }
    QString callbackLabel() const { return m_callbackLabel; }
    loopscope::CallbackKind callbackKind() const { return m_callbackKind; }
    bool blocked() const;
    std::int64_t pollTimeoutMs() const { return m_pollTimeoutMs; }
    loopscope::PollReason pollReason() const { return m_pollReason; }
    QString pollText() const { return pollDescription(m_pollTimeoutMs, m_pollReason); }
    // The depth of the queue a phase serves (poll: thread-pool work in flight).
    std::uint32_t depth(loopscope::Phase phase) const;
    std::uint32_t poolActive() const { return m_poolActive; }
    std::uint32_t poolQueued() const { return m_poolQueued; }

    // Loop delay beyond the monitor's resolution (what users mean by it), over DelayWindowNs; -1: no samples.
    double loopDelayPercentileMs(double q) const;
    double loopDelayMaxMs() const { return m_delayMaxMs; }
    // The delay monitor's resolution, as the live state or the samples tell it (0: not known).
    int delayResolutionMs() const { return m_resolutionMs; }
    // How long the delay monitor's check, or the /health request, has been waiting for a blocked loop (-1: not).
    std::int64_t delayWaitingNs() const { return m_delayWaitingNs; }
    std::int64_t healthWaitingNs() const { return m_healthWaitingNs; }
    // Event-loop utilisation 0..1 over UtilisationWindowNs, a wait for a blocked loop counted as busy; -1: unknown.
    double utilisation() const { return m_utilisation; }
    // The latest /health answer in ms; -1 before any, HealthProbeFailed when it got none.
    double healthMs() const { return m_healthMs; }

    // Every phase the recording has shown so far, and every poll description the live state showed.
    const QSet<loopscope::Phase>& phasesSeen() const { return m_phasesSeen; }
    const QStringList& pollTextsSeen() const { return m_pollTextsSeen; }

    // "sleeps until a timer is due in 1 ms", "immediates pending: no sleep", "waiting for I/O".
    static QString pollDescription(std::int64_t timeoutMs, loopscope::PollReason reason);
    static QString formatDuration(std::int64_t ns);
    // What a view says where the recording could not see something (LiveFeed::sees).
    static QString notSeen();
    static QString formatRate(double perSecond);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    void refreshed();

private:
    void onReset();
    void onAdvanced(int logIndex, std::size_t from, std::size_t to);
    QString valueText(int row) const;
    void addLatency(const loopscope::Record& record);
    void refreshLatency(const loopscope::LiveState* live);

    LiveFeed* m_feed;
    bool m_aborted = false;
    RunState m_runState = RunState::Idle;
    loopscope::Phase m_phase = loopscope::Phase::Timers;
    std::uint32_t m_iteration = 0;
    bool m_timersAfterClose = false;
    bool m_inCallback = false;
    std::int64_t m_callbackRunningNs = 0;
    QString m_callbackLabel;
    loopscope::CallbackKind m_callbackKind = loopscope::CallbackKind::Main;
    std::int64_t m_pollTimeoutMs = 0;
    loopscope::PollReason m_pollReason = loopscope::PollReason::NoWait;
    std::uint32_t m_nextTick = 0, m_microtask = 0, m_immediate = 0, m_timers = 0, m_close = 0;
    std::uint32_t m_poolActive = 0, m_poolQueued = 0;

    QElapsedTimer m_window;
    std::uint32_t m_windowIterations = 0;
    double m_windowCallbacks = 0;
    double m_windowDrain = 0;
    std::array<double, loopscope::PhaseCount> m_windowPhase {};
    double m_iterationRate = 0;
    double m_callbackRate = 0;
    double m_drainRate = 0;
    std::array<double, loopscope::PhaseCount> m_phaseRates {};

    // One loop-delay sample: it measured the intervalMs before endNs.
    struct DelaySample
    {
        std::int64_t endNs;
        double delayMs;
        double intervalMs;
        double utilization; // < 0: none
    };
    std::deque<DelaySample> m_delaySamples;
    std::vector<double> m_delaysInWindow;
    double m_delayMaxMs = -1;
    double m_utilisation = -1;
    int m_resolutionMs = 0;
    double m_healthMs = -1;
    std::int64_t m_healthIntervalNs = -1; // the shortest gap seen between two /health requests
    std::int64_t m_lastHealthSentNs = -1;
    std::int64_t m_delayWaitingNs = -1;
    std::int64_t m_healthWaitingNs = -1;

    QSet<loopscope::Phase> m_phasesSeen;
    QStringList m_pollTextsSeen;
    QStringList m_lastValues;
};
