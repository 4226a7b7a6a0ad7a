#include "models/consolemodel.h"

#include "models/livefeed.h"
#include "recording/recording.h"

#include <QColor>
#include <QFont>
#include <QGuiApplication>
#include <QLocale>
#include <QPalette>

#include <algorithm>
#include <climits>

ConsoleModel::ConsoleModel(LiveFeed* feed, QObject* parent)
    : QAbstractTableModel(parent)
    , m_feed(feed)
{
    connect(feed, &LiveFeed::advanced, this, &ConsoleModel::onAdvanced);
    connect(feed, &LiveFeed::playheadMoved, this, &ConsoleModel::followPlayhead);
}

int ConsoleModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_shown);
}

int ConsoleModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ConsoleModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Line& line = m_lines[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == TimeColumn)
            return line.timeNs < 0 ? QString() : QLocale().toString(double(line.timeNs) / 1e6, 'f', 1);
        if (index.column() == FromColumn)
            return line.from;
        if (line.text.size() > ShownCharacters) {
            return line.text.left(ShownCharacters)
                + tr(" … %n more characters (Copy takes the whole line)", "", int(line.text.size() - ShownCharacters));
        }
        return line.text;
    case Qt::ToolTipRole:
        if (index.column() == FromColumn && line.kind != Kind::Note) {
            if (line.from.isEmpty())
                return tr("Which callback printed this line is not known: an attached program wrote it between "
                          "callbacks, marking the phases only, or after bytes the probe did not count (a child's) "
                          "came down the same pipe.");
            return line.kind == Kind::Error ? tr("The callback this error was delivered to: %1").arg(line.from)
                                            : tr("Printed by the callback %1").arg(line.from);
        }
        if (line.kind == Kind::Error)
            return tr("An error the runtime delivered to the program.");
        if (line.kind == Kind::Note)
            return tr("A note from LoopScope, not program output.");
        return tr("console.log output, at milliseconds since the run started.");
    case Qt::ForegroundRole:
        if (line.kind == Kind::Error)
            return QColor(0xd9, 0x35, 0x30);
        if (line.kind == Kind::Note || index.column() == TimeColumn || index.column() == FromColumn)
            return QGuiApplication::palette().color(QPalette::PlaceholderText);
        return {};
    case Qt::FontRole:
        if (line.kind == Kind::Note) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == TimeColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case TextRole:
        return line.text;
    case TimeNsRole:
        return qlonglong(line.timeNs);
    case KindRole:
        return int(line.kind);
    case FromRole:
        return line.from;
    default:
        return {};
    }
}

QVariant ConsoleModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole && section == FromColumn)
        return tr("The callback that printed the line, by its label in the timeline.");
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TimeColumn:
        return tr("ms");
    case FromColumn:
        return tr("From");
    default:
        return tr("Output");
    }
}

void ConsoleModel::appendNote(const QString& text)
{
    append({ Line { text, -1, Kind::Note, {} } });
}

void ConsoleModel::clear()
{
    beginResetModel();
    m_lines.clear();
    m_shown = 0;
    endResetModel();
}

QStringList ConsoleModel::outputLines() const
{
    QStringList result;
    for (std::size_t i = 0; i < m_shown; ++i) {
        if (m_lines[i].kind == Kind::Output)
            result.append(m_lines[i].text);
    }
    return result;
}

QStringList ConsoleModel::errorLines() const
{
    QStringList result;
    for (std::size_t i = 0; i < m_shown; ++i) {
        if (m_lines[i].kind == Kind::Error)
            result.append(m_lines[i].text);
    }
    return result;
}

void ConsoleModel::onAdvanced(int logIndex, std::size_t from, std::size_t to)
{
    // The prober's log holds only /health samples.
    if (m_feed->isProberLog(logIndex))
        return;
    const loopscope::Recording* recording = m_feed->recording();
    const loopscope::EventLog* followed = m_feed->log(logIndex);
    if (!recording || !followed)
        return;
    const loopscope::EventLog& log = *followed;
    std::vector<Line> lines;
    for (std::size_t i = from; i < to; ++i) {
        const loopscope::Record& record = log[i];
        if (record.type != loopscope::RecordType::Log && record.type != loopscope::RecordType::Error)
            continue;
        const std::uint32_t printer = loopscope::printedBy(record);
        lines.push_back({ QString::fromStdString(recording->strings.at(record.label)), record.startNs,
            record.type == loopscope::RecordType::Log ? Kind::Output : Kind::Error,
            printer == 0 ? QString() : QString::fromStdString(recording->strings.at(printer)) });
    }
    append(std::move(lines));
}

void ConsoleModel::append(std::vector<Line> lines)
{
    if (lines.empty())
        return;
    if (lines.size() > std::size_t(MaxLines))
        lines.erase(lines.begin(), lines.end() - MaxLines);
    const std::size_t overflow = m_lines.size() + lines.size() > std::size_t(MaxLines)
        ? m_lines.size() + lines.size() - std::size_t(MaxLines)
        : 0;
    if (overflow > 0) {
        const std::size_t shownGone = std::min(overflow, m_shown);
        if (shownGone > 0)
            beginRemoveRows({}, 0, int(shownGone) - 1);
        m_lines.erase(m_lines.begin(), m_lines.begin() + std::ptrdiff_t(overflow));
        m_shown -= shownGone;
        if (shownGone > 0)
            endRemoveRows();
    }
    for (Line& line : lines)
        m_lines.push_back(std::move(line));
    followPlayhead();
}

void ConsoleModel::followPlayhead()
{
    const std::optional<std::int64_t> playhead = m_feed->playhead();
    if (!playhead) {
        show(m_lines.size());
        return;
    }
    // Lines come in the order they were printed; a note shows with the line before it.
    const auto after
        = std::find_if(m_lines.begin(), m_lines.end(), [&](const Line& line) { return line.timeNs > *playhead; });
    show(std::size_t(after - m_lines.begin()));
}

void ConsoleModel::show(std::size_t lines)
{
    if (lines < m_shown) {
        beginRemoveRows({}, int(lines), int(m_shown) - 1);
        m_shown = lines;
        endRemoveRows();
    } else if (lines > m_shown) {
        beginInsertRows({}, int(m_shown), int(lines) - 1);
        m_shown = lines;
        endInsertRows();
    }
}
