#include "session/repeatedruns.h"

#include <algorithm>
#include <utility>

namespace loopscope {

RepeatedRuns::RepeatedRuns(Program program, SessionOptions options)
    : m_program(std::move(program))
    , m_options(std::move(options))
{
    m_options.record = false;
}

RepeatedRuns::End RepeatedRuns::runOnce(const std::function<bool()>& keepGoing)
{
    std::string output;
    SessionOptions options = m_options;
    options.onLog = [&output](std::string_view line) {
        output.append(line);
        output.push_back('\n');
    };
    Session session(Program(m_program), options);
    session.start();
    while (!session.waitFinished(10)) {
        if (!keepGoing()) {
            session.abort();
            session.waitFinished(1000);
            session.stop();
            return End::Stopped;
        }
    }
    session.stop();
    auto seen
        = std::find_if(m_outputs.begin(), m_outputs.end(), [&](const Output& entry) { return entry.text == output; });
    if (seen == m_outputs.end())
        m_outputs.push_back({ output, 1 });
    else
        ++seen->runs;
    ++m_runs;
    m_lastOutput = std::move(output);
    return End::Finished;
}

} // namespace loopscope
