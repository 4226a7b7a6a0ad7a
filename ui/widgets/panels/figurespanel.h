#pragma once

#include <QTextBrowser>

class LiveFeed;

// Run figures: what the run measured once it has ended (or of a recording opened), the same figures
// --summary prints (engine/figures), in the window's language: loop delay as monitorEventLoopDelay
// reports it, utilisation as eventLoopUtilization computes it, /health, the pool, the longest
// callback, what the probes could not see, and the stretches a program measured, side by side, with
// their cost a step and what ten million steps would take at that pace (an extrapolation, said so).
class FiguresPanel : public QTextBrowser
{
    Q_OBJECT

public:
    explicit FiguresPanel(LiveFeed* feed, QWidget* parent = nullptr);

private:
    void refresh();

    LiveFeed* m_feed;
    bool m_shown = false; // the figures of the ended run are on show
};
