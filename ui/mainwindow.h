#pragma once

#include <QMainWindow>

class QLabel;

// The LoopScope main window.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // The version text shown in the status bar.
    QString versionText() const;

private:
    QLabel* m_versionLabel = nullptr;
};
