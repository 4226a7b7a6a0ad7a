#pragma once

#include "control/offscreenruns.h"
#include "program/program.h"

#include <QDialog>
#include <QList>
#include <QStringList>
#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;

// The distribution of a program's outputs over many runs as horizontal bars, one per distinct output:
// how many runs printed it, in words and as a bar, and the output itself. Colour never says anything
// the text does not.
class OutputBars : public QWidget
{
    Q_OBJECT

public:
    using Output = OffscreenRuns::Output;

    explicit OutputBars(QWidget* parent = nullptr);
    void setOutputs(const QList<Output>& outputs, int totalRuns);
    const QList<Output>& outputs() const { return m_outputs; }
    // "81 of 100 runs (81 %)", as each bar says it.
    static QString countText(int runs, int totalRuns);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    int rowHeight() const;
    void describe();

    QList<Output> m_outputs;
    int m_totalRuns = 0;
};

// Loop > Run many times: runs the program shown again and again on fresh loops, recording nothing, and
// shows the distribution of what it printed as bars while the runs go on. A race (setTimeout(0)
// against setImmediate in a CommonJS main module) shows both orders with their frequencies; a program
// without one shows a single output. Enter runs, Esc stops a run in progress or closes.
class RunManyDialog : public QDialog
{
    Q_OBJECT

public:
    // Runs with the window's Node.js timing (SessionController).
    RunManyDialog(loopscope::Program program, QWidget* parent = nullptr);

    // Starts the runs with the count of the form.
    void run();
    // True from run() until the last run's outputs are shown.
    bool isRunning() const { return m_offscreen->isRunning(); }
    OutputBars* bars() const { return m_bars; }
    QString verdictText() const;

public slots:
    void reject() override;

private:
    void showRuns(const QList<OutputBars::Output>& outputs, int done, int total);
    void finishRuns(bool timedOut);
    void setRunning(bool running);

    loopscope::Program m_program;
    OffscreenRuns* m_offscreen = nullptr;
    QLabel* m_verdict = nullptr;
    QSpinBox* m_runs = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_stop = nullptr;
    QProgressBar* m_progress = nullptr;
    OutputBars* m_bars = nullptr;
};
