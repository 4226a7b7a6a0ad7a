#pragma once

#include "catalog/scenariocatalog.h"
#include "models/offscreenruns.h"

#include <QElapsedTimer>
#include <QStringList>
#include <QWidget>

class QLabel;
class QListWidget;
class QPushButton;

// A guessing lesson on the scenario selected: the question first, then the lines the program prints,
// shuffled, to be put in the order the student expects (drag them, or Alt+Up and Alt+Down), then the
// real run in the window and the answer: which lines were placed right, and why, in the scenario's own
// words. The lines are found by running the program off screen first; a program whose order changes
// from run to run is taught as a race (any order Node prints is an answer, Run many times shows how often).
class LessonPanel : public QWidget
{
    Q_OBJECT

public:
    explicit LessonPanel(QWidget* parent = nullptr);

    // Prepares the lesson of the scenario `name`; its lines come a moment later (ready()).
    void setScenario(const QString& name, const ScenarioCatalog::Overrides& overrides = {});
    QString scenario() const { return m_scenario; }
    // True once the lines to order are there (false for a program that prints fewer than two).
    bool ready() const;
    // The order the student has put the lines in, and moves one (Alt+Up, Alt+Down).
    QStringList guess() const;
    void moveLine(int from, int to);
    // The run asked for has ended in the window, having printed `printed`: shows the answer.
    void showRun(const QStringList& printed);
    // The answer as shown; empty before a run.
    QString answerText() const;
    // The font of the lines, a console's (the window scales it with the rest).
    void setCodeFont(const QFont& font);

signals:
    // Run and check: the window runs the scenario and calls showRun() when it ends.
    void runRequested(const QString& name, const ScenarioCatalog::Overrides& overrides);

protected:
    void showEvent(QShowEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // Runs the program off screen to find its lines.
    void prepare();
    void onProbed(bool timedOut);

    QString m_scenario;
    ScenarioCatalog::Overrides m_overrides;
    QString m_description;
    loopscope::Program m_program;
    bool m_prepared = false;
    QList<QStringList> m_outputs; // what the off-screen runs printed, each distinct output once
    QLabel* m_title = nullptr;
    QLabel* m_question = nullptr;
    QListWidget* m_lines = nullptr;
    QPushButton* m_up = nullptr;
    QPushButton* m_down = nullptr;
    QPushButton* m_run = nullptr;
    QLabel* m_answer = nullptr;
    OffscreenRuns* m_probe = nullptr;
    QElapsedTimer m_probing;
};
