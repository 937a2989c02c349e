// mai-basp-attack: a hostile but authenticated peer of `mai-sandbox serve`,
// for the end-to-end tests of the tunnel's BASP gate (docs/remote.md). It
// opens a real tunnel (plain or mutual TLS), lets CAF do the real BASP
// handshake, and then sends one kind of message a well-behaved client never
// sends, through CAF itself so the bytes are exactly what CAF would put on the
// wire:
//   exit      an exit_msg (reason kill) to the front door
//   error     a bare error message to the front door
//   link      link a local actor to the front door, then die with an error
//   response  forged responses (RunResult) for the front door's next request ids
// Prints "sent" once the message is out, then waits until the service closes
// the connection or --linger passes; prints "closed" or "open". Exit 0 either way.
#include <CLI/CLI.hpp>

#include <chrono>
#include <iostream>
#include <thread>

#include "common/endpoint.hpp"
#include "protocol/actor_system.hpp"
#include "protocol/interfaces.hpp"
#include "protocol/networking.hpp"
#include "protocol/remote_endpoint.hpp"
#include "transport/tunnel_client.hpp"

namespace {

struct Config : caf::actor_system_config {
  Config() {
    mai::protocol::configure_actor_system(*this);
    mai::protocol::configure_networking(*this, mai::protocol::Heartbeats{});
  }
};

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Send one hostile BASP message to a mai-sandbox service"};
  std::string server, mode, cert, key, ca;
  int linger_ms = 3000;
  app.add_option("--server", server, "HOST:PORT")->required();
  app.add_option("--mode", mode, "exit | error | link | response")
      ->required()
      ->check(CLI::IsMember({"exit", "error", "link", "response"}));
  app.add_option("--tls-cert", cert);
  app.add_option("--tls-key", key);
  app.add_option("--tls-ca", ca);
  app.add_option("--linger", linger_ms, "ms to wait for the service to close the connection");
  CLI11_PARSE(app, argc, argv);

  mai::transport::TunnelClientSettings t;
  mai::Endpoint ep = mai::parse_endpoint(server, "--server", false);
  t.host = ep.host;
  t.port = ep.port;
  if (!cert.empty()) t.tls = mai::transport::TlsContext::client({cert, key, ca});
  auto tunnel = mai::transport::TunnelClient::connect(t);

  Config cfg;
  caf::actor_system sys{cfg};
  auto door = mai::protocol::connect_published<mai::protocol::front_door_actor>(
      sys, tunnel->take_local_fd(), caf::timespan{std::chrono::seconds(5)});
  if (!door) {
    std::cerr << "mai-basp-attack: " << sys.render(door.error()) << "\n";
    return 125;
  }
  auto target = caf::actor_cast<caf::strong_actor_ptr>(*door);
  if (mode == "exit") {
    caf::anon_send_exit(*door, caf::exit_reason::kill);
  } else if (mode == "error") {
    caf::anon_send(caf::actor_cast<caf::actor>(*door), caf::make_error(caf::sec::runtime_error));
  } else if (mode == "link") {
    auto doomed = sys.spawn([target](caf::event_based_actor* self) -> caf::behavior {
      self->link_to(caf::actor_cast<caf::actor>(target));
      self->quit(caf::make_error(caf::sec::runtime_error));
      return {};
    });
  } else {
    // The front door numbers its requests 1, 2, ...: answer the next ones
    // before the gateway does, with a result nobody computed.
    for (uint64_t id = 1; id <= 64; ++id) {
      mai::RunResult forged;
      forged.request_id = "forged";
      target->enqueue(caf::make_mailbox_element(nullptr, caf::make_message_id(id).response_id(),
                                                {}, forged),
                      nullptr);
    }
  }
  std::cout << "sent" << std::endl;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(linger_ms);
  while (tunnel->open() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  std::cout << (tunnel->open() ? "open" : "closed") << std::endl;
  return 0;
}
