#pragma once

#include "program/program.h"
#include "recording/recorder.h"

#include <atomic>
#include <cstdint>
#include <string>
#include <unordered_map>

namespace loopscope {

struct RuntimeContext;

// Work that holds the loop thread, as synchronous JavaScript does: the hash loop of `block`,
// JSON.parse, a backtracking regular expression, crypto.pbkdf2Sync, each calibrated to cost what
// Node's costs (BlockingCalibration).
class BlockingOps
{
public:
    explicit BlockingOps(RuntimeContext& context);
    BlockingOps(const BlockingOps&) = delete;
    BlockingOps& operator=(const BlockingOps&) = delete;

    // Runs a block, jsonParse, regex or pbkdf2Sync op.
    void run(const Op& op);
    // The order payloads of jsonParse ops, built before the program runs.
    void preparePayloads(const Block& block);

private:
    void block(const Op& op);
    void parseJson(const Op& op);
    void pbkdf2Sync(const Op& op);
    void matchRegex(const Op& op);

    // Marks work without a check point in the live state while it runs, so that an abort that waits
    // for it names it (Session::stillRunning); a worker loop's is counted in the main loop's too.
    class UninterruptibleWork
    {
    public:
        UninterruptibleWork(RuntimeContext& context, Uninterruptible what);
        ~UninterruptibleWork();
        UninterruptibleWork(const UninterruptibleWork&) = delete;
        UninterruptibleWork& operator=(const UninterruptibleWork&) = delete;

    private:
        std::atomic<int>* workerCount() const;

        RuntimeContext& m_ctx;
        Uninterruptible m_what;
    };

    RuntimeContext& m_ctx;
    std::unordered_map<std::int64_t, std::string> m_payloads;
    // A bit per coupon pattern this thread's JavaScript has tested: V8 interprets a pattern's first test.
    std::uint8_t m_testedPatterns = 0;
};

} // namespace loopscope
