#pragma once

#include <QObject>
#include <QStringList>

#include <functional>
#include <memory>
#include <string>

class AttachProcessDialog;
class ConsoleModel;
class FileActions;
class MainWindow;
class NodeRunDialog;
class QAction;
class QTemporaryDir;
class SessionController;

// Real Node.js programs in the window: File > Run with Node… (and --attach) runs one with LoopScope's
// probe inside, File > Attach to a running Node.js process… (and --attach-pid) loads the probe into one
// that runs already; Loop > Label every callback and Follow child processes say what the probe records.
// When the program ends, the console and the status line say how.
class AttachController : public QObject
{
    Q_OBJECT

public:
    AttachController(MainWindow* window, SessionController* controller, ConsoleModel* console, FileActions* files);
    ~AttachController() override;

    // File menu: Run with Node… and Attach to a running Node.js process…, made for the window, which adds
    // them where its menu lists them. Loop menu: Label every callback and Follow child processes.
    QAction* runWithNodeAction() const { return m_runWithNode; }
    QAction* attachToProcessAction() const { return m_attachToProcess; }
    QAction* everyCallbackAction() const { return m_everyCallback; }
    QAction* followChildrenAction() const { return m_followChildren; }

    // Runs the Node.js program `script` with LoopScope's probe inside and shows its loop live (--attach,
    // File > Run with Node…); false, with the error shown, when it cannot.
    bool attachProgram(const QString& script, const QStringList& arguments = {});
    // The node attachProgram() runs (--node): a path, or a name looked up in PATH; empty: `node`.
    void setNode(const QString& node) { m_node = node; }
    // Node's own options that attachProgram() gives before the script (--node-option).
    void setNodeOptions(const QStringList& options) { m_nodeOptions = options; }
    // The programs attached from now on have their child node processes recorded too (--follow-children).
    void setFollowChildren(bool on);
    // Loop > Label every callback (--probe): every callback of a Node.js program labelled, or its phases
    // marked only; a program running is switched.
    void setLabelEveryCallback(bool on);
    // File > Run with Node…: asks for a file or JavaScript to type, then attaches to it; the dialog.
    NodeRunDialog* runWithNode();
    // File > Attach to a running Node.js process… (and --attach-pid): attaches to process `pid` as it runs
    // and shows its loop live; false, with the reason shown, when it cannot.
    bool attachToProcess(int pid);
    // File > Attach to a running Node.js process…: the dialog that lists this user's node processes.
    AttachProcessDialog* chooseProcess();

signals:
    // A Node.js program is shown now, in place of what was.
    void attached();
    // The Node.js program shown has ended (or could not start): `said` says how, in the language of the
    // moment, for the status line.
    void ended(const std::function<QString()>& said);

private:
    void onSessionStarted();
    void onAttachedEnded();
    static QString unseenByTheProbe(const std::string& what);

    MainWindow* m_window = nullptr;
    SessionController* m_controller = nullptr;
    ConsoleModel* m_console = nullptr;
    FileActions* m_files = nullptr;
    QAction* m_runWithNode = nullptr;
    QAction* m_attachToProcess = nullptr;
    QAction* m_everyCallback = nullptr; // while a Node.js program runs
    QAction* m_followChildren = nullptr; // for the next Node.js program
    // Where JavaScript typed into Run with Node… is written to run, for as long as the window lives.
    std::unique_ptr<QTemporaryDir> m_typedScripts;
    QString m_node; // what attachProgram() runs; empty: `node`
    QStringList m_nodeOptions; // node's own options before the script
};
