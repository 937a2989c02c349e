#include "cli/interrupt_watch.hpp"

#include <poll.h>
#include <pthread.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <system_error>
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
  signal_fd_ = ::signalfd(-1, &set_, SFD_CLOEXEC);
  stop_fd_ = ::eventfd(0, EFD_CLOEXEC);
  if (signal_fd_ < 0 || stop_fd_ < 0)
    throw std::system_error(errno, std::generic_category(), "watching SIGINT, SIGTERM and SIGHUP");
  thread_ = std::thread([this] { watch(); });
}

void InterruptWatch::stop() {
  if (thread_.joinable()) {
    const uint64_t one = 1;
    while (::write(stop_fd_, &one, sizeof one) < 0 && errno == EINTR) {
    }
    thread_.join();
  }
  for (int* fd : {&signal_fd_, &stop_fd_})
    if (*fd >= 0) {
      ::close(*fd);
      *fd = -1;
    }
}

// Sleeps until a signal or stop(): a polling tick would hold every run's end
// back until it came round (100 ms was 80 ms of a 120 ms run).
void InterruptWatch::watch() {
  pollfd fds[2] = {{signal_fd_, POLLIN, 0}, {stop_fd_, POLLIN, 0}};
  for (;;) {
    if (::poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      return;
    }
    if (fds[1].revents != 0) return;
    signalfd_siginfo info{};
    if (fds[0].revents != 0 && ::read(signal_fd_, &info, sizeof info) == sizeof info)
      on(static_cast<int>(info.ssi_signo));
  }
}

void InterruptWatch::on(int s) {
  int first = 0;
  if (signal_.compare_exchange_strong(first, s)) {
    on_signal_(s);
    return;
  }
  // The second: the default action, now.
  ::signal(s, SIG_DFL);
  sigset_t one;
  sigemptyset(&one);
  sigaddset(&one, s);
  ::pthread_sigmask(SIG_UNBLOCK, &one, nullptr);
  ::raise(s);
}

}  // namespace mai::cli
