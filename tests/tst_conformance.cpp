// The conformance corpus: every program in tests/conformance prints one of the outputs
// Node 20 printed for it (NAME.out, recorded and re-checked by scripts/conformance.py).
#include "runhelpers.h"

#include <QDir>
#include <QTest>

namespace {

const QString CorpusDir = QStringLiteral(LOOPSCOPE_SOURCE_DIR "/tests/conformance");

// The outputs Node produced: one block per output, blocks separated by a "--- or" line.
QList<QStringList> nodeOutputs(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    QList<QStringList> outputs { {} };
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (lines[i] == QLatin1String("--- or"))
            outputs.append(QStringList());
        else if (i + 1 < lines.size() || !lines[i].isEmpty())
            outputs.last().append(lines[i]);
    }
    return outputs;
}

} // namespace

class TestConformance : public QObject
{
    Q_OBJECT

private slots:
    void printsWhatNodePrinted_data()
    {
        QTest::addColumn<QString>("program");
        const QStringList files = QDir(CorpusDir).entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name);
        QVERIFY(!files.isEmpty());
        for (const QString& file : files)
            QTest::newRow(qPrintable(file)) << CorpusDir + QLatin1Char('/') + file;
    }

    void printsWhatNodePrinted()
    {
        QFETCH(QString, program);
        QFile file(program);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QStringList> expected = nodeOutputs(program.chopped(5) + QStringLiteral(".out"));
        QVERIFY2(!expected.isEmpty() && !expected.first().isEmpty(), "the program has no recorded Node output");
        // Named by its file, so that fs.readFile reads the program (a small file, as Node reads its
        // script), not this test's executable, whose size grows with every build (27 MB under ASan).
        const QByteArray text = file.readAll();
        auto loaded = loopscope::parseProgram(
            std::string_view(text.constData(), std::size_t(text.size())), QFile::encodeName(program).toStdString());
        QVERIFY(std::holds_alternative<loopscope::Program>(loaded));
        const loopscope::Program parsed = std::get<loopscope::Program>(std::move(loaded));
        // A program whose order hangs on a millisecond of the loop clock (a timer against the next check
        // phase) prints another order in Node too when the machine stalls the loop for that long, as a
        // loaded CI machine does now and then: it gets three tries. An order Node never prints fails all three.
        RunResult run;
        for (int attempt = 0; attempt < 3; ++attempt) {
            run = runProgram(parsed);
            QVERIFY(run.finished);
            // A run that ended as Node ends on an unhandled rejection: its status, as conformance.py writes Node's.
            const loopscope::RecordingInfo& info = run.session->recording().info;
            if (info.exitStatus > 0)
                run.lines.append(QStringLiteral("[exited with %1]").arg(info.exitStatus));
            if (expected.contains(run.lines))
                break;
            qWarning("attempt %d printed %s", attempt + 1, qPrintable(run.lines.join(QStringLiteral(" | "))));
        }
        QVERIFY2(expected.contains(run.lines),
            qPrintable(QStringLiteral("LoopScope printed: ") + run.lines.join(QStringLiteral(" | "))));
        // What Node printed on stderr as it exited, LoopScope prints too (headless, on its stderr).
        QFile errors(program.chopped(5) + QStringLiteral(".err"));
        const std::string fatal = run.session->recording().info.fatalError;
        if (errors.open(QIODevice::ReadOnly))
            QCOMPARE(QString::fromStdString(fatal), QString::fromUtf8(errors.readAll()));
        else
            QVERIFY2(fatal.empty(), fatal.c_str());
    }
};

QTEST_GUILESS_MAIN(TestConformance)
#include "tst_conformance.moc"
