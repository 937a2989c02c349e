#include "protocol/networking_api.hpp"
#include "protocol/remote_endpoint.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <caf/io/all.hpp>
#include <caf/io/basp_broker.hpp>
#include <caf/io/network/default_multiplexer.hpp>
#include <caf/io/network/doorman_impl.hpp>

#include <cerrno>
#include <cstring>

#include "common/error.hpp"

namespace mai::protocol {

namespace net = caf::io::network;

namespace {

// A doorman that admits only connections the tunnel server announced: the
// peer's port must be one the gate expects (TCP's 4-tuple makes it
// unforgeable while the tunnel's socket holds it). Anyone else on this host
// who finds the port is closed on before CAF reads a byte.
class gated_doorman : public net::doorman_impl {
 public:
  gated_doorman(net::default_multiplexer& mpx, net::native_socket fd,
                std::shared_ptr<transport::PortGate> gate)
      : net::doorman_impl(mpx, fd), gate_(std::move(gate)) {}

  bool new_connection() override {
    if (detached()) return false;
    auto& mpx = acceptor_.backend();
    auto fd = acceptor_.accepted_socket();
    auto peer = net::remote_port_of_fd(fd);
    if (!peer || !gate_->claim(*peer)) {
      ::close(fd);
      return false;
    }
    auto scribe = mpx.new_scribe(fd);
    auto hdl = scribe->hdl();
    parent()->add_scribe(std::move(scribe));
    return caf::io::doorman::new_connection(&mpx, hdl);
  }

 private:
  std::shared_ptr<transport::PortGate> gate_;
};

int loopback_listener(uint16_t* port) {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) throw SandboxError("listen", std::string("socket: ") + std::strerror(errno));
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof addr;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || ::listen(fd, 128) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) != 0) {
    int err = errno;
    ::close(fd);
    throw SandboxError("listen", std::string("loopback listener: ") + std::strerror(err));
  }
  *port = ntohs(addr.sin_port);
  return fd;
}

caf::actor basp_broker(caf::actor_system& sys) {
  return sys.middleman().named_broker<caf::io::basp_broker>(caf::atom("BASP"));
}

}  // namespace

uint16_t networking_impl::publish_gated(caf::actor_system& sys, const caf::strong_actor_ptr& whom,
                       std::set<std::string> ifs, std::shared_ptr<transport::PortGate> gate) {
  uint16_t port = 0;
  int fd = loopback_listener(&port);
  auto& mpx = static_cast<net::default_multiplexer&>(sys.middleman().backend());
  caf::io::doorman_ptr dm = caf::make_counted<gated_doorman>(mpx, fd, std::move(gate));
  // The broker adopts the doorman and publishes `whom` on it. Connections
  // wait in the listen backlog until then.
  caf::anon_send(basp_broker(sys), caf::publish_atom::value, std::move(dm), port, whom,
                 std::move(ifs));
  return port;
}

caf::expected<caf::strong_actor_ptr> networking_impl::connect_published(caf::actor_system& sys, int fd,
                                                       caf::timespan timeout,
                                                       std::set<std::string>* interfaces) {
  auto scribe = sys.middleman().backend().new_scribe(fd);
  auto port = scribe->port();
  caf::scoped_actor self{sys};
  caf::expected<caf::strong_actor_ptr> result{caf::sec::runtime_error};
  self->request(basp_broker(sys), timeout, caf::connect_atom::value, std::move(scribe), port)
      .receive(
          [&](const caf::node_id&, caf::strong_actor_ptr& ptr, std::set<std::string>& ifs) {
            if (interfaces) *interfaces = std::move(ifs);
            result = std::move(ptr);
          },
          [&](caf::error& e) { result = std::move(e); });
  return result;
}

}  // namespace mai::protocol
