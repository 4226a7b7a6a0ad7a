#pragma once

#include <vector>

#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

// While one lives, this process can open no more file descriptors: its soft limit is lowered to a few
// above those open, and those few are taken. The limit and the descriptors are given back after.
class DescriptorsExhausted
{
public:
    DescriptorsExhausted()
    {
        ::getrlimit(RLIMIT_NOFILE, &m_saved);
        int highest = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
        if (highest >= 0)
            ::close(highest);
        rlimit lowered = m_saved;
        lowered.rlim_cur = rlim_t(highest + 8);
        ::setrlimit(RLIMIT_NOFILE, &lowered);
        for (;;) {
            const int fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
            if (fd < 0)
                break;
            m_taken.push_back(fd);
        }
    }
    ~DescriptorsExhausted()
    {
        for (const int fd : m_taken)
            ::close(fd);
        ::setrlimit(RLIMIT_NOFILE, &m_saved);
    }
    DescriptorsExhausted(const DescriptorsExhausted&) = delete;
    DescriptorsExhausted& operator=(const DescriptorsExhausted&) = delete;

private:
    rlimit m_saved {};
    std::vector<int> m_taken;
};
