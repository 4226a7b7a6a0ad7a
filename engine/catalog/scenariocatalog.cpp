#include "catalog/scenariocatalog.h"

#include "catalog/scenariotexts.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <cerrno>
#include <map>
#include <mutex>
#include <string>

#include <sys/mman.h>
#include <unistd.h>

namespace {

const QString ScenarioDir = QStringLiteral(":/scenarios");

// How much of a file isProgramFile() reads: a program's "format" comes long before.
constexpr qint64 SniffBytes = qint64(1) << 20;

// fs.readFile reads the program itself, as Node reads __filename, and a built-in program lives in the
// resources, which libuv cannot open. So each gets a file in memory (memfd_create) that libuv opens by
// its /proc path: nothing is written to disk, so no way of ending the process (a signal, the headless
// run's _Exit) can leave a copy behind. Empty when there is none; the run then reads the executable.
std::string fileInMemory(const QString& name, const QByteArray& text)
{
    static std::mutex mutex;
    static std::map<QString, std::string> paths;
    const std::lock_guard lock(mutex);
    if (const auto found = paths.find(name); found != paths.end())
        return found->second;
    const int fd = ::memfd_create(("loopscope-" + name).toUtf8().constData(), MFD_CLOEXEC);
    if (fd < 0)
        return {};
    qsizetype written = 0;
    while (written < text.size()) {
        const ssize_t n = ::write(fd, text.constData() + written, std::size_t(text.size() - written));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            ::close(fd);
            return {};
        }
        written += n;
    }
    // The descriptor stays open for the life of the process, so the path stays valid for every run.
    return paths.emplace(name, "/proc/self/fd/" + std::to_string(fd)).first->second;
}

} // namespace

QList<ScenarioCatalog::Entry> ScenarioCatalog::entries()
{
    QList<Entry> result;
    const QStringList files = QDir(ScenarioDir).entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name);
    for (const QString& file : files) {
        const QString name = QFileInfo(file).completeBaseName();
        const auto text = source(name);
        if (!text)
            continue;
        auto loaded = parse(*text, QStringLiteral("scenarios/%1.json").arg(name));
        if (auto* program = std::get_if<loopscope::Program>(&loaded)) {
            result.append(
                { name, ScenarioTexts::translate(program->title), ScenarioTexts::translate(program->description) });
        }
    }
    std::sort(result.begin(), result.end(), [](const Entry& a, const Entry& b) { return a.name < b.name; });
    return result;
}

std::optional<QByteArray> ScenarioCatalog::source(const QString& name)
{
    QFile file(ScenarioDir + QLatin1Char('/') + name + QStringLiteral(".json"));
    if (name.contains(QLatin1Char('/')) || !file.open(QIODevice::ReadOnly))
        return std::nullopt;
    return file.readAll();
}

std::variant<loopscope::Program, QString> ScenarioCatalog::parse(const QByteArray& text, const QString& fileName,
    const Overrides& overrides, const loopscope::ProgramReading& reading)
{
    auto result = loopscope::parseProgram(
        std::string_view(text.constData(), std::size_t(text.size())), fileName.toStdString(), overrides, reading);
    if (auto* error = std::get_if<loopscope::ProgramError>(&result))
        return QString::fromStdString(error->toString());
    return std::get<loopscope::Program>(std::move(result));
}

std::variant<loopscope::Program, QString> ScenarioCatalog::loadScenario(const QString& name, const Overrides& overrides)
{
    const auto text = source(name);
    if (!text)
        return tr("unknown scenario '%1' (--list-scenarios shows them all)").arg(name);
    auto result = parse(*text, QStringLiteral("scenarios/%1.json").arg(name), overrides);
    if (auto* program = std::get_if<loopscope::Program>(&result)) {
        if (std::string path = fileInMemory(name, *text); !path.empty())
            program->fileName = std::move(path);
    }
    return result;
}

std::variant<loopscope::Program, QString> ScenarioCatalog::loadFile(
    const QString& path, const Overrides& overrides, const loopscope::ProgramReading& reading)
{
    const QFileInfo info(path);
    if (!info.exists())
        return tr("%1: no such file").arg(path);
    if (!info.isFile())
        return tr("%1: not a regular file").arg(path);
    if (info.size() > MaxProgramBytes)
        return tr("%1: the program is %2 MiB; programs larger than %3 MiB are refused")
            .arg(path)
            .arg(info.size() / MiB)
            .arg(MaxProgramBytes / MiB);
    // Its text is in memory while it is read, whatever its ops take besides (parseProgram counts them).
    if (reading.memoryBudgetBytes != 0 && std::uint64_t(info.size()) > reading.memoryBudgetBytes) {
        const std::string message
            = loopscope::budgetMessage(std::uint64_t(info.size()), reading.memoryBudgetBytes, true);
        return QStringLiteral("%1: %2").arg(path, QString::fromStdString(message));
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return tr("%1: cannot open: %2").arg(path, file.errorString());
    const QByteArray text = file.read(MaxProgramBytes + 1);
    if (text.size() > MaxProgramBytes)
        return tr("%1: programs larger than %2 MiB are refused").arg(path).arg(MaxProgramBytes / MiB);
    return parse(text, path, overrides, reading);
}

bool ScenarioCatalog::isProgramFile(const QString& path)
{
    // Not a FIFO or a device: reading those may wait or never end.
    if (!QFileInfo(path).isFile())
        return false;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    const QByteArray head = file.read(SniffBytes);
    return loopscope::looksLikeProgram(std::string_view(head.constData(), std::size_t(head.size())));
}
