// contain(): an exception in a handler ends only the message that raised it.
#include "actors/containment.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

#include "protocol/actor_system.hpp"

namespace mai::actors {
namespace {

using ping_atom = caf::atom_constant<caf::atom("ping")>;
using poke_atom = caf::atom_constant<caf::atom("poke")>;
using probe_actor = caf::typed_actor<caf::replies_to<ping_atom, int32_t>::with<int32_t>,
                                     caf::replies_to<status_atom>::with<int32_t>,
                                     caf::reacts_to<poke_atom, int32_t>>;

struct probe_state {
  int32_t pokes = 0;
};

// Throws for negative arguments, like a handler meeting input nobody expected.
probe_actor::behavior_type probe(probe_actor::stateful_pointer<probe_state> self) {
  return {
      contain("probe ping",
              [](ping_atom, int32_t x) -> int32_t {
                if (x < 0) throw std::invalid_argument("negative input " + std::to_string(x));
                return x * 2;
              }),
      contain("probe status", [=](status_atom) { return self->state.pokes; }),
      contain("probe poke",
              [=](poke_atom, int32_t x) {
                if (x < 0) throw std::runtime_error("bad poke");
                ++self->state.pokes;
              }),
  };
}

TEST(Containment, AThrowingRequestIsAnsweredAndTheActorKeepsServing) {
  caf::actor_system_config cfg;
  configure_actor_system(cfg);
  caf::actor_system sys{cfg};
  auto p = sys.spawn(probe);
  caf::scoped_actor self{sys};
  auto ask = [&](int32_t x) {
    std::optional<int32_t> value;
    caf::error err;
    self->request(p, std::chrono::seconds(30), ping_atom::value, x)
        .receive([&](int32_t v) { value = v; }, [&](caf::error& e) { err = std::move(e); });
    return std::make_pair(value, err);
  };
  auto [v1, e1] = ask(21);
  EXPECT_EQ(v1, 42);
  auto [v2, e2] = ask(-1);
  EXPECT_FALSE(v2);
  EXPECT_EQ(result_code(e2), "internal");
  EXPECT_NE(error_message(e2).find("probe ping failed: negative input -1"), std::string::npos)
      << error_message(e2);
  auto [v3, e3] = ask(5);  // still alive
  EXPECT_EQ(v3, 10);

  // One-way messages: the bad one is dropped, the others still count.
  self->send(p, poke_atom::value, int32_t{1});
  self->send(p, poke_atom::value, int32_t{-1});
  self->send(p, poke_atom::value, int32_t{1});
  int32_t pokes = -1;
  self->request(p, std::chrono::seconds(30), status_atom::value)
      .receive([&](int32_t n) { pokes = n; },
               [&](caf::error& e) { ADD_FAILURE() << sys.render(e); });
  EXPECT_EQ(pokes, 2);
  caf::anon_send_exit(p, caf::exit_reason::user_shutdown);
}

}  // namespace
}  // namespace mai::actors
