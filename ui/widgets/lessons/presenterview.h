#pragma once

#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

class MainWindow;
class QLabel;

// The presenter's view: on a second screen while the room watches the window in presentation mode (or
// as a window of its own, View > Presenter's view), what only the lecturer needs: how long the lecture
// has run, the lesson's scenario and question with its explanation as notes, what the window says runs
// now and next, and what to press next.
class PresenterView : public QWidget
{
    Q_OBJECT

public:
    explicit PresenterView(MainWindow* window, QWidget* parent = nullptr);

    // Shows the view on a screen other than the window's, filling it, when there is one; false when the
    // window has the only screen.
    bool showOnOtherScreen();
    // The texts as shown, for tests: the notes, what runs next, what to press.
    QString notesText() const;
    QString nowText() const;
    QString nextText() const;

protected:
    void showEvent(QShowEvent* event) override;

private:
    void refresh();
    void setTexts();

    MainWindow* m_window;
    QTimer m_refresh;
    QElapsedTimer m_shown;
    QLabel* m_clock = nullptr;
    QLabel* m_title = nullptr;
    QLabel* m_question = nullptr;
    QLabel* m_nowHeading = nullptr;
    QLabel* m_now = nullptr;
    QLabel* m_nextHeading = nullptr;
    QLabel* m_next = nullptr;
    QLabel* m_notesHeading = nullptr;
    QLabel* m_notes = nullptr;
};
