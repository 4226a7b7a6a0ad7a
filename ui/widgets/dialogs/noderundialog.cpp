#include "widgets/dialogs/noderundialog.h"

#include "widgets/window/language.h"

#include "formats/atomicfile.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QVBoxLayout>

NodeRunDialog::NodeRunDialog(QWidget* parent)
    : QDialog(parent)
    , m_intro(new QLabel(this))
    , m_fileChoice(new QRadioButton(this))
    , m_file(new QLineEdit(this))
    , m_browse(new QPushButton(this))
    , m_typedChoice(new QRadioButton(this))
    , m_source(new QPlainTextEdit(this))
    , m_argumentsLabel(new QLabel(this))
    , m_arguments(new QLineEdit(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    m_intro->setWordWrap(true);
    m_source->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_source->setTabChangesFocus(true);
    m_argumentsLabel->setBuddy(m_arguments);

    auto* grid = new QGridLayout;
    grid->addWidget(m_fileChoice, 0, 0);
    grid->addWidget(m_file, 0, 1);
    grid->addWidget(m_browse, 0, 2);
    grid->addWidget(m_typedChoice, 1, 0, 1, 3);
    grid->addWidget(m_source, 2, 0, 1, 3);
    grid->addWidget(m_argumentsLabel, 3, 0);
    grid->addWidget(m_arguments, 3, 1, 1, 2);
    grid->setColumnStretch(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addLayout(grid, 1);
    layout->addWidget(m_buttons);

    const QSettings settings;
    m_file->setText(settings.value(QLatin1String(FileKey)).toString());
    m_source->setPlainText(settings.value(QLatin1String(SourceKey)).toString());
    m_arguments->setText(settings.value(QLatin1String(ArgumentsKey)).toString());
    (settings.value(QLatin1String(TypedKey)).toBool() ? m_typedChoice : m_fileChoice)->setChecked(true);

    connect(m_browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Node.js program"),
            QFileInfo(m_file->text()).absolutePath(), tr("JavaScript (*.js *.mjs *.cjs);;All files (*)"));
        if (!path.isEmpty()) {
            m_file->setText(path);
            m_fileChoice->setChecked(true);
        }
    });
    // Typing into a field chooses it.
    connect(m_file, &QLineEdit::textEdited, this, [this] { m_fileChoice->setChecked(true); });
    connect(m_source, &QPlainTextEdit::textChanged, this, [this] {
        if (m_source->hasFocus())
            m_typedChoice->setChecked(true);
        updateRun();
    });
    connect(m_file, &QLineEdit::textChanged, this, &NodeRunDialog::updateRun);
    connect(m_fileChoice, &QRadioButton::toggled, this, &NodeRunDialog::updateRun);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &NodeRunDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &NodeRunDialog::reject);
    Language::follow(this, [this] { setTexts(); });
    updateRun();
    resize(720, 520);
}

void NodeRunDialog::setTexts()
{
    setWindowTitle(tr("Run with Node.js"));
    m_intro->setText(tr("LoopScope starts node with its probe inside your program and shows the program's own event "
                        "loop live: its timers, poll, check and close phases timed, every callback labelled with what "
                        "invoked it (Timeout, "
                        "Immediate, TickObject, PROMISE, FSREQCALLBACK, TCPWRAP, …) and the loop's delay. What the "
                        "program prints appears in the console; stopping the run ends the program."));
    m_fileChoice->setText(tr("&File:"));
    m_file->setPlaceholderText(tr("a .js file, run as node runs it"));
    m_browse->setText(tr("&Browse…"));
    m_typedChoice->setText(tr("&JavaScript typed or pasted here:"));
    // Code, in no language but JavaScript.
    m_source->setPlaceholderText(QStringLiteral("const fs = require('fs');\n"
                                                "setTimeout(() => console.log('timeout'), 0);\n"
                                                "setImmediate(() => console.log('immediate'));\n"
                                                "fs.readFile(__filename, () => console.log('read'));"));
    m_argumentsLabel->setText(tr("&Arguments:"));
    m_arguments->setPlaceholderText(tr("given to the program (process.argv), as a shell would split them"));
    m_arguments->setToolTip(m_arguments->placeholderText());
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Run"));
    m_buttons->button(QDialogButtonBox::Cancel)->setText(tr("Cancel"));
}

void NodeRunDialog::updateRun()
{
    const bool ready
        = m_fileChoice->isChecked() ? QFileInfo(m_file->text()).isFile() : !m_source->toPlainText().trimmed().isEmpty();
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(ready);
}

void NodeRunDialog::accept()
{
    QSettings settings;
    settings.setValue(QLatin1String(FileKey), m_file->text());
    settings.setValue(QLatin1String(SourceKey), m_source->toPlainText());
    settings.setValue(QLatin1String(ArgumentsKey), m_arguments->text());
    settings.setValue(QLatin1String(TypedKey), m_typedChoice->isChecked());
    QDialog::accept();
}

QString NodeRunDialog::script(const QString& typedPath, QString* error) const
{
    if (m_fileChoice->isChecked())
        return m_file->text();
    // As every file is written: whole, or not at all (node must never run a program cut short).
    const QByteArray text = m_source->toPlainText().toUtf8();
    const std::string path = typedPath.toStdString();
    std::string problem;
    if (!loopscope::writeFileAtomically(path, std::string_view(text.constData(), std::size_t(text.size())), &problem)) {
        *error = tr("%1: cannot write the program typed: %2")
                     .arg(typedPath, QString::fromStdString(problem.substr(path.size() + 2)));
        return {};
    }
    return typedPath;
}

QStringList NodeRunDialog::arguments() const
{
    return QProcess::splitCommand(m_arguments->text());
}
