#include "models/queueboard.h"

#include "loop/loopcontrol.h"
#include "models/livefeed.h"
#include "models/statusmodel.h"
#include "recording/recording.h"

QueueBoard::QueueBoard(LiveFeed* feed, StatusModel* status, QObject* parent)
    : QObject(parent)
    , m_feed(feed)
    , m_status(status)
{
    for (int i = 0; i < QueueModel::QueueCount; ++i)
        m_models[std::size_t(i)] = new QueueModel(QueueModel::Queue(i), this);
    connect(m_feed, &LiveFeed::reset, this, &QueueBoard::clear);
    connect(m_feed, &LiveFeed::ticked, this, &QueueBoard::onTicked);
}

void QueueBoard::clear()
{
    for (QueueModel* model : m_models)
        model->clear();
    m_lastSnapshotNs = -2;
}

void QueueBoard::refresh()
{
    if (!m_feed->live())
        return;
    const loopscope::QueueSnapshot snapshot = m_feed->queueSnapshot();
    if (snapshot.takenAtNs == m_lastSnapshotNs)
        return;
    m_lastSnapshotNs = snapshot.takenAtNs;
    for (QueueModel* model : m_models)
        model->update(snapshot, m_feed->recording()->strings);
}

// The loop publishes queue snapshots between callbacks, so a long callback's own entry is still
// in the last one: mark it as running rather than let it look like it waits.
void QueueBoard::markRunningCallback()
{
    using loopscope::CallbackKind;
    const std::int64_t startedNs = m_status->nowNs() - m_status->callbackRunningNs();
    const bool stale = m_status->inCallback() && m_lastSnapshotNs >= 0 && m_lastSnapshotNs <= startedNs;
    const CallbackKind kind = m_status->callbackKind();
    auto mark = [&](QueueModel::Queue queue, CallbackKind served) {
        model(queue)->setRunningLabel(stale && kind == served ? m_status->callbackLabel() : QString());
    };
    mark(QueueModel::Queue::Timers, CallbackKind::Timer);
    mark(QueueModel::Queue::Immediates, CallbackKind::Immediate);
    mark(QueueModel::Queue::Closes, CallbackKind::Close);
}

void QueueBoard::onTicked()
{
    // The loop publishes a snapshot at most every 30 ms; looking every other frame is enough.
    if (++m_ticks % 2 != 0)
        return;
    refresh();
    model(QueueModel::Queue::Timers)->setNowNs(m_status->nowNs());
    markRunningCallback();
    markRunsNext();
}

// While the loop is held, the item that runs next stands out: after a callback's body the drain
// rule picks it (nextTicks first, then promise jobs); as the check phase begins, the first immediate.
void QueueBoard::markRunsNext()
{
    using loopscope::StepPoint;
    using Queue = QueueModel::Queue;
    const std::optional<StepPoint> held = m_feed->heldAt();
    std::optional<Queue> next;
    if (held == StepPoint::AfterCallback) {
        if (model(Queue::NextTick)->total() > 0)
            next = Queue::NextTick;
        else if (model(Queue::Microtask)->total() > 0)
            next = Queue::Microtask;
    } else if (held == StepPoint::Phase && m_status->phase() == loopscope::Phase::Check
        && model(Queue::Immediates)->total() > 0) {
        next = Queue::Immediates;
    }
    for (int i = 0; i < QueueModel::QueueCount; ++i)
        m_models[std::size_t(i)]->setRunsNext(next == Queue(i));
}
