#pragma once

#include <QByteArray>
#include <QKeySequence>
#include <QWidget>

#include <vector>

class QComboBox;
class QPushButton;
class QSpinBox;

// Buttons that inject a workload into the running loop, each with its
// parameters. A click builds a small program (SPEC section 5) and hands it on
// through workloadRequested(); the window parses and injects it.
class WorkloadPalette : public QWidget
{
    Q_OBJECT

public:
    enum class Workload {
        Block,
        MicrotaskChain,
        NextTickStorm,
        TimeoutChunks,
        ImmediateChunks,
        Pbkdf2,
        ReadFile,
        DnsLookup,
        HttpGet,
        Worker,
        JsonParse,
        Regex,
    };
    static constexpr int WorkloadCount = 12;

    // The parameters of one workload; unused ones stay at zero.
    struct Parameters
    {
        int first = 0;
        int second = 0;
        bool vulnerable = true; // regex
    };

    explicit WorkloadPalette(QWidget* parent = nullptr);

    // The program text of a workload with its parameters.
    static QByteArray program(Workload workload, const Parameters& parameters);
    // A short description for the console, such as "block 300 ms".
    static QString summary(Workload workload, const Parameters& parameters);
    static QString buttonText(Workload workload);
    static QString explanation(Workload workload);
    static QKeySequence shortcut(Workload workload);
    static Parameters defaults(Workload workload);

    Parameters parameters(Workload workload) const;
    QPushButton* button(Workload workload) const;
    // Sets the parameters shown for a workload (tests and scripted demos).
    void setParameters(Workload workload, const Parameters& parameters);
    // Presses the button of a workload.
    void trigger(Workload workload);

signals:
    void workloadRequested(const QByteArray& program, const QString& summary);

private:
    // The buttons, units and tooltips, in the language of the moment.
    void setTexts();

    struct Row
    {
        QPushButton* button = nullptr;
        QSpinBox* first = nullptr;
        QSpinBox* second = nullptr;
        QComboBox* pattern = nullptr;
    };

    std::vector<Row> m_rows;
};
