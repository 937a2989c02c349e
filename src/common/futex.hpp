// A thread's wake-up word (Linux futex): the sleeper waits while the word
// holds the value it saw; the waker stores another value and wakes it. Unlike
// a condition variable, the woken thread needs no mutex to learn why it was
// woken, and nothing is allocated per wait.
#pragma once
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdint>

namespace mai {

// Returns once `word` no longer holds `seen` (or spuriously: callers re-check).
inline void futex_wait(std::atomic<uint32_t>& word, uint32_t seen) {
  static_assert(sizeof(std::atomic<uint32_t>) == sizeof(uint32_t), "futex words are 32 bits");
  ::syscall(SYS_futex, reinterpret_cast<uint32_t*>(&word), FUTEX_WAIT_PRIVATE, seen, nullptr, nullptr, 0);
}

// Wakes a thread sleeping on `word`. Safe on a word whose owner already
// returned: the kernel only looks the address up among its sleepers.
inline void futex_wake_one(std::atomic<uint32_t>& word) {
  ::syscall(SYS_futex, reinterpret_cast<uint32_t*>(&word), FUTEX_WAKE_PRIVATE, 1, nullptr, nullptr, 0);
}

}  // namespace mai
