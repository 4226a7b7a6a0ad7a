// What a desktop and a software centre read of LoopScope: the desktop entry and the AppStream metadata
// as their validators judge them, the file types as a MIME database built from them tells files apart,
// and the icon in the hicolor theme's sizes.
#include <QDir>
#include <QFile>
#include <QImage>
#include <QMimeDatabase>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Ran
{
    int exitCode = -1;
    QString output; // stdout and stderr together
};

Ran run(const QString& program, const QStringList& arguments)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(program, arguments);
    Ran ran;
    if (!process.waitForFinished(30000)) {
        ran.output = QStringLiteral("%1 did not finish: %2").arg(program, process.errorString());
        return ran;
    }
    ran.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    ran.output = QString::fromUtf8(process.readAll());
    return ran;
}

QString source(const char* path)
{
    return QStringLiteral(LOOPSCOPE_SOURCE_DIR "/") + QLatin1String(path);
}

QStringList desktopMimeTypes()
{
    QFile file(source("resources/loopscope.desktop"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    for (const QString& line : QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'))) {
        if (line.startsWith(QLatin1String("MimeType=")))
            return line.mid(9).split(QLatin1Char(';'), Qt::SkipEmptyParts);
    }
    return {};
}

} // namespace

class TestDesktopFiles : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void theDesktopEntryValidates();
    void theMetainfoValidates();
    void theMetainfoDescribesThisVersion();
    void filesAreToldApart_data();
    void filesAreToldApart();
    void theDesktopEntryOpensEveryType();
    void iconsHaveTheirSizes_data();
    void iconsHaveTheirSizes();

private:
    QTemporaryDir m_data;
};

// A MIME database of the system's types and LoopScope's, as update-mime-database makes it in
// /usr/share/mime once the package is installed; Qt reads it from XDG_DATA_DIRS, and nothing else.
void TestDesktopFiles::initTestCase()
{
    QVERIFY(m_data.isValid());
    const QString packages = m_data.filePath(QStringLiteral("share/mime/packages"));
    QVERIFY(QDir().mkpath(packages));
    QVERIFY(QDir().mkpath(m_data.filePath(QStringLiteral("home"))));
    QVERIFY(QFile::copy(QStringLiteral("/usr/share/mime/packages/freedesktop.org.xml"),
        packages + QStringLiteral("/freedesktop.org.xml")));
    QVERIFY(QFile::copy(source("resources/loopscope-mime.xml"), packages + QStringLiteral("/loopscope.xml")));
    qputenv("XDG_DATA_DIRS", QFile::encodeName(m_data.filePath(QStringLiteral("share"))));
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_data.filePath(QStringLiteral("home"))));
    const Ran updated = run(QStringLiteral("update-mime-database"),
        { QStringLiteral("-n"), m_data.filePath(QStringLiteral("share/mime")) });
    QVERIFY2(updated.exitCode == 0 && updated.output.isEmpty(), qPrintable(updated.output));
}

void TestDesktopFiles::theDesktopEntryValidates()
{
    const Ran validated = run(QStringLiteral("desktop-file-validate"), { source("resources/loopscope.desktop") });
    QCOMPARE(validated.output, QString());
    QCOMPARE(validated.exitCode, 0);
}

// Not a warning, not a hint, not even a pedantic one.
void TestDesktopFiles::theMetainfoValidates()
{
    const Ran validated = run(QStringLiteral("appstreamcli"),
        { QStringLiteral("validate"), QStringLiteral("--no-net"), QStringLiteral("--pedantic"),
            QStringLiteral("--strict"), QStringLiteral(LOOPSCOPE_METAINFO) });
    QVERIFY2(validated.exitCode == 0, qPrintable(validated.output));
    QCOMPARE(validated.output.trimmed(), QStringLiteral("✔ Validation was successful."));
}

void TestDesktopFiles::theMetainfoDescribesThisVersion()
{
    QFile file(QStringLiteral(LOOPSCOPE_METAINFO));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString metainfo = QString::fromUtf8(file.readAll());
    QVERIFY(metainfo.contains(QStringLiteral("<release version=\"" LOOPSCOPE_VERSION "\" date=\"")));
    QVERIFY(metainfo.contains(QStringLiteral("<launchable type=\"desktop-id\">loopscope.desktop</launchable>")));
    // Each screenshot is a picture of the current window kept in docs/screenshots.
    static const QRegularExpression image(
        QStringLiteral("<image>https://[^<]*/docs/screenshots/([a-z-]+\\.png)</image>"));
    int images = 0;
    for (auto match = image.globalMatch(metainfo); match.hasNext(); ++images) {
        const QString name = match.next().captured(1);
        QVERIFY2(QFile::exists(source("docs/screenshots/") + name), qPrintable(name));
    }
    QVERIFY(images >= 3);
}

// Recordings and programs are JSON like any other; their start tells them apart.
void TestDesktopFiles::filesAreToldApart_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("type");

    QFile program(source("resources/scenarios/guess-order.json"));
    QVERIFY(program.open(QIODevice::ReadOnly));
    QTest::newRow("program") << QStringLiteral("guess-order.json") << program.readAll()
                             << QStringLiteral("application/x-loopscope-program");
    QTest::newRow("other JSON") << QStringLiteral("package.json")
                                << QByteArray("{\"name\": \"app\", \"format\": \"commonjs\"}\n")
                                << QStringLiteral("application/json");
    QTest::newRow("other trace") << QStringLiteral("chrome.json")
                                 << QByteArray("{\"traceEvents\":[{\"ph\":\"M\",\"name\":\"process_name\","
                                               "\"args\":{\"name\":\"Browser\"}}]}")
                                 << QStringLiteral("application/json");
    QTest::newRow("compressed recording") << QStringLiteral("run.json.gz") << QByteArray("\x1f\x8b\x08\x00", 4)
                                          << QStringLiteral("application/x-loopscope-trace+gzip");

    // A recording as LoopScope writes it.
    QTemporaryDir directory;
    const QString trace = directory.filePath(QStringLiteral("guess.json"));
    const Ran written = run(QStringLiteral(LOOPSCOPE_EXECUTABLE),
        { QStringLiteral("--headless"), QStringLiteral("--scenario"), QStringLiteral("guess-order"),
            QStringLiteral("--trace"), trace });
    QVERIFY2(written.exitCode == 0, qPrintable(written.output));
    QFile recording(trace);
    QVERIFY(recording.open(QIODevice::ReadOnly));
    QTest::newRow("recording") << QStringLiteral("guess.json") << recording.read(4096)
                               << QStringLiteral("application/x-loopscope-trace");
}

void TestDesktopFiles::filesAreToldApart()
{
    QFETCH(QString, name);
    QFETCH(QByteArray, content);
    QFETCH(QString, type);
    QCOMPARE(QMimeDatabase().mimeTypeForFileNameAndData(name, content).name(), type);
}

// A double click on any of them opens LoopScope: the desktop entry takes every type the package defines.
void TestDesktopFiles::theDesktopEntryOpensEveryType()
{
    QFile file(source("resources/loopscope-mime.xml"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QStringList defined;
    static const QRegularExpression type(QStringLiteral("<mime-type type=\"([^\"]+)\">"));
    for (auto match = type.globalMatch(QString::fromUtf8(file.readAll())); match.hasNext();)
        defined << match.next().captured(1);
    QCOMPARE(defined.size(), 3);
    QStringList opened = desktopMimeTypes();
    opened.sort();
    defined.sort();
    QCOMPARE(opened, defined);
    for (const QString& name : std::as_const(defined))
        QVERIFY2(QMimeDatabase().mimeTypeForName(name).isValid(), qPrintable(name));
}

void TestDesktopFiles::iconsHaveTheirSizes_data()
{
    QTest::addColumn<int>("size");
    for (const QString& size : QStringLiteral(LOOPSCOPE_ICON_SIZES).split(QLatin1Char(' ')))
        QTest::newRow(qPrintable(size)) << size.toInt();
}

void TestDesktopFiles::iconsHaveTheirSizes()
{
    QFETCH(int, size);
    const QImage icon(QStringLiteral(LOOPSCOPE_ICON_DIR "/%1x%1/loopscope.png").arg(size));
    QCOMPARE(icon.size(), QSize(size, size));
    // Drawn, not blank: opaque inside its rounded square, transparent in the corner outside it.
    QCOMPARE(icon.pixelColor(size / 2, size / 2).alpha(), 255);
    QCOMPARE(icon.pixelColor(0, 0).alpha(), 0);
}

QTEST_GUILESS_MAIN(TestDesktopFiles)
#include "tst_desktopfiles.moc"
