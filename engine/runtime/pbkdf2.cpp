#include "runtime/pbkdf2.h"

#include "recording/programclock.h"

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <algorithm>
#include <array>
#include <memory>
#include <string>

namespace loopscope {

namespace {

struct MacDeleter
{
    void operator()(EVP_MAC_CTX* context) const { EVP_MAC_CTX_free(context); }
};

// The HMAC algorithm, fetched once: a fetch looks the provider up, which costs microseconds.
EVP_MAC* hmac()
{
    static EVP_MAC* const mac = EVP_MAC_fetch(nullptr, OSSL_MAC_NAME_HMAC, nullptr);
    return mac;
}

} // namespace

bool derivePbkdf2(std::string_view password, std::string_view salt, std::int64_t iterations, Digest digest,
    unsigned char* key, std::size_t keyLength, const ProgramClock* clock, const std::atomic<bool>* stop)
{
    if (!hmac() || iterations < 1)
        return false;
    const std::unique_ptr<EVP_MAC_CTX, MacDeleter> context(EVP_MAC_CTX_new(hmac()));
    std::string digestName = digest == Digest::Sha512 ? "SHA512" : "SHA256";
    const OSSL_PARAM params[]
        = { OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, digestName.data(), 0), OSSL_PARAM_construct_end() };
    if (!context
        || !EVP_MAC_init(
            context.get(), reinterpret_cast<const unsigned char*>(password.data()), password.size(), params))
        return false;
    const std::size_t size = EVP_MAC_CTX_get_mac_size(context.get());
    std::array<unsigned char, EVP_MAX_MD_SIZE> u {}, t {};
    for (std::uint32_t block = 1; keyLength > 0; ++block) {
        const unsigned char index[4]
            = { static_cast<unsigned char>(block >> 24), static_cast<unsigned char>(block >> 16),
                  static_cast<unsigned char>(block >> 8), static_cast<unsigned char>(block) };
        std::size_t written = 0;
        // U1 = HMAC(P, S || INT(i)); the key stays set, so each init only resets the state.
        if (!EVP_MAC_init(context.get(), nullptr, 0, nullptr)
            || !EVP_MAC_update(context.get(), reinterpret_cast<const unsigned char*>(salt.data()), salt.size())
            || !EVP_MAC_update(context.get(), index, sizeof index)
            || !EVP_MAC_final(context.get(), u.data(), &written, u.size()))
            return false;
        t = u;
        for (std::int64_t j = 1; j < iterations; ++j) {
            if (j % PauseEvery == 0) {
                if (stop && stop->load(std::memory_order_relaxed))
                    return false;
                if (clock)
                    clock->waitWhileHeld();
            }
            // Uj = HMAC(P, Uj-1); T = U1 ^ U2 ^ ... ^ Uc
            if (!EVP_MAC_init(context.get(), nullptr, 0, nullptr) || !EVP_MAC_update(context.get(), u.data(), size)
                || !EVP_MAC_final(context.get(), u.data(), &written, u.size()))
                return false;
            for (std::size_t k = 0; k < size; ++k)
                t[k] ^= u[k];
        }
        const std::size_t taken = std::min(keyLength, size);
        std::copy_n(t.data(), taken, key);
        key += taken;
        keyLength -= taken;
    }
    return true;
}

} // namespace loopscope
