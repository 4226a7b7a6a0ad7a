#include "widgets/nodetimingdialog.h"

#include "models/timemapping.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace {

constexpr auto PercentKey = "nodeCosts/percent";
constexpr auto GapKey = "nodeCosts/startupGapUs";

struct CostRow
{
    const char* operation; // shown as it is written in JavaScript
    loopscope::OpKind kind;
};

constexpr CostRow FirstUses[] = {
    { "console.log", loopscope::OpKind::Log },
    { "process.nextTick", loopscope::OpKind::NextTick },
    { "queueMicrotask", loopscope::OpKind::QueueMicrotask },
    { "setTimeout", loopscope::OpKind::SetTimeout },
    { "setInterval", loopscope::OpKind::SetInterval },
    { "setImmediate", loopscope::OpKind::SetImmediate },
    { "fs.readFile", loopscope::OpKind::ReadFile },
    { "dns.lookup", loopscope::OpKind::DnsLookup },
    { "crypto.pbkdf2", loopscope::OpKind::Pbkdf2 },
};

QString microseconds(std::uint32_t us)
{
    return TimeMapping::formatDuration(std::int64_t(us) * 1000);
}

} // namespace

NodeTimingDialog::NodeTimingDialog(QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Node.js timing"));
    auto* intro = new QLabel(tr("Node.js spends time where LoopScope takes microseconds: its first console.log "
                                "sets up stdout, a worker boots a JavaScript engine, and start-up work runs between "
                                "the main module and the first iteration. LoopScope spends the same time on its "
                                "loop thread, so libuv's millisecond clock decides races such as setTimeout(0) "
                                "against setImmediate as often as it does in Node. The figures were measured with "
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

    m_table = new QTableWidget(int(std::size(FirstUses)) + 1, 3, this);
    m_table->setHorizontalHeaderLabels({ tr("First use of"), tr("Node 20"), tr("Modelled") });
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setToolTip(tr("What Node spends the first time a thread uses each operation, beyond a second use. "
                           "Later uses cost LoopScope's own (shorter) time."));
    m_raceNote = new QLabel(this);
    m_raceNote->setWordWrap(true);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    QPushButton* measured = buttons->addButton(tr("Node 20's figures"), QDialogButtonBox::ResetRole);
    measured->setToolTip(tr("Back to the figures measured with Node 20: 100 % and its start-up gap."));
    connect(measured, &QPushButton::clicked, this, &NodeTimingDialog::restoreMeasured);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_raceNote);
    layout->addWidget(buttons);

    const loopscope::NodeCosts saved = savedCosts();
    const QSettings settings;
    m_percent->setValue(settings.value(QLatin1String(PercentKey), 100).toInt());
    m_gap->setValue(int(saved.startupGapUs));
    connect(m_percent, &QSpinBox::valueChanged, this, [this](int percent) {
        // The gap follows the scale unless the user set it apart.
        m_gap->setValue(int(loopscope::NodeCosts::node20().scaled(percent).startupGapUs));
        refresh();
    });
    connect(m_gap, &QSpinBox::valueChanged, this, &NodeTimingDialog::refresh);
    refresh();
    resize(560, 600);
}

loopscope::NodeCosts NodeTimingDialog::savedCosts()
{
    const QSettings settings;
    const int percent = std::clamp(settings.value(QLatin1String(PercentKey), 100).toInt(), 0, 1000);
    loopscope::NodeCosts costs = loopscope::NodeCosts::node20().scaled(percent);
    if (settings.contains(QLatin1String(GapKey)))
        costs.startupGapUs = std::uint32_t(std::clamp(settings.value(QLatin1String(GapKey)).toInt(), 0, 100000));
    return costs;
}

loopscope::NodeCosts NodeTimingDialog::costs() const
{
    loopscope::NodeCosts costs = loopscope::NodeCosts::node20().scaled(m_percent->value());
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
    m_gap->setValue(int(loopscope::NodeCosts::node20().startupGapUs));
}

void NodeTimingDialog::refresh()
{
    const loopscope::NodeCosts measured = loopscope::NodeCosts::node20();
    const loopscope::NodeCosts modelled = costs();
    auto setRow = [this](int row, const QString& what, std::uint32_t node, std::uint32_t ours) {
        m_table->setItem(row, 0, new QTableWidgetItem(what));
        m_table->setItem(row, 1, new QTableWidgetItem(microseconds(node)));
        m_table->setItem(row, 2, new QTableWidgetItem(microseconds(ours)));
        for (int column : { 1, 2 })
            m_table->item(row, column)->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    };
    int row = 0;
    for (const CostRow& cost : FirstUses) {
        setRow(row++, QString::fromLatin1(cost.operation), measured.firstUse(cost.kind), modelled.firstUse(cost.kind));
    }
    setRow(row, tr("a worker's start-up"), measured.workerStartUs, modelled.workerStartUs);
    // setTimeout(0) then setImmediate in the main module: the timer wins when a millisecond tick falls
    // between them, which the immediate's first use and the gap make likely in proportion to their sum.
    const std::uint32_t span = modelled.firstUse(loopscope::OpKind::SetImmediate) + modelled.startupGapUs;
    m_raceNote->setText(tr("main-race: about %1 µs pass between its setTimeout(0) and the first timers phase, so "
                           "the timer should win in about %2 % of runs (Node 20: 24 %).")
                            .arg(span)
                            .arg(std::min(100U, span / 10)));
}
