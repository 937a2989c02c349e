// The classes the forty-first round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog45_MANIFEST.tsv): game servers, HPC batch clusters,
// container image building, cross-platform installers, and bash-heavy
// DevOps glue. Its aside scored 34/35 before any change; the class below
// came from its tune part (64/65 before). Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// A UDP server (socketserver's UDPServer and its threading and forking
// kinds) bound to every interface listens on all of them, as a TCP one does.
TEST(FortyFirstRoundClasses, UdpServersBoundToEveryInterface) {
  const Case cases[] = {
      {"a threading UDP status responder on 0.0.0.0", M,
       "import socketserver\n"
       "class Handler(socketserver.BaseRequestHandler):\n"
       "    def handle(self):\n"
       "        data, sock = self.request\n"
       "        sock.sendto(b'{\"players\": 3}', self.client_address)\n"
       "class Server(socketserver.ThreadingUDPServer):\n"
       "    def __init__(self, addr):\n"
       "        super().__init__(addr, Handler)\n"
       "Server(('0.0.0.0', 2457)).serve_forever()\n",
       "LISTENS-ON-ALL-INTERFACES"},
      {"a forking UDP responder on 0.0.0.0", M,
       "import socketserver\n"
       "class Handler(socketserver.DatagramRequestHandler):\n"
       "    def handle(self):\n"
       "        self.wfile.write(b'pong')\n"
       "socketserver.ForkingUDPServer(('0.0.0.0', 9999), Handler).serve_forever()\n",
       "LISTENS-ON-ALL-INTERFACES"},
      {"the same on loopback", L,
       "import socketserver\n"
       "class Handler(socketserver.DatagramRequestHandler):\n"
       "    def handle(self):\n"
       "        self.wfile.write(b'pong')\n"
       "socketserver.ThreadingUDPServer(('127.0.0.1', 9999), Handler).serve_forever()\n"},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
