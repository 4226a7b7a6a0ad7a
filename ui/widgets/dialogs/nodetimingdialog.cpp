#include "widgets/dialogs/nodetimingdialog.h"

#include "control/nodecalibration.h"
#include "control/sessioncontroller.h"
#include "models/timemapping.h"
#include "widgets/window/language.h"
#include "widgets/window/progresstask.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <QScrollBar>
#include <QSettings>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace {

constexpr auto PercentKey = "nodeCosts/percent";
constexpr auto GapKey = "nodeCosts/startupGapUs";
// The node that Compare with Node.js runs; the calibration measures the same one.
constexpr auto NodePathKey = "compare/nodePath";

struct CostRow
{
    const char* operation; // shown as it is written in JavaScript
    loopscope::OpKind kind;
};

constexpr CostRow Operations[] = {
    { "console.log", loopscope::OpKind::Log },
    { "process.nextTick", loopscope::OpKind::NextTick },
    { "queueMicrotask", loopscope::OpKind::QueueMicrotask },
    { "Promise.then", loopscope::OpKind::Promise },
    { "async function", loopscope::OpKind::Async },
    { "setTimeout", loopscope::OpKind::SetTimeout },
    { "setInterval", loopscope::OpKind::SetInterval },
    { "setImmediate", loopscope::OpKind::SetImmediate },
    { "fs.readFile", loopscope::OpKind::ReadFile },
    { "fs.stat", loopscope::OpKind::Stat },
    { "fs.open, fs.read, fs.close", loopscope::OpKind::Open },
    { "fs.createReadStream", loopscope::OpKind::ReadStream },
    { "dns.lookup", loopscope::OpKind::DnsLookup },
    { "crypto.pbkdf2", loopscope::OpKind::Pbkdf2 },
    { "AbortController.abort", loopscope::OpKind::Abort },
    { "new Error", loopscope::OpKind::Throw },
    { "new Worker", loopscope::OpKind::Worker },
};

QString tenthsOfMicroseconds(std::uint32_t tenths)
{
    // Nothing modelled reads better as a dash than as "0 ns".
    return tenths == 0 ? QStringLiteral("—") : TimeMapping::formatDuration(std::int64_t(tenths) * 100);
}

QString microseconds(std::uint32_t us)
{
    return tenthsOfMicroseconds(us * 10);
}

} // namespace

NodeTimingDialog::NodeTimingDialog(QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Node.js timing"));
    auto* intro = new QLabel(tr("Node.js spends time where LoopScope takes microseconds: its first console.log "
                                "sets up stdout, each new line of JavaScript is set up the first time it runs, a "
                                "worker boots a JavaScript engine, and start-up work runs between the main module "
                                "and the first iteration. LoopScope spends the same time on its loop thread, so "
                                "libuv's millisecond clock and the thread pool decide races such as setTimeout(0) "
                                "against setImmediate as often as they do in Node. The figures were measured with "
                                "Node 20 (scripts/calibrate-node-costs.js); they apply to runs started afterwards."),
        this);
    intro->setWordWrap(true);

    m_percent = new QSpinBox(this);
    m_percent->setRange(0, 1000);
    m_percent->setSuffix(tr(" %"));
    m_percent->setToolTip(tr("100 %: as measured. A slower machine than the calibration's spends more (try 200 "
                             "%); 0 % models no cost at all, and the main module's races then go LoopScope's way "
                             "(the immediate first)."));
    m_gap = new QSpinBox(this);
    m_gap->setRange(0, 100000);
    m_gap->setSuffix(tr(" µs"));
    m_gap->setToolTip(tr("Node's work between the main module's drain and the first timers phase. With the "
                         "first setImmediate's own cost it makes main-race print \"timeout\" first in about one "
                         "run in four, as Node 20 did (24 of 100 runs)."));
    auto* form = new QFormLayout;
    form->addRow(tr("Scale of the measured costs:"), m_percent);
    form->addRow(tr("Start-up gap:"), m_gap);

    m_table = new QTableWidget(0, 4, this);
    m_table->setHorizontalHeaderLabels({ tr("Operation"), tr("First use"), tr("Each new line"), tr("Each later run") });
    m_table->horizontalHeaderItem(1)->setToolTip(
        tr("What Node spends the first time a thread uses the operation (its cold path), beyond a second use."));
    m_table->horizontalHeaderItem(2)->setToolTip(
        tr("What Node spends on the first run of each further line that calls it: V8 sets the line up."));
    m_table->horizontalHeaderItem(3)->setToolTip(
        tr("What Node spends each time a line that already ran calls it again, in a loop, once the thread has "
           "used the operation %1 times (until then Node's code for it is still warming, and a line run again "
           "costs what a new line does); below a microsecond it is left out.")
            .arg(loopscope::NodeCosts::WarmUses));
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setToolTip(tr("The modelled times: Node 20's, measured by scripts/calibrate-node-costs.js, times the "
                           "scale above."));
    m_raceNote = new QLabel(this);
    m_raceNote->setWordWrap(true);
    m_calibration = new QLabel(this);
    m_calibration->setWordWrap(true);
    m_calibration->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    QPushButton* measured = buttons->addButton(tr("Node 20's figures"), QDialogButtonBox::ResetRole);
    measured->setToolTip(tr("Back to the figures measured with Node 20: 100 % and its start-up gap."));
    connect(measured, &QPushButton::clicked, this, &NodeTimingDialog::restoreMeasured);
    QPushButton* calibrateButton = buttons->addButton(tr("Calibrate…"), QDialogButtonBox::ActionRole);
    calibrateButton->setToolTip(tr("Measure this machine's Node.js now and use its figures."));
    connect(calibrateButton, &QPushButton::clicked, this, [this] {
        if (calibrate(this))
            restoreMeasured();
    });
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_raceNote);
    layout->addWidget(m_calibration);
    layout->addWidget(buttons);

    const loopscope::NodeCosts saved = savedCosts();
    const QSettings settings;
    m_percent->setValue(settings.value(QLatin1String(PercentKey), 100).toInt());
    m_gap->setValue(int(saved.startupGapUs));
    connect(m_percent, &QSpinBox::valueChanged, this, [this](int percent) {
        // The gap follows the scale unless the user set it apart.
        m_gap->setValue(int(NodeCalibration::baseCosts().scaled(percent).startupGapUs));
        refresh();
    });
    connect(m_gap, &QSpinBox::valueChanged, this, &NodeTimingDialog::refresh);
    refresh();
    // Wide enough for every column in every language, as tall as the screen allows.
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->resizeColumnsToContents();
    const int tableWidth = m_table->horizontalHeader()->length() + 2 * m_table->frameWidth()
        + m_table->verticalScrollBar()->sizeHint().width();
    m_table->horizontalHeader()->setStretchLastSection(true);
    const int screenHeight = screen() ? screen()->availableGeometry().height() : 768;
    resize(std::max(560, tableWidth + layout->contentsMargins().left() + layout->contentsMargins().right()),
        std::min(720, screenHeight - 40));
}

loopscope::NodeCosts NodeTimingDialog::savedCosts()
{
    const QSettings settings;
    const int percent = std::clamp(settings.value(QLatin1String(PercentKey), 100).toInt(), 0, 1000);
    loopscope::NodeCosts costs = NodeCalibration::baseCosts().scaled(percent);
    if (settings.contains(QLatin1String(GapKey)))
        costs.startupGapUs = std::uint32_t(std::clamp(settings.value(QLatin1String(GapKey)).toInt(), 0, 100000));
    return costs;
}

loopscope::NodeCosts NodeTimingDialog::costs() const
{
    loopscope::NodeCosts costs = NodeCalibration::baseCosts().scaled(m_percent->value());
    costs.startupGapUs = std::uint32_t(m_gap->value());
    return costs;
}

void NodeTimingDialog::save() const
{
    QSettings settings;
    settings.setValue(QLatin1String(PercentKey), m_percent->value());
    settings.setValue(QLatin1String(GapKey), m_gap->value());
}

void NodeTimingDialog::restoreMeasured()
{
    m_percent->setValue(100);
    m_gap->setValue(int(NodeCalibration::baseCosts().startupGapUs));
    refresh();
}

void NodeTimingDialog::refresh()
{
    const loopscope::NodeCosts modelled = costs();
    auto setRow = [this](int row, const QString& what, const std::array<QString, 3>& times) {
        m_table->setItem(row, 0, new QTableWidgetItem(what));
        for (int column = 1; column <= 3; ++column) {
            auto* item = new QTableWidgetItem(times[std::size_t(column - 1)]);
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(row, column, item);
        }
    };
    // Spent once, where Node runs its own code rather than one of the program's lines.
    const std::pair<QString, std::uint32_t> once[] = {
        { tr("dns.lookup's second call"), modelled.secondUse(loopscope::OpKind::DnsLookup) },
        { tr("what console.log's first use saves the first process.nextTick"),
            modelled.warmedByLogUs[std::size_t(loopscope::OpKind::NextTick)] },
        { tr("what console.log's first use saves the first queueMicrotask"),
            modelled.warmedByLogUs[std::size_t(loopscope::OpKind::QueueMicrotask)] },
        { tr("the thread pool's start (4 threads)"), modelled.poolStartUs(4) },
        { tr("the thread pool's start while a worker boots, beyond that"), modelled.poolBesideWorkerBootUs },
        { tr("the first promise rejected with no handler"), modelled.firstUnhandledRejectionUs },
        { tr("the first rejection checked after a drain"), modelled.rejectionsProcessedUs },
        { tr("the main module's end to the first callback"), modelled.firstCallbackUs },
        { tr("the same, more when the main module used console.log"), modelled.firstCallbackAfterLogUs },
        { tr("the first timer callback's return, beyond a later one's"), modelled.firstTimerReturnUs },
        { tr("a worker's start-up"), modelled.workerStartUs },
        { tr("a worker's first console.log"), modelled.workerFirstLogUs },
        { tr("a worker's script, from its last line to its end"), modelled.workerScriptEndUs },
        { tr("the parent's first take-in of a worker's lines, before it prints them"),
            modelled.workerLinesFirstTakenUs },
        { tr("the parent's first take-in of a worker's lines, after it asks for more"),
            modelled.workerLinesFirstAskedUs },
        { tr("a worker's first write of the lines it held"), modelled.workerHeldLinesFirstSentUs },
        { tr("an ES module's end"), modelled.esmModuleEndUs },
        { tr("the HTTP server's listen"), modelled.serverListenUs },
        { tr("the HTTP server's first request, beyond a later one"), modelled.serverFirstUs },
        { tr("the same, after the script's own first http.get"), modelled.serverFirstAfterClientUs },
        { tr("each request the HTTP server answers"), modelled.serverRequestUs },
        { tr("the first http.get"), modelled.httpGetFirstUs },
    };
    m_table->setRowCount(int(std::size(Operations) + std::size(once)));
    int row = 0;
    for (const CostRow& cost : Operations) {
        // A first use's whole cost: what it spends before the op takes effect and after.
        setRow(row++, QString::fromLatin1(cost.operation),
            { microseconds(modelled.firstUse(cost.kind) + modelled.afterFirstUse(cost.kind)),
                tenthsOfMicroseconds(modelled.siteTenths(cost.kind)),
                tenthsOfMicroseconds(modelled.callTenths(cost.kind)) });
    }
    for (const auto& [what, us] : once)
        setRow(row++, what, { microseconds(us), QString(), QString() });
    // setTimeout(0) then setImmediate in the main module: the timer wins when a millisecond tick falls
    // between them, which the immediate's first use and the gap make likely in proportion to their sum.
    const std::uint32_t span = modelled.afterFirstUse(loopscope::OpKind::SetTimeout)
        + modelled.firstUse(loopscope::OpKind::SetImmediate) + modelled.startupGapUs;
    m_raceNote->setText(tr("main-race: about %1 µs pass between its setTimeout(0) and the first timers phase, so "
                           "the timer should win in about %2 % of runs (Node 20: 24 %).")
                            .arg(span)
                            .arg(std::min(100U, span / 10)));
    const std::optional<NodeCalibration::Result> calibration = NodeCalibration::stored();
    m_calibration->setText(calibration
            ? tr("Calibrated on this machine (these figures replace Node 20's):") + QLatin1Char('\n')
                + NodeCalibration::describe(*calibration)
            : tr("Not calibrated on this machine: the figures are Node 20's on the development machine. "
                 "Calibrate… measures this machine's Node.js."));
}

void NodeTimingDialog::addActions(QMenu* menu, QWidget* window)
{
    QAction* timing = menu->addAction(QString());
    Language::follow(timing, [timing] {
        timing->setText(tr("Node.js &timing…"));
        timing->setToolTip(tr("The time Node.js spends that LoopScope models (its first console.log, a worker's "
                              "start-up, the start-up gap): it decides races such as setTimeout(0) against "
                              "setImmediate."));
    });
    QObject::connect(timing, &QAction::triggered, window, [window] {
        NodeTimingDialog dialog(window);
        if (dialog.exec() != QDialog::Accepted)
            return;
        dialog.save();
        SessionController::setNodeCosts(dialog.costs());
    });
    QAction* calibration = menu->addAction(QString());
    calibration->setObjectName(QStringLiteral("calibrateNodeAction"));
    Language::follow(calibration, [calibration] {
        calibration->setText(tr("Cali&brate with this machine's Node.js…"));
        calibration->setToolTip(tr("Runs Node.js a few hundred times to measure what it spends on this machine "
                                   "(its first console.log, the start-up gap, a worker's first line) and models "
                                   "that from now on, so Run many times shows this machine's distribution."));
    });
    QObject::connect(calibration, &QAction::triggered, window, [window] { calibrate(window); });
}

bool NodeTimingDialog::calibrate(QWidget* window)
{
    const QString node = QSettings().value(QLatin1String(NodePathKey), QStringLiteral("node")).toString();
    auto measured = std::make_shared<std::optional<NodeCalibration::Result>>();
    ProgressTask task;
    const ProgressTask::Result outcome = task.run(window, tr("Measuring %1 on this machine…").arg(node),
        [measured, node](const loopscope::Progress& progress, std::string* error) {
            QString why;
            *measured = NodeCalibration::measure(node, 15, progress, &why);
            *error = why.toStdString();
            return measured->has_value();
        });
    if (outcome.outcome == ProgressTask::Outcome::Failed)
        QMessageBox::warning(window, tr("Cannot calibrate"), outcome.error);
    if (outcome.outcome != ProgressTask::Outcome::Succeeded || !*measured)
        return false;
    NodeCalibration::store(**measured);
    // The calibration's gap from now on, at the scale the user chose.
    QSettings().remove(QLatin1String(GapKey));
    SessionController::setNodeCosts(savedCosts());
    QMessageBox::information(window, tr("Calibrated"), NodeCalibration::describe(**measured));
    return true;
}
