// Actor tests on CAF 0.17's deterministic scheduler (test_coordinator):
// scheduled actors run only when the test runs them, on the test's thread,
// one message at a time, and the actor clock moves only when the test
// advances it, so timers (heartbeats, retries, samples) fire on cue and no
// assertion depends on how fast the machine is. Actors the node spawns
// detached are spawned plainly here so that they run on it too.
//
// caf/test/dsl.hpp is not used: its CHECK/FAIL macros clash with GoogleTest.
// The test talks to actors through a scoped actor instead: it sends, runs the
// scheduler until nothing is left to do, then takes the reply from its mailbox.
#pragma once
#include <gtest/gtest.h>

#include <caf/all.hpp>
#include <caf/scheduler/test_coordinator.hpp>

#include <optional>
#include <utility>
#include <vector>

#include "protocol/actor_system.hpp"
#include "protocol/errors.hpp"

namespace mai::actors::testing {

struct DeterministicConfig : caf::actor_system_config {
  DeterministicConfig() {
    protocol::configure_actor_system(*this);
    set("scheduler.policy", caf::atom("testing"));
  }
};

class Deterministic {
 public:
  Deterministic()
      : sys_(cfg_),
        sched_(dynamic_cast<caf::scheduler::test_coordinator&>(sys_.scheduler())),
        self_(sys_, /*hide=*/true) {
    // Time 0 would look like "never" to code that compares time points.
    sched_.clock().current_time += std::chrono::hours(1);
  }

  // Spawns an actor that ends with the test.
  template <class... Ts>
  auto spawn(Ts&&... xs) {
    auto handle = sys_.spawn(std::forward<Ts>(xs)...);
    spawned_.push_back(handle.address());
    run();
    return handle;
  }

  caf::actor_system& sys() { return sys_; }
  caf::scoped_actor& self() { return self_; }
  caf::actor self_handle() { return caf::actor_cast<caf::actor>(self_); }

  // Runs every actor until no message is left.
  void run() { sched_.run(); }

  // Moves the actor clock forward (delayed messages due by then are sent),
  // then runs.
  void advance(caf::timespan d) {
    sched_.advance_time(d);
    run();
  }

  // Sends to `whom` as the test, then runs until everything settled.
  template <class Handle, class... Ts>
  void send(const Handle& whom, Ts&&... xs) {
    self_->send(whom, std::forward<Ts>(xs)...);
    run();
  }

  // The next message of type T waiting for the test, if any. A protocol
  // error in its place is returned in `error`.
  template <class T>
  std::optional<T> take(caf::error* error = nullptr) {
    std::optional<T> out;
    bool waiting = true;
    while (waiting) {
      self_->receive(
          [&](T& x) {
            out = std::move(x);
            waiting = false;
          },
          [&](caf::error& e) {
            if (error) *error = std::move(e);
            waiting = false;
          },
          // Everything was delivered before this: nothing more will come.
          caf::after(std::chrono::milliseconds(1)) >> [&] { waiting = false; });
    }
    return out;
  }

  // Sends and returns the reply of type T (nullopt if it was an error or
  // there was none: `error` says which).
  template <class T, class Handle, class... Ts>
  std::optional<T> ask(const Handle& whom, caf::error* error, Ts&&... xs) {
    send(whom, std::forward<Ts>(xs)...);
    return take<T>(error);
  }

  // Anything else still waiting for the test (ignores stats samples).
  bool mailbox_empty() {
    bool empty = true;
    self_->receive([&](caf::message&) { empty = false; },
                   caf::after(std::chrono::milliseconds(1)) >> [] {});
    return empty;
  }

  ~Deterministic() {
    // Actors with timers would hold the system up at shutdown: end them all.
    for (const auto& a : spawned_) caf::anon_send_exit(a, caf::exit_reason::user_shutdown);
    run();
  }

 private:
  DeterministicConfig cfg_;
  caf::actor_system sys_;
  caf::scheduler::test_coordinator& sched_;
  caf::scoped_actor self_;
  std::vector<caf::actor_addr> spawned_;
};

}  // namespace mai::actors::testing
