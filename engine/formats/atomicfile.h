#pragma once

#include "formats/progressmeter.h"

#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>

namespace loopscope {

// Every file LoopScope writes (traces, CSV, pictures, reports) is written the same way: into a temporary
// file beside its target, flushed, synced and closed, each step checked, then renamed over the target.
// Whatever fails (a full disk, a cancelled write) leaves the old file as it was and no partial file;
// the error names the file and what really went wrong ("<path>: write failed: No space left on device").
// Only regular files are written: a FIFO would block the writer, and neither a device nor a directory
// can be replaced by a rename.

// Whether `path` can be written so, found before any work is done: its folder exists and takes a new
// file, and `path` is not a directory, a FIFO or a device; on failure sets *error like the writes do.
bool checkWritable(const std::string& path, std::string* error);

// Runs `write` on the temporary file and commits it when `write` returns true. On failure sets *error
// (when given) to "<path>: <reason>", the reason being CancelledMessage when `meter` was cancelled.
bool writeFileAtomically(const std::string& path, std::string* error, const ProgressMeter& meter,
    const std::function<bool(std::ostream&)>& write);
// The same for bytes already made (a picture drawn into memory).
bool writeFileAtomically(const std::string& path, std::string_view bytes, std::string* error);

// A file written in place of `path` only when commit() succeeds; removed when the AtomicFile goes
// without a commit. For a file written over a while (a trace written as its run goes on).
class AtomicFile
{
public:
    explicit AtomicFile(std::string path);
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    // Makes the temporary file; false with *error "<path>: cannot open for writing: <reason>".
    bool open(std::string* error);
    std::ostream& stream();
    // Flushes, syncs and closes the file and renames it over `path`; false with *error
    // "<path>: write failed: <reason>" (or "cannot replace: <reason>"), the old file left as it was.
    bool commit(std::string* error);
    // Why writing failed so far, as strerror says it; empty while nothing failed.
    std::string failure() const;

private:
    class Buffer;

    std::string m_path;
    std::string m_temporary;
    int m_fd = -1;
    std::unique_ptr<Buffer> m_buffer;
    std::unique_ptr<std::ostream> m_out;
};

} // namespace loopscope
