#pragma once

#include "formats/progressmeter.h"

#include <fstream>
#include <functional>
#include <iosfwd>
#include <string>

namespace loopscope {

// Runs `write` on a temporary file next to `path` and renames it over `path` only when `write` succeeded,
// so a failed or cancelled write leaves no partial file; a device such as /dev/stdout is written in place.
// On failure sets *error (when given) to "<path>: <reason>", the reason being CancelledMessage when
// `meter` was cancelled.
// Whether writeFileAtomically could write `path`, found by creating and removing its temporary file;
// on failure sets *error like writeFileAtomically.
bool checkWritable(const std::string& path, std::string* error);
bool writeFileAtomically(const std::string& path, std::string* error, const ProgressMeter& meter,
    const std::function<bool(std::ostream&)>& write);

// A file written in place of `path` only when commit() succeeds: until then its bytes go to a temporary
// file next to it, removed when the AtomicFile goes without a commit; a device such as /dev/stdout is
// written in place. For a file written over a while (a trace written as its run goes on).
class AtomicFile
{
public:
    explicit AtomicFile(std::string path);
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    // Makes the temporary file; false with *error "<path>: cannot open for writing: <reason>".
    bool open(std::string* error);
    std::ostream& stream() { return m_out; }
    // Closes the file and renames it over `path`; false with *error "<path>: write failed: <reason>".
    bool commit(std::string* error);

private:
    std::string m_path;
    std::string m_target; // the temporary file, or `path` itself when written in place
    bool m_inPlace = false;
    bool m_committed = false;
    std::ofstream m_out;
};

} // namespace loopscope
