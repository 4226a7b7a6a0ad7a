#pragma once

#include <QDialog>

class QTableWidget;
class QPushButton;

// File > Attach to a running Node.js process…: this user's node processes (pid, command line, the ports
// they listen on), one to attach to without a restart.
class AttachProcessDialog : public QDialog
{
    Q_OBJECT

public:
    enum Columns { PidColumn, CommandLineColumn, PortsColumn, ColumnCount };

    explicit AttachProcessDialog(QWidget* parent = nullptr);

    // The process chosen, or 0.
    int pid() const;
    // Lists the processes again.
    void refresh();

private:
    QTableWidget* m_table;
    QPushButton* m_attach;
};
