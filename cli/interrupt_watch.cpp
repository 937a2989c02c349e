#include "cli/interrupt_watch.hpp"

#include <pthread.h>

#include <ctime>
#include <utility>

namespace mai::cli {

InterruptWatch::InterruptWatch() {
  sigemptyset(&set_);
  for (int s : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction old {};
    if (::sigaction(s, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;
    sigaddset(&set_, s);
  }
  ::pthread_sigmask(SIG_BLOCK, &set_, nullptr);
}

InterruptWatch::~InterruptWatch() { stop(); }

void InterruptWatch::start(std::function<void(int)> on_signal) {
  on_signal_ = std::move(on_signal);
  thread_ = std::thread([this] { watch(); });
}

void InterruptWatch::stop() {
  stopping_ = true;
  if (thread_.joinable()) thread_.join();
}

void InterruptWatch::watch() {
  // Wakes up now and then to see whether it was stopped: no signal of ours
  // is needed to end it.
  const timespec tick{0, 100'000'000};
  while (!stopping_) {
    siginfo_t info{};
    int s = ::sigtimedwait(&set_, &info, &tick);
    if (s <= 0) continue;
    int first = 0;
    if (signal_.compare_exchange_strong(first, s)) {
      on_signal_(s);
      continue;
    }
    // The second: the default action, now.
    ::signal(s, SIG_DFL);
    sigset_t one;
    sigemptyset(&one);
    sigaddset(&one, s);
    ::pthread_sigmask(SIG_UNBLOCK, &one, nullptr);
    ::raise(s);
  }
}

}  // namespace mai::cli
