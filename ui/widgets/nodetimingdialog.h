#pragma once

#include "runtime/nodecosts.h"

#include <QDialog>

class QLabel;
class QSpinBox;
class QTableWidget;

// Shows and sets the time Node.js spends that LoopScope models (NodeCosts): Node 20's measured
// figures, scaled by a percentage for a slower or faster machine, and the start-up gap. The choice is
// remembered and applies to runs started afterwards.
class NodeTimingDialog : public QDialog
{
    Q_OBJECT

public:
    explicit NodeTimingDialog(QWidget* parent = nullptr);

    // The costs the user chose last time (Node 20's figures at first).
    static loopscope::NodeCosts savedCosts();
    // The costs the dialog shows now.
    loopscope::NodeCosts costs() const;
    // Remembers costs() for the next start.
    void save() const;

private:
    void restoreMeasured();
    void refresh();

    QSpinBox* m_percent = nullptr;
    QSpinBox* m_gap = nullptr;
    QTableWidget* m_table = nullptr;
    QLabel* m_raceNote = nullptr;
};
