#pragma once

#include "catalog/scenariocatalog.h"
#include "control/offscreenruns.h"
#include "figures/figures.h"

#include <QElapsedTimer>
#include <QStringList>
#include <QWidget>

#include <functional>
#include <optional>

class QLabel;
class QListWidget;
class QPushButton;
class QRadioButton;
class QScrollArea;

// A guessing lesson on the scenario selected: the question first, then the student's guess, then the
// real run in the window and the answer, and why, in the scenario's own words, with the panel to look
// at rung.
//
// Three kinds of question (Question). A program the built-in server is probed beside asks whether
// /health answers while it runs (yes, within a few milliseconds, or no, it waits), answered by the
// slowest /health answer of the run; a program that keeps the loop busy with nothing to order asks the
// same of the loop's own delay check, answered by the longest loop delay; both raise the latency chart.
// Any other program asks for the order of the lines it prints, shuffled, to be put in the order the
// student expects (drag them, or Alt+Up and Alt+Down), answered line by line, with the console to look
// at; the lines are found by running the program off screen first, and a program whose order changes
// from run to run is taught as a race (any order Node prints is an answer, Run many times shows how
// often).
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
    // What the lesson asks: the order of the lines the program prints; whether /health keeps being
    // answered while it runs (a program the built-in server is probed beside); or whether the loop's own
    // delay check keeps running on time (a program kept busy with the delay monitor on and no order to
    // guess: json-parse, redos, whose lines come in the order they are written, or one printing fewer
    // than two lines).
    enum class Question { Order, Health, Delay };
    Q_ENUM(Question)
    Question asks() const { return m_asks; }
    // Whether /health, or the delay check, kept up, as the student guessed it; nullopt before a guess.
    std::optional<bool> keepsUpGuess() const;
    void setKeepsUpGuess(bool keepsUp);
    // What a run's figures say of the wait the question asks about: the slowest /health answer, or the
    // longest loop delay (< 0: none was measured), and how many /health requests got no answer at all.
    struct Wait
    {
        double slowestMs = -1;
        int failed = 0;
    };
    static Wait waitOf(Question asked, const loopscope::Figures& figures);
    // Whether a run kept up, as the answer says: its slowest wait within the question's bound, and no
    // request unanswered.
    static bool keptUp(Question asked, const Wait& wait);
    static bool keptUp(Question asked, const loopscope::Figures& figures)
    {
        return keptUp(asked, waitOf(asked, figures));
    }
    // The run asked for started held before its main module (stepping): says what to press next, until
    // the run ends and the answer replaces it.
    void showHeld();
    // The run asked for has ended in the window, having printed `printed`: shows the answer.
    void showRun(const QStringList& printed);
    // The run asked for has ended with these figures: shows the answer of a /health or a delay lesson, from
    // the wait the question asks about (waitOf), and what the probes could not see beside it
    // (FigureTexts::beforeLoop).
    void showWait(const loopscope::Figures& figures);
    // The answer as shown; empty before a run has ended.
    QString answerText() const;
    // What the lesson says to press next while the run is held (showHeld()); empty otherwise.
    QString promptText() const;
    // For the presenter's eyes only (the presenter's view): the scenario's title even while the lesson keeps it
    // from the room, the question as asked, and the scenario's own explanation.
    QString scenarioTitle() const { return m_loaded ? fullTitle() : QString(); }
    QString questionText() const;
    QString notes() const { return m_loaded ? description() : QString(); }
    // The font of the lines, a console's (the window scales it with the rest).
    void setCodeFont(const QFont& font);
    // A run of the window's own is about to start: the offscreen runs that find the lesson's lines stop
    // and let go of the thread pool first. With too few runs done, they start again when the run has
    // ended (resumeProbing()).
    void yieldToRun();
    void resumeProbing();
    // While the offscreen runs that find the lesson's lines are going.
    bool probing() const { return m_probe->isRunning(); }

signals:
    // Run and check: the window runs the scenario and calls showRun() when it ends.
    void runRequested(const QString& name, const ScenarioCatalog::Overrides& overrides);
    // The answer is about what the panel named `dockName` shows: the window brings it forward and rings it.
    void lookAt(const QString& dockName);

protected:
    void showEvent(QShowEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // Runs the program off screen to find its lines (an order lesson), or asks about /health.
    void prepare();
    // Asks whether /health or the delay check keeps up.
    void askWhetherItKeepsUp();
    // Shows the list of lines or the /health choices, as the lesson asks.
    void showQuestionWidgets();
    // The question, and the answer (rich text; none when empty), written now and again in the language the
    // user switches to.
    void setQuestion(std::function<QString()> question);
    void setAnswer(std::function<QString()> html);
    void onProbed(bool timedOut);
    // The scenario's title and description, in the language of the moment.
    QString fullTitle() const;
    QString description() const;
    void showTitle();
    // The title and the question are never cut: they get the height their lines need at the panel's
    // width, and the list of lines below takes what is left (it scrolls).
    void fitLabels();
    void setTexts();

    QString m_scenario;
    ScenarioCatalog::Overrides m_overrides;
    std::function<QString()> m_questionText;
    std::function<QString()> m_answerText;
    bool m_held = false; // the answer area says what to press next (showHeld), not the answer
    bool m_titleShown = false; // a /health or delay lesson names its scenario only, until the run
    loopscope::Program m_program;
    bool m_loaded = false; // a scenario is selected and its program loaded
    bool m_prepared = false;
    int m_probeRuns = 0; // of the offscreen runs, done so far
    QList<QStringList> m_outputs; // what the off-screen runs printed, each distinct output once
    QLabel* m_title = nullptr;
    QLabel* m_question = nullptr;
    QListWidget* m_lines = nullptr;
    Question m_asks = Question::Order;
    QWidget* m_keepsUpChoices = nullptr;
    QRadioButton* m_keepsUp = nullptr; // "yes, it keeps answering"
    QRadioButton* m_waits = nullptr; // "no, it waits"
    QPushButton* m_up = nullptr;
    QPushButton* m_down = nullptr;
    QPushButton* m_run = nullptr;
    QLabel* m_answer = nullptr;
    QScrollArea* m_answerArea = nullptr;
    OffscreenRuns* m_probe = nullptr;
    QElapsedTimer m_probing;
};
