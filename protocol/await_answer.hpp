// A blocking request that cannot hang on a dead receiver.
//
// CAF 0.17 never answers a request whose receiver died while handling it (or
// whose node went away), so a plain blocking request with an infinite
// timeout can wait forever. await_answer() asks through a small actor that
// also monitors the receiver: the caller gets the answer, the receiver's
// error, or errc::unavailable when the receiver goes down first. The caller
// holds the asking actor's handle until the answer is in: an actor nobody
// references is destroyed while it waits (its monitor holds only a weak
// address), and the answer would never come.
#pragma once
#include <caf/all.hpp>
#include <future>
#include <memory>
#include <string>

#include "protocol/errors.hpp"

namespace mai::protocol {

// `timeout`: caf::infinite or a std::chrono duration.
template <class Result, class Handle, class Timeout, class... Ts>
caf::expected<Result> await_answer(caf::actor_system& sys, const Handle& target, Timeout timeout,
                                   Ts... xs) {
  auto answer = std::make_shared<std::promise<caf::expected<Result>>>();
  auto future = answer->get_future();
  auto asker = sys.spawn([=](caf::event_based_actor* self) {
    auto deliver = [=](caf::expected<Result> x) {
      answer->set_value(std::move(x));
      self->quit();
    };
    self->monitor(target);
    self->set_down_handler([=](caf::down_msg& msg) {
      deliver(make_error(errc::unavailable, "the service stopped before it answered (" +
                                                caf::to_string(msg.reason) + ")"));
    });
    self->request(target, timeout, xs...)
        .then([=](Result& r) { deliver(std::move(r)); },
              [=](caf::error& e) { deliver(std::move(e)); });
  });
  auto result = future.get();
  caf::anon_send_exit(asker, caf::exit_reason::user_shutdown);
  return result;
}

}  // namespace mai::protocol
