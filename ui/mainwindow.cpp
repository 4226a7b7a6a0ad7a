#include "mainwindow.h"

#include <QLabel>
#include <QStatusBar>

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
{
    setWindowTitle(tr("LoopScope %1").arg(QStringLiteral(LOOPSCOPE_VERSION)));
    m_versionLabel = new QLabel(tr("LoopScope %1").arg(QStringLiteral(LOOPSCOPE_VERSION)), this);
    statusBar()->addPermanentWidget(m_versionLabel);
    resize(1280, 800);
}

MainWindow::~MainWindow() = default;

QString MainWindow::versionText() const
{
    return m_versionLabel->text();
}
