#pragma once

#include <QMenu>

class SessionController;

// View > Process: for a program followed with its child processes (--follow-children), attached and
// ended or its recording opened, which of them the views show: the program, or one of its children,
// each named by its command line and pid. Disabled for any other.
class ProcessMenu : public QMenu
{
    Q_OBJECT

public:
    ProcessMenu(SessionController* controller, QWidget* parent);

private:
    void rebuild();

    SessionController* m_controller;
};
