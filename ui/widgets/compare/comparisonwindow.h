#pragma once

#include "control/comparisonruns.h"

#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

#include <array>

class ConsoleModel;
class LatencyChart;
class LiveFeed;
class PhaseWheel;
class QComboBox;
class QLabel;
class QPushButton;
class QSlider;
class QSplitter;
class QSpinBox;
class QTabWidget;
class StatusModel;
class TimelineView;

// Two runs side by side, in step: each side a built-in scenario as a CommonJS or ES module, with Node 12's
// await or Node 10's, on a thread pool of its size, run to its end; then one playhead moves both, from
// each run's start, through the circles, the timelines, the latency charts and the consoles. The pairs
// the articles compare are one choice each (CommonJS and ES module, Node 10 and 12, a pool of 4 and of 8,
// inline, chunked and worker, nextTick and setImmediate).
class ComparisonWindow : public QWidget
{
    Q_OBJECT

public:
    explicit ComparisonWindow(QWidget* parent = nullptr);
    ~ComparisonWindow() override;

    // One of the articles' comparisons.
    struct Pair
    {
        const char* id;
        const char* title; // translated in the "ComparisonWindow" context
        ComparisonRuns::Side left;
        ComparisonRuns::Side right;
    };
    static const std::vector<Pair>& pairs();

    // Sets the sides as the pair `id` compares them; false when there is no such pair.
    bool choosePair(const QString& id);
    ComparisonRuns::Side side(int index) const;
    void setSide(int index, const ComparisonRuns::Side& side);
    // Runs both sides, one after the other.
    void run();
    bool running() const { return m_runs->isRunning(); }
    ComparisonRuns* runs() const { return m_runs; }
    // The moment both sides show, from each run's start; and how long the longer run lasted.
    std::int64_t atNs() const { return m_atNs; }
    void setAtNs(std::int64_t ns);
    std::int64_t lengthNs() const { return m_lengthNs; }
    LiveFeed* feed(int index) const { return m_panes.at(std::size_t(index)).feed; }
    ConsoleModel* console(int index) const { return m_panes.at(std::size_t(index)).console; }
    // What the status line says: running, the error, or how long each run lasted.
    QString statusText() const;

private:
    struct Pane
    {
        QComboBox* scenario = nullptr;
        QComboBox* module = nullptr;
        QComboBox* awaitModel = nullptr;
        QSpinBox* poolSize = nullptr;
        QLabel* title = nullptr;
        LiveFeed* feed = nullptr;
        StatusModel* status = nullptr;
        ConsoleModel* console = nullptr;
        PhaseWheel* wheel = nullptr;
        QTabWidget* views = nullptr;
        QSplitter* stack = nullptr; // the circle above the tabs
        TimelineView* timeline = nullptr;
        LatencyChart* chart = nullptr;
    };
    QWidget* makePane(int index);
    void setTexts();
    // The playhead's moment and the longer run's length, under the slider.
    void showTime();
    void onFinished(const QString& error);
    void play();
    void advance();

    ComparisonRuns* m_runs = nullptr;
    std::array<Pane, 2> m_panes;
    QComboBox* m_pair = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_play = nullptr;
    QComboBox* m_speed = nullptr;
    QSlider* m_slider = nullptr;
    QLabel* m_time = nullptr;
    QLabel* m_status = nullptr;
    QString m_error;
    int m_runningSide = -1;
    std::int64_t m_atNs = 0;
    std::int64_t m_lengthNs = 0;
    QTimer m_playTimer;
    QElapsedTimer m_playClock;
    std::int64_t m_playFromNs = 0;
};
