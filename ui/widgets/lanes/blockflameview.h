#pragma once

#include "models/icicle.h"
#include "recording/blockprofiles.h"

#include <QWidget>

#include <optional>
#include <vector>

class LiveFeed;

// Which function blocked: the icicle of a blocked callback's sampled JavaScript stacks (an attached
// program's), beside the timeline. It shows the callback selected in the timeline; with none selected, the
// one blocking the main loop now, live, else the one that blocked last. The outermost frame is at the top,
// each frame's width its share of the samples; the program's own frames are drawn warm, Node's grey.
class BlockFlameView : public QWidget
{
    Q_OBJECT

public:
    explicit BlockFlameView(LiveFeed* feed, QWidget* parent = nullptr);

    // The callback selected in the timeline (its thread and start), or none (thread < 0).
    void showCallback(int thread, qint64 startNs);
    // What is shown: the profile, if any, and its boxes.
    const std::optional<loopscope::BlockProfile>& profile() const { return m_profile; }
    const std::vector<IcicleBox>& boxes() const { return m_boxes; }
    // The label of the box at `pos`, or an empty string.
    QString frameAt(const QPoint& pos) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    void refresh();
    QRectF boxRect(const IcicleBox& box) const;
    int rowHeight() const;
    QString caption() const;

    LiveFeed* m_feed;
    int m_thread = -1;
    qint64 m_startNs = 0;
    std::optional<loopscope::BlockProfile> m_profile;
    std::vector<IcicleBox> m_boxes;
    bool m_live = false; // the profile is that of the callback blocking now
};
