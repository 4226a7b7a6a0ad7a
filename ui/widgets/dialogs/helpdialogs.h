#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>

class QAction;
class QWidget;

// The Help menu's windows: every keyboard shortcut with what it does, the circle explained, and
// About (LoopScope's version, the libuv it runs, the Node.js it compares with).
class HelpDialogs
{
    Q_DECLARE_TR_FUNCTIONS(HelpDialogs)

public:
    // A table of `actions` that have a shortcut: key, name, what it does (their status tips).
    static QString shortcutsSheet(const QList<QAction*>& actions);
    static void showShortcuts(QWidget* window, const QList<QAction*>& actions);
    static QString whatAmILookingAt();
    static void showWhatAmILookingAt(QWidget* window);
    // `libuv`: the version the loop runs; Node's is asked of `node --version`.
    static void showAbout(QWidget* window, const QString& libuv);

private:
    static void showText(QWidget* window, const QString& title, const QString& html);
};
