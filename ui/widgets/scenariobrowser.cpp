#include "widgets/scenariobrowser.h"

#include "catalog/scenariotexts.h"
#include "widgets/language.h"

#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTextBlock>
#include <QVBoxLayout>

#include <climits>

ScenarioBrowser::ScenarioBrowser(QWidget* parent)
    : QWidget(parent)
{
    auto* splitter = m_splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setChildrenCollapsible(false);

    auto* left = new QWidget(splitter);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    m_list = new QListWidget(left);
    m_list->setObjectName(QStringLiteral("scenarioList"));
    m_list->setUniformItemSizes(true);
    for (const ScenarioCatalog::Entry& entry : ScenarioCatalog::entries()) {
        auto* item = new QListWidgetItem(entry.name, m_list);
        item->setData(Qt::UserRole, entry.name);
    }
    leftLayout->addWidget(m_list, 1);

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
    leftLayout->addWidget(detailsScroll, 1);
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

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter);

    connect(m_list, &QListWidget::currentRowChanged, this, &ScenarioBrowser::showCurrent);
    connect(m_list, &QListWidget::itemActivated, this, &ScenarioBrowser::run);
    connect(m_run, &QPushButton::clicked, this, &ScenarioBrowser::run);
    connect(m_compare, &QPushButton::clicked, this, [this] {
        if (!current().isEmpty())
            emit compareRequested(current(), overrides());
    });
    if (m_list->count() > 0)
        m_list->setCurrentRow(0);
    Language::follow(this, [this] { setTexts(); });
}

void ScenarioBrowser::setTexts()
{
    m_list->setToolTip(
        tr("The built-in experiments. Select one to read what it shows; Run starts it on a fresh loop."));
    const QList<ScenarioCatalog::Entry> entries = ScenarioCatalog::entries();
    for (int row = 0; row < m_list->count(); ++row) {
        QListWidgetItem* item = m_list->item(row);
        const QString name = item->data(Qt::UserRole).toString();
        for (const ScenarioCatalog::Entry& entry : entries) {
            if (entry.name == name)
                item->setToolTip(entry.title);
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
    showScenarioTexts();
}

void ScenarioBrowser::selectNone()
{
    m_list->setCurrentRow(-1);
}

bool ScenarioBrowser::select(const QString& name)
{
    for (int row = 0; row < m_list->count(); ++row) {
        if (m_list->item(row)->data(Qt::UserRole).toString() == name) {
            m_list->setCurrentRow(row);
            m_list->scrollToItem(m_list->item(row));
            return true;
        }
    }
    return false;
}

// Beside the workloads the browser is narrow: the script goes below the list instead of beside it.
void ScenarioBrowser::resizeEvent(QResizeEvent* event)
{
    const Qt::Orientation wanted = width() < 640 ? Qt::Vertical : Qt::Horizontal;
    if (m_splitter->orientation() != wanted)
        m_splitter->setOrientation(wanted);
    QWidget::resizeEvent(event);
}

void ScenarioBrowser::setCodeFont(const QFont& font)
{
    m_source->setFont(font);
}

QString ScenarioBrowser::current() const
{
    const QListWidgetItem* item = m_list->currentItem();
    return item ? item->data(Qt::UserRole).toString() : QString();
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
        m_description->setText(tr("What the window shows is not a built-in scenario's run (a recording of another "
                                  "program, or a program run with Node). Pick a scenario to see its script."));
        return;
    }
    auto loaded = ScenarioCatalog::loadScenario(name);
    const auto* program = std::get_if<loopscope::Program>(&loaded);
    if (!program)
        return;
    m_title->setText(program->title.empty() ? name : ScenarioTexts::translate(program->title));
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
