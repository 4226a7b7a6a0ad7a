#include "widgets/dialogs/nodecomparedialog.h"

#include "control/sessioncontroller.h"
#include "widgets/dialogs/numberedconsole.h"

#include <QDialogButtonBox>
#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace {

const char* const RunsKey = "compare/runs";
const char* const NodePathKey = "compare/nodePath";

using Verdict = NodeComparison::Verdict;

// The verdict's colour, as a tint behind the text and a bar at its left; it reads on both themes.
QColor verdictColor(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Agree:
        return QColor(0x2e, 0x9e, 0x4f);
    case Verdict::WithinNode:
        return QColor(0x24, 0x6f, 0xc4);
    case Verdict::Differ:
        return QColor(0xd0, 0x8a, 0x1a);
    case Verdict::Failed:
        return QColor(0xd6, 0x45, 0x45);
    case Verdict::None:
    case Verdict::Cancelled:
        break;
    }
    return QColor(0x8b, 0x94, 0x9e);
}

QStyle::StandardPixmap verdictIcon(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Agree:
        return QStyle::SP_DialogApplyButton;
    case Verdict::Differ:
        return QStyle::SP_MessageBoxWarning;
    case Verdict::Failed:
        return QStyle::SP_MessageBoxCritical;
    case Verdict::WithinNode:
    case Verdict::None:
    case Verdict::Cancelled:
        break;
    }
    return QStyle::SP_MessageBoxInformation;
}

QString quoted(const QString& line, bool ended)
{
    return ended ? NodeCompareDialog::tr("(end of output)") : NodeCompareDialog::tr("“%1”").arg(line);
}

int countOf(const QList<NodeComparison::Output>& outputs, const QStringList& lines)
{
    for (const NodeComparison::Output& output : outputs) {
        if (output.lines == lines)
            return output.count;
    }
    return 0;
}

} // namespace

NodeCompareDialog::NodeCompareDialog(QWidget* parent)
    : QDialog(parent)
    , m_comparison(new NodeComparison(this))
{
    setObjectName(QStringLiteral("nodeCompareDialog"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(createControls());

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->setChildrenCollapsible(false);
    m_distribution = new QTreeWidget(splitter);
    m_distribution->setObjectName(QStringLiteral("outputDistribution"));
    m_distribution->setRootIsDecorated(false);
    m_distribution->setHeaderLabels({ tr("Output"), tr("Node.js"), tr("LoopScope") });
    m_distribution->header()->setStretchLastSection(false);
    m_distribution->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_distribution->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_distribution->header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    m_distribution->setToolTip(tr("Every distinct console output and how many runs printed it on each side. A "
                                  "program whose order depends on timing prints more than one; LoopScope should "
                                  "print only outputs that Node.js prints too, in similar proportions. Select a "
                                  "row to see that output in the consoles."));
    m_distribution->hide();
    connect(m_distribution, &QTreeWidget::itemSelectionChanged, this, &NodeCompareDialog::onRowSelected);
    splitter->addWidget(m_distribution);
    splitter->addWidget(createConsoles());
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 3);
    layout->addWidget(splitter, 1);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->button(QDialogButtonBox::Close)->setText(tr("Close"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    connect(m_comparison, &NodeComparison::progress, this, [this](int done, int total) {
        m_progress->setMaximum(total);
        m_progress->setValue(done);
    });
    connect(m_comparison, &NodeComparison::finished, this, [this] {
        setRunning(false);
        showVerdict();
        showDistribution();
        const NodeComparison::Result& result = m_comparison->result();
        if (!result.node.isEmpty() && !result.loopscope.isEmpty())
            showOutputs(result.nodeShown, result.loopscopeShown);
    });
    // Most of the window, so long consoles and the distribution fit side by side.
    const QSize room = parent ? parent->size() * 0.85 : QSize(1100, 720);
    resize(QSize(1100, 720).boundedTo(room).expandedTo(QSize(720, 480)));
    setRunning(false);
}

QWidget* NodeCompareDialog::createControls()
{
    auto* box = new QWidget(this);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);

    m_verdictBox = new QFrame(box);
    m_verdictBox->setObjectName(QStringLiteral("verdictBox"));
    auto* verdictLayout = new QHBoxLayout(m_verdictBox);
    m_verdictIcon = new QLabel(m_verdictBox);
    m_verdict = new QLabel(m_verdictBox);
    m_verdict->setObjectName(QStringLiteral("verdict"));
    m_verdict->setWordWrap(true);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_verdict->setToolTip(tr("Agree: one output, the same on both sides. Within Node's outputs: the order depends "
                             "on timing, and every output LoopScope printed, Node.js printed too. Differ: "
                             "LoopScope printed something Node.js never did; the first differing line is "
                             "highlighted in both consoles."));
    verdictLayout->addWidget(m_verdictIcon, 0, Qt::AlignTop);
    verdictLayout->addWidget(m_verdict, 1);
    layout->addWidget(m_verdictBox);

    auto* row = new QHBoxLayout;
    auto* runsLabel = new QLabel(tr("Runs on each side:"), box);
    m_runs = new QSpinBox(box);
    m_runs->setObjectName(QStringLiteral("compareRuns"));
    m_runs->setRange(1, 500);
    m_runs->setValue(QSettings().value(QLatin1String(RunsKey), 1).toInt());
    m_runs->setToolTip(tr("How many times node and LoopScope each run the program. Node decides the "
                          "setTimeout(0) against setImmediate race of the main module by whether a millisecond "
                          "passed before the loop's first timers phase; run main-race 20 times to see both "
                          "orders on both sides."));
    runsLabel->setToolTip(m_runs->toolTip());
    runsLabel->setBuddy(m_runs);
    auto* nodeLabel = new QLabel(tr("Node.js:"), box);
    m_nodePath = new QLineEdit(QSettings().value(QLatin1String(NodePathKey), QStringLiteral("node")).toString(), box);
    m_nodePath->setObjectName(QStringLiteral("nodePath"));
    m_nodePath->setToolTip(tr("The node executable to compare with: a path, or a name looked up in PATH. The "
                              "semantics follow Node 20; scripts/install-deps.sh installs Node.js."));
    nodeLabel->setToolTip(m_nodePath->toolTip());
    nodeLabel->setBuddy(m_nodePath);
    m_run = new QPushButton(tr("Run"), box);
    m_run->setObjectName(QStringLiteral("compareRun"));
    m_run->setDefault(true);
    m_run->setToolTip(tr("Runs the emitted script in node and the program in LoopScope, one run at a time, "
                         "and compares their consoles. (Enter)"));
    connect(m_run, &QPushButton::clicked, this, &NodeCompareDialog::run);
    m_cancel = new QPushButton(tr("Cancel"), box);
    m_cancel->setToolTip(tr("Stops the runs. (Esc)"));
    connect(m_cancel, &QPushButton::clicked, m_comparison, &NodeComparison::cancel);
    row->addWidget(runsLabel);
    row->addWidget(m_runs);
    row->addSpacing(12);
    row->addWidget(nodeLabel);
    row->addWidget(m_nodePath, 1);
    row->addWidget(m_run);
    row->addWidget(m_cancel);
    layout->addLayout(row);

    m_progress = new QProgressBar(box);
    m_progress->setTextVisible(true);
    m_progress->setFormat(tr("%v of %m runs"));
    layout->addWidget(m_progress);
    return box;
}

QWidget* NodeCompareDialog::createConsoles()
{
    auto* consoles = new QSplitter(Qt::Horizontal, this);
    consoles->setChildrenCollapsible(false);
    const auto addSide
        = [consoles](QLabel*& title, NumberedConsole*& console, const QString& name, const QString& explanation) {
              auto* side = new QWidget(consoles);
              auto* layout = new QVBoxLayout(side);
              layout->setContentsMargins(0, 0, 0, 0);
              title = new QLabel(side);
              QFont bold = title->font();
              bold.setBold(true);
              title->setFont(bold);
              console = new NumberedConsole(side);
              console->setObjectName(name);
              console->setToolTip(explanation);
              layout->addWidget(title);
              layout->addWidget(console, 1);
              consoles->addWidget(side);
          };
    addSide(m_nodeTitle, m_nodeConsole, QStringLiteral("nodeConsole"),
        tr("What node printed on stdout for the emitted script (the script in the scenario browser). The first "
           "line that differs from LoopScope's is highlighted."));
    addSide(m_loopscopeTitle, m_loopscopeConsole, QStringLiteral("loopscopeConsole"),
        tr("What LoopScope printed running the same program headless (loopscope --headless). The first line that "
           "differs from Node's is highlighted."));
    m_nodeTitle->setText(tr("Node.js"));
    m_loopscopeTitle->setText(tr("LoopScope"));
    return consoles;
}

void NodeCompareDialog::setSource(const NodeComparison::Source& source)
{
    m_source = source;
    setWindowTitle(tr("Compare with Node.js — %1").arg(source.displayName()));
    auto loaded = source.scenario.isEmpty() ? ScenarioCatalog::loadFile(source.programFile, source.overrides)
                                            : ScenarioCatalog::loadScenario(source.scenario, source.overrides);
    const auto* program = std::get_if<loopscope::Program>(&loaded);
    const int suggested = program ? NodeComparison::suggestedRuns(*program) : 1;
    const int remembered = QSettings().value(QLatin1String(RunsKey), 1).toInt();
    m_runs->setValue(std::max(remembered, suggested));
    m_distribution->clear();
    m_distribution->hide();
    m_nodeConsole->clear();
    m_loopscopeConsole->clear();
    m_progress->setValue(0);
    QString text = tr("Press Run (Enter) to run %1 in Node.js and in LoopScope and compare their consoles.")
                       .arg(source.displayName());
    if (suggested > 1)
        text += QLatin1Char(' ')
            + tr("Its output depends on timing (setTimeout(0) against setImmediate from the main module): %1 runs "
                 "on each side are suggested, to see the distribution.")
                  .arg(suggested);
    if (!program)
        text = std::get<QString>(loaded);
    m_verdict->setText(text);
    m_verdictIcon->setPixmap(style()->standardIcon(verdictIcon(Verdict::None)).pixmap(24));
    m_verdictBox->setStyleSheet(QString());
}

void NodeCompareDialog::run()
{
    if (m_comparison->isRunning())
        return;
    QSettings settings;
    settings.setValue(QLatin1String(RunsKey), m_runs->value());
    settings.setValue(QLatin1String(NodePathKey), m_nodePath->text().trimmed());
    m_comparison->setNodePath(m_nodePath->text());
    // The runs model Node's costs as the window's own runs do.
    m_comparison->setLoopScopeArguments(SessionController::nodeCostArguments());
    m_distribution->clear();
    m_distribution->hide();
    m_nodeConsole->clear();
    m_loopscopeConsole->clear();
    if (!m_comparison->start(m_source, m_runs->value())) {
        showVerdict();
        return;
    }
    m_verdict->setText(tr("Running %1 in Node.js and in LoopScope, one run at a time…").arg(m_source.displayName()));
    setRunning(true);
}

void NodeCompareDialog::reject()
{
    if (m_comparison->isRunning())
        m_comparison->cancel();
    else
        QDialog::reject();
}

QString NodeCompareDialog::verdictText() const
{
    return m_verdict->text();
}

void NodeCompareDialog::setRunning(bool running)
{
    m_run->setEnabled(!running);
    m_cancel->setEnabled(running);
    m_runs->setEnabled(!running);
    m_nodePath->setEnabled(!running);
    if (!running)
        m_run->setFocus();
}

void NodeCompareDialog::showVerdict()
{
    const NodeComparison::Result& result = m_comparison->result();
    const int runs = m_runs->value();
    QString text;
    switch (result.verdict) {
    case Verdict::Agree:
        text = tr("Agree: Node.js and LoopScope printed the same output in every run (%1 on each side).").arg(runs);
        break;
    case Verdict::WithinNode:
        text = tr("LoopScope within Node's outputs: in %1 runs Node.js printed %2 different outputs and LoopScope "
                  "%3, all of them ones Node.js printed too.")
                   .arg(runs)
                   .arg(result.node.size())
                   .arg(result.loopscope.size());
        break;
    case Verdict::Differ:
        text = tr("Differ at line %1: Node.js printed %2, LoopScope %3.")
                   .arg(result.first.line)
                   .arg(quoted(result.first.node, result.first.nodeEnded),
                       quoted(result.first.loopscope, result.first.loopscopeEnded));
        break;
    case Verdict::Failed:
        text = result.error;
        break;
    case Verdict::Cancelled:
        text = tr("Cancelled: no verdict.");
        break;
    case Verdict::None:
        break;
    }
    m_verdict->setText(text);
    m_verdictIcon->setPixmap(style()->standardIcon(verdictIcon(result.verdict)).pixmap(24));
    const QColor color = verdictColor(result.verdict);
    m_verdictBox->setStyleSheet(
        QStringLiteral("#verdictBox { background: rgba(%1, %2, %3, 45); border-left: 4px solid %4; }")
            .arg(color.red())
            .arg(color.green())
            .arg(color.blue())
            .arg(color.name()));
}

void NodeCompareDialog::showDistribution()
{
    const NodeComparison::Result& result = m_comparison->result();
    m_distribution->clear();
    QList<QStringList> outputs;
    for (const auto* side : { &result.node, &result.loopscope }) {
        for (const NodeComparison::Output& output : *side) {
            if (!outputs.contains(output.lines))
                outputs.append(output.lines);
        }
    }
    for (const QStringList& lines : outputs) {
        auto* item = new QTreeWidgetItem(m_distribution);
        item->setText(0, lines.isEmpty() ? tr("(no output)") : lines.join(QStringLiteral(" · ")));
        item->setToolTip(0, lines.join(QLatin1Char('\n')));
        item->setText(1, QString::number(countOf(result.node, lines)));
        item->setText(2, QString::number(countOf(result.loopscope, lines)));
        item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
        item->setTextAlignment(2, Qt::AlignRight | Qt::AlignVCenter);
        item->setData(0, Qt::UserRole, lines);
    }
    m_distribution->setVisible(result.node.size() > 1 || result.loopscope.size() > 1);
}

// Shows one output of each side, with their first difference highlighted on both.
void NodeCompareDialog::showOutputs(int nodeIndex, int loopscopeIndex)
{
    const NodeComparison::Result& result = m_comparison->result();
    const NodeComparison::Output& node = result.node.at(nodeIndex);
    const NodeComparison::Output& loopscope = result.loopscope.at(loopscopeIndex);
    const int line = NodeComparison::firstDifference(node.lines, loopscope.lines).line;
    const int runs = m_runs->value();
    m_nodeTitle->setText(tr("Node.js · printed in %1 of %2 runs").arg(node.count).arg(runs));
    m_loopscopeTitle->setText(tr("LoopScope · printed in %1 of %2 runs").arg(loopscope.count).arg(runs));
    m_nodeConsole->setLines(node.lines, line);
    m_loopscopeConsole->setLines(loopscope.lines, line);
}

// A row shows its output on the sides that printed it; a side that never did shows its most frequent.
void NodeCompareDialog::onRowSelected()
{
    const QList<QTreeWidgetItem*> selected = m_distribution->selectedItems();
    if (selected.isEmpty())
        return;
    const QStringList lines = selected.first()->data(0, Qt::UserRole).toStringList();
    const NodeComparison::Result& result = m_comparison->result();
    const auto indexIn = [&lines](const QList<NodeComparison::Output>& outputs) {
        for (int i = 0; i < outputs.size(); ++i) {
            if (outputs.at(i).lines == lines)
                return i;
        }
        return 0;
    };
    showOutputs(indexIn(result.node), indexIn(result.loopscope));
}
