#pragma once

#include <QDialog>
#include <QString>
#include <QStringList>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QRadioButton;

// File > Run with Node…: which Node.js program to run with LoopScope's probe inside, a file or
// JavaScript typed or pasted into the dialog, and its arguments. The choice is remembered.
class NodeRunDialog : public QDialog
{
    Q_OBJECT

public:
    explicit NodeRunDialog(QWidget* parent = nullptr);

    // What to run once accepted: the file chosen, or the JavaScript typed (written to `typedPath`,
    // where the caller keeps it for as long as the program may run); empty when the file could not be
    // written (`error` says why).
    QString script(const QString& typedPath, QString* error) const;
    QStringList arguments() const;

    static constexpr const char* FileKey = "node/file";
    static constexpr const char* SourceKey = "node/source";
    static constexpr const char* ArgumentsKey = "node/arguments";
    static constexpr const char* TypedKey = "node/typed";

    // For tests: the form's parts.
    QRadioButton* fileChoice() const { return m_fileChoice; }
    QRadioButton* typedChoice() const { return m_typedChoice; }
    QLineEdit* fileEdit() const { return m_file; }
    QPlainTextEdit* sourceEdit() const { return m_source; }

    void accept() override;

private:
    void setTexts();
    void updateRun();

    QLabel* m_intro = nullptr;
    QRadioButton* m_fileChoice = nullptr;
    QLineEdit* m_file = nullptr;
    QPushButton* m_browse = nullptr;
    QRadioButton* m_typedChoice = nullptr;
    QPlainTextEdit* m_source = nullptr;
    QLabel* m_argumentsLabel = nullptr;
    QLineEdit* m_arguments = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};
