#include "models/queuemodel.h"

#include "models/phasecolors.h"
#include "models/statusmodel.h"
#include "recording/events.h"
#include "recording/stringtable.h"

#include <QFont>
#include <QGuiApplication>
#include <QPalette>

#include <algorithm>
#include <climits>

using loopscope::QueueItem;
using loopscope::QueueSnapshot;

QueueModel::QueueModel(Queue queue, QObject* parent)
    : QAbstractTableModel(parent)
    , m_queue(queue)
{ }

QString QueueModel::title(Queue queue)
{
    switch (queue) {
    case Queue::NextTick:
        return tr("nextTick queue");
    case Queue::Microtask:
        return tr("Microtask queue");
    case Queue::Timers:
        return tr("Timers");
    case Queue::Immediates:
        return tr("Immediates");
    case Queue::Closes:
        return tr("Close callbacks");
    }
    return {};
}

QString QueueModel::explanation(Queue queue)
{
    switch (queue) {
    case Queue::NextTick:
        return tr("process.nextTick callbacks. Node drains this queue completely after every callback, "
                  "before promises, so a self-rescheduling nextTick starves the loop.");
    case Queue::Microtask:
        return tr("Promise reactions and queueMicrotask jobs. They run right after the nextTick queue, "
                  "until none are left, before the loop moves to its next callback.");
    case Queue::Timers:
        return tr("setTimeout and setInterval callbacks, ordered by due time. They run in the timers phase "
                  "once their time has come, never earlier.");
    case Queue::Immediates:
        return tr("setImmediate callbacks. They run in the check phase, right after poll; while any wait, "
                  "poll does not sleep.");
    case Queue::Closes:
        return tr("Callbacks of closed handles (socket.on('close')), run in the close phase at the end of "
                  "the iteration.");
    }
    return {};
}

void QueueModel::update(const QueueSnapshot& snapshot, const loopscope::StringTable& strings)
{
    const std::vector<QueueItem>* source = nullptr;
    std::size_t total = 0;
    switch (m_queue) {
    case Queue::NextTick:
        source = &snapshot.nextTicks;
        total = snapshot.nextTickCount;
        break;
    case Queue::Microtask:
        source = &snapshot.microtasks;
        total = snapshot.microtaskCount;
        break;
    case Queue::Timers:
        source = &snapshot.timers;
        total = snapshot.timerCount;
        break;
    case Queue::Immediates:
        source = &snapshot.immediates;
        total = snapshot.immediateCount;
        break;
    case Queue::Closes:
        source = &snapshot.closes;
        total = snapshot.closeCount;
        break;
    }
    std::vector<Item> items;
    items.reserve(source->size() + 1);
    const std::uint32_t known = strings.size();
    for (const QueueItem& queued : *source) {
        Item item;
        item.label = queued.label < known ? QString::fromStdString(strings.at(queued.label)) : QString();
        if (m_queue == Queue::Microtask)
            item.jobKind = queued.kind;
        item.dueInMs = queued.dueInMs;
        items.push_back(std::move(item));
    }
    if (total > source->size()) {
        Item more;
        more.more = true;
        more.label = tr("… and %n more", "", int(std::min<std::size_t>(total - source->size(), INT_MAX)));
        items.push_back(std::move(more));
    }
    m_snapshotAtNs = std::max<std::int64_t>(snapshot.takenAtNs, 0);
    m_nowNs = std::max(m_nowNs, m_snapshotAtNs);
    setItems(std::move(items), total);
}

void QueueModel::setNowNs(std::int64_t nowNs)
{
    m_nowNs = std::max(nowNs, m_snapshotAtNs);
    if (m_queue == Queue::Timers && !m_items.empty())
        emit dataChanged(
            index(0, DetailColumn), index(rowCount() - 1, DetailColumn), { Qt::DisplayRole, Qt::ForegroundRole });
}

void QueueModel::setRunsNext(bool runsNext)
{
    if (runsNext == m_runsNext)
        return;
    m_runsNext = runsNext;
    if (!m_items.empty())
        emit dataChanged(index(0, 0), index(0, ColumnCount - 1));
}

void QueueModel::setRunningLabel(const QString& label)
{
    m_runningLabel = label;
    int row = -1;
    if (!label.isEmpty()) {
        const auto found = std::find_if(
            m_items.begin(), m_items.end(), [&label](const Item& item) { return !item.more && item.label == label; });
        row = found == m_items.end() ? -1 : int(found - m_items.begin());
    }
    if (row == m_runningRow)
        return;
    const int before = m_runningRow;
    m_runningRow = row;
    for (const int changed : { before, row }) {
        if (changed >= 0)
            emit dataChanged(index(changed, DetailColumn), index(changed, DetailColumn));
    }
}

double QueueModel::dueInMsNow(int row) const
{
    if (row < 0 || row >= rowCount())
        return 0;
    return m_items[std::size_t(row)].dueInMs - double(m_nowNs - m_snapshotAtNs) / 1e6;
}

void QueueModel::clear()
{
    m_snapshotAtNs = 0;
    m_nowNs = 0;
    setItems({}, 0);
}

QStringList QueueModel::labels() const
{
    QStringList result;
    for (const Item& item : m_items) {
        if (!item.more)
            result.append(item.label);
    }
    return result;
}

void QueueModel::setItems(std::vector<Item> items, std::size_t total)
{
    m_runningRow = -1;
    // Rows that stay keep their identity, so views do not jump while the queue drains.
    const int oldCount = int(m_items.size());
    const int newCount = int(items.size());
    const int common = std::min(oldCount, newCount);
    if (newCount < oldCount) {
        beginRemoveRows({}, newCount, oldCount - 1);
        m_items.resize(std::size_t(newCount));
        endRemoveRows();
    }
    int firstChanged = -1;
    int lastChanged = -1;
    for (int i = 0; i < common; ++i) {
        if (!(m_items[std::size_t(i)] == items[std::size_t(i)])) {
            m_items[std::size_t(i)] = items[std::size_t(i)];
            if (firstChanged < 0)
                firstChanged = i;
            lastChanged = i;
        }
    }
    if (firstChanged >= 0)
        emit dataChanged(index(firstChanged, 0), index(lastChanged, ColumnCount - 1));
    if (newCount > oldCount) {
        beginInsertRows({}, oldCount, newCount - 1);
        for (int i = oldCount; i < newCount; ++i)
            m_items.push_back(std::move(items[std::size_t(i)]));
        endInsertRows();
    }
    if (total != m_total) {
        m_total = total;
        emit totalChanged(total);
    }
}

int QueueModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_items.size());
}

int QueueModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant QueueModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Item& item = m_items[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == LabelColumn)
            return item.label;
        if (item.more)
            return QString();
        if (index.row() == m_runningRow)
            return tr("running now");
        if (index.row() == 0 && m_runsNext)
            return tr("runs next");
        if (m_queue == Queue::Microtask && item.jobKind >= 0 && item.jobKind <= 2)
            return QString::fromLatin1(loopscope::jobKindName(loopscope::JobKind(item.jobKind)));
        if (m_queue == Queue::Timers) {
            const double dueInMs = dueInMsNow(index.row());
            // A timer is late by more than rounding only when the loop could not get to it.
            if (dueInMs < -1.0)
                return tr("late by %1").arg(StatusModel::formatDuration(std::int64_t(-dueInMs * 1e6)));
            if (dueInMs <= 0)
                return tr("due now");
            return tr("in %1 ms").arg(dueInMs, 0, 'f', dueInMs < 10 ? 1 : 0);
        }
        return QString();
    case Qt::ToolTipRole:
        return explanation(m_queue);
    case Qt::BackgroundRole:
        if (index.row() == 0 && m_runsNext && !item.more) {
            QColor highlight = QGuiApplication::palette().color(QPalette::Highlight);
            highlight.setAlphaF(0.25);
            return highlight;
        }
        return {};
    case Qt::FontRole:
        if (index.row() == 0 && m_runsNext && !item.more) {
            QFont bold = QGuiApplication::font();
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::ForegroundRole:
        if (index.column() == DetailColumn && index.row() == m_runningRow)
            return PhaseColors::blocked();
        if (m_queue == Queue::Timers && !item.more && index.column() == DetailColumn && dueInMsNow(index.row()) < -1.0)
            return PhaseColors::blocked();
        if (item.more || index.column() == DetailColumn)
            return QGuiApplication::palette().color(QPalette::PlaceholderText);
        return {};
    case LabelRole:
        return item.label;
    case JobKindRole:
        return item.jobKind;
    case DueInMsRole:
        return item.dueInMs;
    case IsMoreRole:
        return item.more;
    default:
        return {};
    }
}

QVariant QueueModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        if (section == LabelColumn)
            return tr("Callback");
        if (m_queue == Queue::Microtask)
            return tr("Job kind");
        if (m_queue == Queue::Timers)
            return tr("Due");
        return QString();
    }
    if (role == Qt::ToolTipRole)
        return explanation(m_queue);
    return {};
}
