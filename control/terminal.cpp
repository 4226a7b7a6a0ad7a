#include "control/terminal.h"

#include "formats/utf8.h"

#include <atomic>
#include <cstdio>

namespace {

std::atomic<bool> s_stdoutFailed { false };

} // namespace

void Terminal::writeLine(std::string_view line)
{
    std::fwrite(line.data(), 1, line.size(), stdout);
    std::fputc('\n', stdout);
    if (std::ferror(stdout))
        s_stdoutFailed.store(true);
}

bool Terminal::flush()
{
    if (std::fflush(stdout) != 0 || std::ferror(stdout))
        s_stdoutFailed.store(true);
    return !s_stdoutFailed.load();
}

bool Terminal::failed()
{
    return s_stdoutFailed.load();
}

void Terminal::printErr(const QString& text)
{
    std::fputs(text.toLocal8Bit().constData(), stderr);
    std::fputc('\n', stderr);
    std::fflush(stderr);
}

QString Terminal::shown(const QString& line)
{
    return QString::fromStdString(loopscope::clipForMessage(line.toStdString(), 200));
}
