#pragma once

#include "catalog/scenariocatalog.h"

#include <QWidget>

#include <vector>

class QComboBox;
class QFormLayout;
class QLabel;
class QTreeWidget;
class QTreeWidgetItem;
class QPlainTextEdit;
class QSplitter;
class QPushButton;
class QSpinBox;

// The built-in scenarios: their titles grouped by the article they come from or by topic
// (ScenarioGuide), the selected one's question, origin, explanation and parameters, a Run button, and
// the equivalent Node.js script beside it so the class can compare with real Node.
class ScenarioBrowser : public QWidget
{
    Q_OBJECT

public:
    explicit ScenarioBrowser(QWidget* parent = nullptr);

    // Selects a scenario by name; false when there is none.
    bool select(const QString& name);
    // Selects none: what the window shows is not a built-in scenario's run.
    void selectNone();
    QString current() const { return m_current; }
    // How the list is grouped; remembered between sessions.
    enum class Grouping { ByArticle, ByTopic };
    Grouping grouping() const { return m_grouping; }
    void setGrouping(Grouping grouping);
    // The groups as shown, each with its scenarios' names, in order.
    QList<std::pair<QString, QStringList>> groups() const;
    // The parameter values set in the form, as --set pairs.
    ScenarioCatalog::Overrides overrides() const;
    // Sets a parameter's value in the form.
    bool setParameter(const QString& name, int value);
    QString nodeSource() const;
    // Marks line `line` (from 1) of the Node.js source and scrolls to it; 0 clears the mark.
    void markSourceLine(int line);
    int markedSourceLine() const { return m_markedLine; }
    QPushButton* runButton() const { return m_run; }
    QPushButton* compareButton() const { return m_compare; }

public slots:
    // Asks for the selected scenario to run with the parameters of the form.
    void run();

    // The font of the Node.js script beside the scenario (the window scales it with the rest).
    void setCodeFont(const QFont& font);

signals:
    // Another scenario was selected, or a parameter of the form changed.
    void selected(const QString& name, const ScenarioCatalog::Overrides& overrides);
    void runRequested(const QString& name, const ScenarioCatalog::Overrides& overrides);
    // Compare with Node.js was asked for the selected scenario and the parameters of the form.
    void compareRequested(const QString& name, const ScenarioCatalog::Overrides& overrides);

protected:
    void resizeEvent(QResizeEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // Fills the list with the groups of the grouping of the moment, keeping the selection.
    void populate();
    void onCurrentItem(QTreeWidgetItem* item);
    void showCurrent();
    // The texts of the browser, and of the scenario selected (showScenarioTexts), in the language of the
    // moment.
    void setTexts();
    void showScenarioTexts();
    void updateSource();

    QSplitter* m_splitter = nullptr;
    QComboBox* m_groupBy = nullptr;
    QTreeWidget* m_list = nullptr;
    Grouping m_grouping = Grouping::ByArticle;
    QString m_current;
    QLabel* m_title = nullptr;
    QLabel* m_place = nullptr; // the scenario's question and the article it comes from
    QLabel* m_description = nullptr;
    QFormLayout* m_params = nullptr;
    QWidget* m_paramsBox = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_compare = nullptr;
    QPlainTextEdit* m_source = nullptr;
    int m_markedLine = 0;
    std::vector<std::pair<QString, QSpinBox*>> m_paramSpins;
};
