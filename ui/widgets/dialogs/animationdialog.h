#pragma once

#include "widgets/export/animationexport.h"
#include "widgets/window/mainwindow.h"

#include <QDialog>

#include <cstdint>

class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

// File > Export animation…: which view, which stretch of the recording (all of it at first), how fast and
// how many frames a second, and the file, whose ending (.gif, .webp) is the format. What it makes (how many
// frames, how long) is said as the choices change. The choices but the range are remembered.
class AnimationDialog : public QDialog
{
    Q_OBJECT

public:
    // For a recording that spans [firstNs, lastNs].
    AnimationDialog(std::int64_t firstNs, std::int64_t lastNs, QWidget* parent = nullptr);

    MainWindow::View view() const;
    void setView(MainWindow::View view);
    AnimationExport::Range range() const;
    void setRange(const AnimationExport::Range& range);
    QString path() const;
    void setPath(const QString& path);

    // Remembers the choices for the next time (accept() does).
    void save() const;
    void accept() override;

private:
    void choosePath();
    void refresh();

    std::int64_t m_firstNs;
    std::int64_t m_lastNs;
    QComboBox* m_view = nullptr;
    QDoubleSpinBox* m_from = nullptr;
    QDoubleSpinBox* m_to = nullptr;
    QComboBox* m_speed = nullptr;
    QSpinBox* m_fps = nullptr;
    QLineEdit* m_path = nullptr;
    QLabel* m_note = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};
