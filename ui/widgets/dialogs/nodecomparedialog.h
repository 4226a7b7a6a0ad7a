#pragma once

#include "control/nodecomparison.h"

#include <QDialog>

class NumberedConsole;
class QFrame;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTreeWidget;

// Compare with Node.js: runs the current program in node and in LoopScope N times each and shows both
// consoles side by side with the first difference highlighted, the distribution of outputs when a
// side printed more than one, and a verdict at the top. Enter runs, Esc cancels a run or closes.
class NodeCompareDialog : public QDialog
{
    Q_OBJECT

public:
    explicit NodeCompareDialog(QWidget* parent = nullptr);

    // The program to compare; the run count becomes what the program suggests when that is more than
    // the remembered count.
    void setSource(const NodeComparison::Source& source);
    NodeComparison::Source source() const { return m_source; }
    NodeComparison* comparison() const { return m_comparison; }
    // Starts the comparison with the runs and node path of the form.
    void run();
    QString verdictText() const;
    QTreeWidget* distribution() const { return m_distribution; }
    NumberedConsole* nodeConsole() const { return m_nodeConsole; }
    NumberedConsole* loopscopeConsole() const { return m_loopscopeConsole; }

public slots:
    // Esc: a run in progress is cancelled, else the dialog closes.
    void reject() override;

private:
    QWidget* createControls();
    QWidget* createConsoles();
    void showVerdict();
    void showDistribution();
    void showOutputs(int nodeIndex, int loopscopeIndex);
    void onRowSelected();
    void setRunning(bool running);

    NodeComparison* m_comparison = nullptr;
    NodeComparison::Source m_source;
    QFrame* m_verdictBox = nullptr;
    QLabel* m_verdictIcon = nullptr;
    QLabel* m_verdict = nullptr;
    QSpinBox* m_runs = nullptr;
    QLineEdit* m_nodePath = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QTreeWidget* m_distribution = nullptr;
    QLabel* m_nodeTitle = nullptr;
    QLabel* m_loopscopeTitle = nullptr;
    NumberedConsole* m_nodeConsole = nullptr;
    NumberedConsole* m_loopscopeConsole = nullptr;
};
