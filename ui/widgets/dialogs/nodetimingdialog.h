#pragma once

#include "control/nodecalibration.h" // NodeCosts, as control measures and keeps them

#include <QDialog>

class QLabel;
class QMenu;
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

    // Adds Node.js timing… and Calibrate with this machine's Node.js… to `menu`, for `window`.
    static void addActions(QMenu* menu, QWidget* window);
    // Measures this machine's Node.js with a progress dialog that can cancel it (NodeCalibration), keeps the
    // figures and makes runs started afterwards model them; false when it failed or was cancelled.
    static bool calibrate(QWidget* window);
    // The costs the user chose last time (this machine's calibration, else Node 20's figures, at first).
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
    QLabel* m_calibration = nullptr;
};
