// Writes what the command line's OptionTable says for the installation: the man page loopscope.1 and the
// bash completion script loopscope.bash, into OUTDIR. Run at build time:
//   clidocs OUTDIR VERSION DATE
#include "catalog/scenariocatalog.h"
#include "commandlinedocs.h"

#include <QCoreApplication>
#include <QDir>
#include <QSaveFile>

#include <cstdio>

namespace {

bool write(const QString& path, const QString& text)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text.toUtf8()) < 0 || !file.commit()) {
        std::fprintf(stderr, "clidocs: cannot write %s: %s\n", qPrintable(path), qPrintable(file.errorString()));
        return false;
    }
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList arguments = QCoreApplication::arguments();
    if (arguments.size() != 4) {
        std::fprintf(stderr, "usage: clidocs OUTDIR VERSION DATE\n");
        return 2;
    }
    const QDir out(arguments.at(1));
    std::vector<std::pair<QString, QString>> scenarios;
    for (const ScenarioCatalog::Entry& entry : ScenarioCatalog::entries())
        scenarios.emplace_back(entry.name, entry.title);
    const bool written = write(out.filePath(QStringLiteral("loopscope.1")),
                             CommandLineDocs::manPage(arguments.at(2), arguments.at(3), scenarios))
        && write(out.filePath(QStringLiteral("loopscope.bash")), CommandLineDocs::bashCompletion());
    return written ? 0 : 1;
}
