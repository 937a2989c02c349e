// The node's supervisor and await_answer(): an actor that dies makes the node
// unhealthy, and nobody waits forever on it.
#include "actors/supervisor.hpp"

#include <gtest/gtest.h>

#include "protocol/await_answer.hpp"
#include "protocol/actor_system.hpp"

namespace mai::actors {
namespace {

using ping_atom = caf::atom_constant<caf::atom("ping")>;

// Answers pings, but dies (without answering) on a negative one: what an
// actor does when something kills it in the middle of a request.
caf::behavior fragile(caf::event_based_actor* self) {
  return {[=](ping_atom, int32_t x) -> caf::result<int32_t> {
    if (x >= 0) return x;
    self->quit(caf::exit_reason::unknown);
    return self->make_response_promise<int32_t>();
  }};
}

struct System {
  caf::actor_system_config cfg;
  std::unique_ptr<caf::actor_system> sys;
  System() {
    configure_actor_system(cfg);
    sys = std::make_unique<caf::actor_system>(cfg);
  }
};

TEST(Supervisor, AnActorThatDiesMakesTheNodeUnhealthy) {
  System s;
  auto health = std::make_shared<NodeHealth>();
  auto victim = s.sys->spawn(fragile);
  auto bystander = s.sys->spawn(fragile);
  auto sup = spawn_supervisor(*s.sys, health,
                              {{"gateway", victim.address()}, {"assessor", bystander.address()}},
                              auditor_actor{});
  EXPECT_TRUE(health->healthy());
  auto answer = await_answer<int32_t>(*s.sys, victim, caf::infinite, ping_atom::value, int32_t{-1});
  ASSERT_FALSE(answer);  // answered with an error, not a hang
  EXPECT_EQ(result_code(answer.error()), "unavailable");
  for (int i = 0; i < 500 && health->healthy(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  ASSERT_FALSE(health->healthy());
  EXPECT_NE(health->problems().front().find("the gateway stopped"), std::string::npos);
  // A shutdown is not a fault.
  caf::anon_send_exit(bystander, caf::exit_reason::user_shutdown);
  auto ok = await_answer<int32_t>(*s.sys, bystander, std::chrono::seconds(30), ping_atom::value,
                                  int32_t{1});
  EXPECT_FALSE(ok);
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_EQ(health->problems().size(), 1u);
  caf::anon_send_exit(sup, caf::exit_reason::user_shutdown);
}

TEST(AwaitAnswer, DeliversValuesAndErrors) {
  System s;
  auto a = s.sys->spawn(fragile);
  auto v = await_answer<int32_t>(*s.sys, a, std::chrono::seconds(30), ping_atom::value, int32_t{7});
  ASSERT_TRUE(v);
  EXPECT_EQ(*v, 7);
  caf::anon_send_exit(a, caf::exit_reason::user_shutdown);
}

}  // namespace
}  // namespace mai::actors
