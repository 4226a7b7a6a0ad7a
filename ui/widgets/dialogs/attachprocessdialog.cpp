#include "widgets/dialogs/attachprocessdialog.h"

#include "attach/nodeprocesses.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

AttachProcessDialog::AttachProcessDialog(QWidget* parent)
    : QDialog(parent)
    , m_table(new QTableWidget(0, ColumnCount, this))
{
    setWindowTitle(tr("Attach to a running Node.js process"));
    auto* explanation = new QLabel(tr("LoopScope opens the process's inspector on 127.0.0.1 for as long as it takes "
                                      "to load its probe, then closes it again. Detaching takes the probe out; the "
                                      "program runs on as before."),
        this);
    explanation->setWordWrap(true);
    m_table->setHorizontalHeaderLabels({ tr("PID"), tr("Command line"), tr("Ports") });
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(CommandLineColumn, QHeaderView::Stretch);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_attach = buttons->addButton(tr("Attach"), QDialogButtonBox::AcceptRole);
    QPushButton* again = buttons->addButton(tr("Refresh"), QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(again, &QPushButton::clicked, this, &AttachProcessDialog::refresh);
    connect(m_table, &QTableWidget::itemSelectionChanged, this, [this] { m_attach->setEnabled(pid() > 0); });
    connect(m_table, &QTableWidget::cellDoubleClicked, this, &QDialog::accept);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(explanation);
    layout->addWidget(m_table);
    layout->addWidget(buttons);
    resize(720, 360);
    refresh();
}

int AttachProcessDialog::pid() const
{
    const QList<QTableWidgetItem*> selected = m_table->selectedItems();
    return selected.isEmpty() ? 0 : m_table->item(selected.first()->row(), PidColumn)->text().toInt();
}

void AttachProcessDialog::refresh()
{
    const std::vector<loopscope::wire::NodeProcess> processes = loopscope::wire::nodeProcesses();
    m_table->setRowCount(int(processes.size()));
    for (int row = 0; row < int(processes.size()); ++row) {
        const loopscope::wire::NodeProcess& process = processes[std::size_t(row)];
        QStringList ports;
        for (const int port : process.ports)
            ports << QString::number(port);
        auto* pid = new QTableWidgetItem(QString::number(process.pid));
        pid->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_table->setItem(row, PidColumn, pid);
        m_table->setItem(row, CommandLineColumn, new QTableWidgetItem(QString::fromStdString(process.commandLine)));
        m_table->setItem(row, PortsColumn, new QTableWidgetItem(ports.join(QStringLiteral(", "))));
    }
    m_table->resizeColumnToContents(PidColumn);
    if (!processes.empty())
        m_table->selectRow(0);
    m_attach->setEnabled(pid() > 0);
}
