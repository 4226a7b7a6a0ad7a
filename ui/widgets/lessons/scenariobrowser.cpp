#include "widgets/lessons/scenariobrowser.h"

#include "catalog/scenarioguide.h"
#include "catalog/scenariotexts.h"
#include "widgets/window/language.h"

#include <QComboBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollArea>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QTextBlock>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <climits>
#include <map>

namespace {

constexpr const char* GroupingKey = "browser/groupBy";
constexpr int NameRole = Qt::UserRole; // a scenario's name; none on a group
constexpr int GroupRole = Qt::UserRole + 1; // a group's article or topic id

// Lets a long title wrap onto as many lines as the list's width needs. A view asks an item's height with
// no width in its rectangle, and a style wraps only in a valid one: the list's width is put there.
class WrappingTitles : public QStyledItemDelegate
{
public:
    explicit WrappingTitles(QTreeView* view)
        : QStyledItemDelegate(view)
        , m_view(view)
    { }

    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        QStyleOptionViewItem wrapped = option;
        initStyleOption(&wrapped, index);
        wrapped.rect = QRect(0, 0, m_view->viewport()->width() - indent(index), 1);
        wrapped.features |= QStyleOptionViewItem::WrapText;
        const QStyle* style = m_view->style();
        QSize size = style->sizeFromContents(QStyle::CT_ItemViewItem, &wrapped, QSize(), m_view);
        if (isHeading(index))
            size.rheight() += wrapped.fontMetrics.height() / 3;
        return size;
    }

    // A group's heading on a band of its own, its scenarios indented under it.
    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        QStyleOptionViewItem item = option;
        if (isHeading(index)) {
            painter->fillRect(option.rect, option.palette.alternateBase());
            item.rect.setTop(item.rect.top() + option.fontMetrics.height() / 3);
        }
        item.rect.setLeft(item.rect.left() + indent(index));
        QStyledItemDelegate::paint(painter, item, index);
    }

private:
    static bool isHeading(const QModelIndex& index) { return !index.parent().isValid(); }
    int indent(const QModelIndex& index) const
    {
        return isHeading(index) ? 0 : m_view->fontMetrics().averageCharWidth() * 2;
    }

    QTreeView* m_view;
};

} // namespace

ScenarioBrowser::ScenarioBrowser(QWidget* parent)
    : QWidget(parent)
{
    auto* splitter = m_splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setChildrenCollapsible(false);
    splitter->setHandleWidth(splitter->handleWidth() * 2);

    auto* left = new QWidget(splitter);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    m_groupBy = new QComboBox(left);
    m_groupBy->setObjectName(QStringLiteral("scenarioGrouping"));
    m_groupBy->addItems({ QString(), QString() });
    leftLayout->addWidget(m_groupBy);
    m_list = new QTreeWidget(left);
    m_list->setObjectName(QStringLiteral("scenarioList"));
    m_list->setHeaderHidden(true);
    m_list->setColumnCount(1);
    m_list->header()->setStretchLastSection(true);
    // Titles wrap rather than end in "…": groups are always open, told apart by their bold headings, so
    // nothing is indented and each title has the list's whole width to wrap in.
    m_list->setWordWrap(true);
    m_list->setTextElideMode(Qt::ElideNone);
    m_list->setRootIsDecorated(false);
    m_list->setItemsExpandable(false);
    m_list->setIndentation(0);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->setItemDelegate(new WrappingTitles(m_list));
    m_list->viewport()->installEventFilter(this);
    leftLayout->addWidget(m_list, 3);

    // What the selected scenario is, in a pane that scrolls when the dock is short rather than cut its text.
    auto* details = new QWidget;
    auto* detailsLayout = new QVBoxLayout(details);
    detailsLayout->setContentsMargins(0, 0, 0, 0);
    m_title = new QLabel(details);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    m_title->setFont(titleFont);
    m_title->setWordWrap(true);
    detailsLayout->addWidget(m_title);
    m_place = new QLabel(details);
    m_place->setObjectName(QStringLiteral("scenarioPlace"));
    m_place->setWordWrap(true);
    m_place->setTextFormat(Qt::RichText);
    detailsLayout->addWidget(m_place);
    m_description = new QLabel(details);
    m_description->setWordWrap(true);
    m_description->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_description->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    detailsLayout->addWidget(m_description);
    m_paramsBox = new QWidget(details);
    m_params = new QFormLayout(m_paramsBox);
    m_params->setContentsMargins(0, 0, 0, 0);
    detailsLayout->addWidget(m_paramsBox);
    detailsLayout->addStretch(1);
    auto* detailsScroll = new QScrollArea(left);
    detailsScroll->setObjectName(QStringLiteral("scenarioDetails"));
    detailsScroll->setWidget(details);
    detailsScroll->setWidgetResizable(true);
    detailsScroll->setFrameShape(QFrame::NoFrame);
    detailsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // On a small screen the dock may be short: the list and the text scroll rather than ask the window for height.
    const int line = fontMetrics().lineSpacing();
    m_list->setMinimumHeight(line * 3);
    detailsScroll->setMinimumHeight(line * 2);
    leftLayout->addWidget(detailsScroll, 2);
    m_run = new QPushButton(left);
    m_run->setObjectName(QStringLiteral("runScenario"));
    m_run->setShortcut(QKeySequence(QStringLiteral("Ctrl+Return")));
    m_run->setDefault(true);
    m_compare = new QPushButton(left);
    m_compare->setObjectName(QStringLiteral("compareScenario"));
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_run, 1);
    buttons->addWidget(m_compare, 1);
    leftLayout->addLayout(buttons);

    m_source = new QPlainTextEdit(splitter);
    m_source->setObjectName(QStringLiteral("nodeSource"));
    m_source->setReadOnly(true);
    m_source->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_source->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    splitter->addWidget(left);
    splitter->addWidget(m_source);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    splitter->setCollapsible(1, true);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter);

    m_grouping = QSettings().value(QLatin1String(GroupingKey)).toString() == QLatin1String("topic")
        ? Grouping::ByTopic
        : Grouping::ByArticle;
    m_groupBy->setCurrentIndex(m_grouping == Grouping::ByTopic ? 1 : 0);
    connect(m_groupBy, &QComboBox::currentIndexChanged, this,
        [this](int index) { setGrouping(index == 1 ? Grouping::ByTopic : Grouping::ByArticle); });
    connect(m_list, &QTreeWidget::currentItemChanged, this, &ScenarioBrowser::onCurrentItem);
    connect(m_list, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        if (!item->data(0, NameRole).toString().isEmpty())
            run();
    });
    connect(m_run, &QPushButton::clicked, this, &ScenarioBrowser::run);
    connect(m_compare, &QPushButton::clicked, this, [this] {
        if (!current().isEmpty())
            emit compareRequested(current(), overrides());
    });
    populate();
    const QList<ScenarioGuide::Place> places = ScenarioGuide::places();
    if (!places.isEmpty())
        select(places.first().scenario);
    Language::follow(this, [this] { setTexts(); });
}

void ScenarioBrowser::setGrouping(Grouping grouping)
{
    if (grouping == m_grouping)
        return;
    m_grouping = grouping;
    QSettings().setValue(QLatin1String(GroupingKey),
        grouping == Grouping::ByTopic ? QStringLiteral("topic") : QStringLiteral("article"));
    const QSignalBlocker blocker(m_groupBy);
    m_groupBy->setCurrentIndex(grouping == Grouping::ByTopic ? 1 : 0);
    populate();
}

QList<std::pair<QString, QStringList>> ScenarioBrowser::groups() const
{
    QList<std::pair<QString, QStringList>> result;
    for (int top = 0; top < m_list->topLevelItemCount(); ++top) {
        const QTreeWidgetItem* group = m_list->topLevelItem(top);
        QStringList names;
        for (int child = 0; child < group->childCount(); ++child)
            names.append(group->child(child)->data(0, NameRole).toString());
        result.append({ group->text(0), names });
    }
    return result;
}

// Every scenario is listed: one the guide does not place (a scenario added without a place) goes under
// "Other", never nowhere. A scenario an article and another share is under both.
void ScenarioBrowser::populate()
{
    // The scenario selected stays selected, without a signal: it is the same one.
    QSignalBlocker blocker(m_list);
    m_list->clear();
    const QList<ScenarioCatalog::Entry> entries = ScenarioCatalog::entries();
    const QList<ScenarioGuide::Place> places = ScenarioGuide::places();
    QFont groupFont = m_list->font();
    groupFont.setBold(true);
    auto addGroup = [&](const QString& id, const QStringList& names) {
        if (names.isEmpty())
            return;
        auto* group = new QTreeWidgetItem(m_list);
        group->setData(0, GroupRole, id);
        group->setFont(0, groupFont);
        group->setFlags(Qt::ItemIsEnabled);
        for (const QString& name : names) {
            auto* item = new QTreeWidgetItem(group);
            item->setData(0, NameRole, name);
        }
        group->setExpanded(true);
    };
    auto placed = [&](auto belongs) {
        QStringList names;
        for (const ScenarioGuide::Place& place : places) {
            const bool known = std::any_of(
                entries.cbegin(), entries.cend(), [&](const auto& entry) { return entry.name == place.scenario; });
            if (known && belongs(place))
                names.append(place.scenario);
        }
        return names;
    };
    if (m_grouping == Grouping::ByArticle) {
        for (const ScenarioGuide::Article& article : ScenarioGuide::articles()) {
            addGroup(article.id,
                placed([&](const ScenarioGuide::Place& place) { return place.articles.contains(article.id); }));
        }
    } else {
        for (const ScenarioGuide::Topic& topic : ScenarioGuide::topics())
            addGroup(topic.id, placed([&](const ScenarioGuide::Place& place) { return place.topic == topic.id; }));
    }
    QStringList others;
    for (const ScenarioCatalog::Entry& entry : entries) {
        if (!ScenarioGuide::placeOf(entry.name))
            others.append(entry.name);
    }
    addGroup({}, others);
    setTexts();
    blocker.unblock();
    if (!m_current.isEmpty())
        select(m_current);
}

void ScenarioBrowser::onCurrentItem(QTreeWidgetItem* item)
{
    // A group's heading is not a scenario: the one shown stays.
    const QString name = item ? item->data(0, NameRole).toString() : QString();
    if (item && name.isEmpty())
        return;
    if (name == m_current && item)
        return;
    m_current = name;
    showCurrent();
}

void ScenarioBrowser::setTexts()
{
    m_list->setToolTip(tr("The built-in experiments, grouped by the article they come from or by topic. Select one "
                          "to read what it asks; Run starts it on a fresh loop."));
    m_groupBy->setItemText(0, tr("By article"));
    m_groupBy->setItemText(1, tr("By topic"));
    m_groupBy->setToolTip(tr("Groups the experiments by the article each comes from, or by what it teaches."));
    // The groups' titles and the scenarios' follow the language; the catalog has every title translated.
    std::map<QString, QString> titles;
    for (const ScenarioCatalog::Entry& entry : ScenarioCatalog::entries())
        titles.emplace(entry.name, entry.title);
    for (int top = 0; top < m_list->topLevelItemCount(); ++top) {
        QTreeWidgetItem* group = m_list->topLevelItem(top);
        const QString id = group->data(0, GroupRole).toString();
        group->setText(0, tr("Other"));
        for (const ScenarioGuide::Article& article : ScenarioGuide::articles()) {
            if (m_grouping == Grouping::ByArticle && article.id == id) {
                group->setText(0, article.title);
                group->setToolTip(0, article.origin);
            }
        }
        for (const ScenarioGuide::Topic& topic : ScenarioGuide::topics()) {
            if (m_grouping == Grouping::ByTopic && topic.id == id)
                group->setText(0, topic.title);
        }
        for (int child = 0; child < group->childCount(); ++child) {
            QTreeWidgetItem* item = group->child(child);
            const QString name = item->data(0, NameRole).toString();
            const auto title = titles.find(name);
            item->setText(0, title != titles.end() && !title->second.isEmpty() ? title->second : name);
            const std::optional<ScenarioGuide::Place> place = ScenarioGuide::placeOf(name);
            item->setToolTip(0, place ? tr("%1\n(%2)").arg(place->question, name) : name);
        }
    }
    m_run->setText(tr("Run"));
    m_run->setToolTip(tr("Runs the selected scenario on a fresh loop; the previous run stops. (%1)")
                          .arg(m_run->shortcut().toString(QKeySequence::NativeText)));
    m_compare->setText(tr("Compare with Node.js…"));
    m_compare->setToolTip(tr("Runs the selected scenario's script (beside) in node and the scenario in LoopScope, "
                             "several times when its order depends on timing, and shows both consoles side by side "
                             "with the first difference highlighted."));
    m_source->setToolTip(
        tr("The same program as a Node.js script (loopscope --emit-js). Run it with node to compare."));
    m_source->setPlaceholderText(tr("The equivalent Node.js script appears here."));
    m_splitter->handle(1)->setToolTip(tr("Drag to show more of the scenario or of its Node.js script."));
    showScenarioTexts();
}

void ScenarioBrowser::selectNone()
{
    m_list->setCurrentItem(nullptr);
    if (!m_current.isEmpty())
        onCurrentItem(nullptr);
}

bool ScenarioBrowser::select(const QString& name)
{
    for (int top = 0; top < m_list->topLevelItemCount(); ++top) {
        QTreeWidgetItem* group = m_list->topLevelItem(top);
        for (int child = 0; child < group->childCount(); ++child) {
            QTreeWidgetItem* item = group->child(child);
            if (item->data(0, NameRole).toString() == name) {
                m_list->setCurrentItem(item);
                m_list->scrollToItem(item);
                return true;
            }
        }
    }
    return false;
}

// Beside the workloads the browser is narrow: the script goes below the list instead of beside it.
void ScenarioBrowser::resizeEvent(QResizeEvent* event)
{
    const Qt::Orientation wanted = width() < 640 ? Qt::Vertical : Qt::Horizontal;
    if (m_splitter->orientation() != wanted) {
        m_splitter->setOrientation(wanted);
        // Below the list the script starts folded away: choosing and reading the question come first, and
        // the handle at the bottom draws it out.
        const int length = wanted == Qt::Vertical ? event->size().height() : event->size().width();
        m_splitter->setSizes(
            wanted == Qt::Vertical ? QList<int> { length, 0 } : QList<int> { length * 2 / 5, length * 3 / 5 });
    }
    QWidget::resizeEvent(event);
}

bool ScenarioBrowser::eventFilter(QObject* watched, QEvent* event)
{
    // A wider or narrower list wraps its titles anew.
    if (watched == m_list->viewport() && event->type() == QEvent::Resize) {
        const auto* resize = static_cast<QResizeEvent*>(event);
        if (resize->size().width() != resize->oldSize().width())
            QMetaObject::invokeMethod(m_list, &QTreeView::doItemsLayout, Qt::QueuedConnection);
    }
    return QWidget::eventFilter(watched, event);
}

void ScenarioBrowser::setCodeFont(const QFont& font)
{
    m_source->setFont(font);
}

ScenarioCatalog::Overrides ScenarioBrowser::overrides() const
{
    ScenarioCatalog::Overrides result;
    for (const auto& [name, spin] : m_paramSpins)
        result.emplace_back(name.toStdString(), std::to_string(spin->value()));
    return result;
}

bool ScenarioBrowser::setParameter(const QString& name, int value)
{
    for (const auto& [paramName, spin] : m_paramSpins) {
        if (paramName == name) {
            spin->setValue(value);
            return true;
        }
    }
    return false;
}

QString ScenarioBrowser::nodeSource() const
{
    return m_source->toPlainText();
}

void ScenarioBrowser::markSourceLine(int line)
{
    if (line == m_markedLine)
        return;
    m_markedLine = line;
    QList<QTextEdit::ExtraSelection> marks;
    const QTextBlock block = m_source->document()->findBlockByNumber(line - 1);
    if (line > 0 && block.isValid()) {
        QTextEdit::ExtraSelection mark;
        QColor highlight = m_source->palette().color(QPalette::Highlight);
        highlight.setAlphaF(0.3);
        mark.format.setBackground(highlight);
        mark.format.setProperty(QTextFormat::FullWidthSelection, true);
        mark.cursor = QTextCursor(block);
        marks.append(mark);
        m_source->setTextCursor(mark.cursor);
        m_source->centerCursor();
    }
    m_source->setExtraSelections(marks);
}

void ScenarioBrowser::run()
{
    const QString name = current();
    if (!name.isEmpty())
        emit runRequested(name, overrides());
}

void ScenarioBrowser::showCurrent()
{
    while (m_params->rowCount() > 0)
        m_params->removeRow(0);
    m_paramSpins.clear();
    const QString name = current();
    if (name.isEmpty()) {
        // What the window shows is no built-in scenario's run: no other one's script stays beside it.
        showScenarioTexts();
        m_source->clear();
        m_run->setEnabled(false);
        m_compare->setEnabled(false);
        m_paramsBox->setVisible(false);
        emit selected({}, {});
        return;
    }
    auto loaded = ScenarioCatalog::loadScenario(name);
    if (auto* error = std::get_if<QString>(&loaded)) {
        m_title->setText(name);
        m_description->setText(*error);
        m_source->clear();
        m_run->setEnabled(false);
        m_compare->setEnabled(false);
        return;
    }
    const loopscope::Program& program = std::get<loopscope::Program>(loaded);
    m_run->setEnabled(true);
    m_compare->setEnabled(true);
    for (const loopscope::Param& param : program.params) {
        auto* spin = new QSpinBox(m_paramsBox);
        spin->setRange(int(std::clamp<std::int64_t>(param.min, INT_MIN, INT_MAX)),
            int(std::clamp<std::int64_t>(param.max, INT_MIN, INT_MAX)));
        spin->setValue(int(std::clamp<std::int64_t>(param.value, INT_MIN, INT_MAX)));
        spin->setGroupSeparatorShown(true);
        spin->setAccelerated(true);
        auto* label = new QLabel(m_paramsBox);
        label->setWordWrap(true);
        label->setBuddy(spin);
        connect(spin, &QSpinBox::valueChanged, this, &ScenarioBrowser::updateSource);
        m_params->addRow(label, spin);
        m_paramSpins.emplace_back(QString::fromStdString(param.name), spin);
    }
    m_paramsBox->setVisible(!m_paramSpins.empty());
    showScenarioTexts();
    updateSource();
}

void ScenarioBrowser::showScenarioTexts()
{
    const QString name = current();
    if (name.isEmpty()) {
        m_title->setText(tr("No scenario selected"));
        m_place->clear();
        m_description->setText(tr("What the window shows is not a built-in scenario's run (a recording of another "
                                  "program, or a program run with Node). Pick a scenario to see its script."));
        return;
    }
    auto loaded = ScenarioCatalog::loadScenario(name);
    const auto* program = std::get_if<loopscope::Program>(&loaded);
    if (!program)
        return;
    m_title->setText(program->title.empty() ? name : ScenarioTexts::translate(program->title));
    QString place;
    if (const std::optional<ScenarioGuide::Place> its = ScenarioGuide::placeOf(name)) {
        place = QStringLiteral("<i>%1</i>").arg(its->question.toHtmlEscaped());
        QStringList from;
        for (const QString& id : its->articles) {
            if (const std::optional<ScenarioGuide::Article> article = ScenarioGuide::article(id))
                from.append(tr("“%1” (%2)").arg(article->title, article->origin).toHtmlEscaped());
        }
        if (!from.isEmpty())
            place += QStringLiteral("<br>") + tr("From %1.").arg(from.join(tr(" and ")));
    }
    m_place->setText(place);
    m_place->setVisible(!place.isEmpty());
    m_description->setText(ScenarioTexts::translate(program->description));
    for (const loopscope::Param& param : program->params) {
        const QString paramName = QString::fromStdString(param.name);
        for (const auto& [spinName, spin] : m_paramSpins) {
            if (spinName != paramName)
                continue;
            // What the parameter means, in the user's language; its name is what --set takes.
            auto* label = static_cast<QLabel*>(m_params->labelForField(spin));
            label->setText(param.description.empty() ? paramName : ScenarioTexts::translate(param.description));
            const QString setting = tr("--set %1=%2 on the command line").arg(paramName, QString::number(param.value));
            label->setToolTip(setting);
            spin->setToolTip(setting);
        }
    }
}

void ScenarioBrowser::updateSource()
{
    emit selected(current(), overrides());
    auto loaded = ScenarioCatalog::loadScenario(current(), overrides());
    if (auto* program = std::get_if<loopscope::Program>(&loaded))
        m_source->setPlainText(QString::fromStdString(loopscope::emitJs(*program)));
    else
        m_source->setPlainText(std::get<QString>(loaded));
}
