#include "models/queueboard.h"

#include "models/livefeed.h"
#include "models/statusmodel.h"
#include "recording/loopstate.h"
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

std::uint8_t QueueBoard::unobservedFlags(QueueModel::Queue queue)
{
    return loopscope::UnobservedQueues | (queue == QueueModel::Queue::Closes ? loopscope::UnobservedCloses : 0);
}

void QueueBoard::refresh()
{
    if (!m_feed->live())
        return;
    const loopscope::QueueSnapshot snapshot = m_feed->queueSnapshot();
    if (snapshot.takenAtNs == m_lastSnapshotNs)
        return;
    m_lastSnapshotNs = snapshot.takenAtNs;
    for (QueueModel* model : m_models) {
        if (m_feed->sees(unobservedFlags(model->queue())))
            model->update(snapshot, m_feed->recording()->strings);
        else
            model->clear();
    }
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

// While the loop is held, the item that runs next stands out: the one the runtime said runs next
// there (QueueSnapshot::next), when it heads its queue's panel.
void QueueBoard::markRunsNext()
{
    using loopscope::CallbackKind;
    using Queue = QueueModel::Queue;
    const loopscope::NextUp next = m_feed->heldAt() ? m_feed->queueSnapshot().next : loopscope::NextUp();
    int queue = -1; // the queue whose first item runs next
    if (next.namesCallback()) {
        switch (next.kind) {
        case CallbackKind::NextTick:
            queue = int(Queue::NextTick);
            break;
        case CallbackKind::Microtask:
            queue = int(Queue::Microtask);
            break;
        case CallbackKind::Timer:
            queue = int(Queue::Timers);
            break;
        case CallbackKind::Immediate:
            queue = int(Queue::Immediates);
            break;
        case CallbackKind::Close:
            queue = int(Queue::Closes);
            break;
        case CallbackKind::Io:
        case CallbackKind::Work:
        case CallbackKind::Main:
            break;
        }
    }
    if (queue >= 0) {
        const loopscope::StringTable& strings = m_feed->recording()->strings;
        const QString label = next.label < strings.size() ? QString::fromStdString(strings.at(next.label)) : QString();
        if (model(Queue(queue))->labels().value(0) != label)
            queue = -1;
    }
    for (int i = 0; i < QueueModel::QueueCount; ++i)
        m_models[std::size_t(i)]->setRunsNext(queue == i);
}
