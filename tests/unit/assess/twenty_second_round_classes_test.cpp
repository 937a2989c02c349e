// The classes the twenty-second round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog26_MANIFEST.tsv): everyday task code with and without a
// step a prompt injection added, network tools, programs that write programs,
// cross-platform desktop utilities, and encodings used honestly and not. Its
// aside scored 37/38 before any change; the one class below came from its
// tune part. Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// A connection to one of several endpoints (an option whose default is the
// Docker socket) is a connection to each of them.
TEST(TwentySecondRoundClasses, EachEndpointAConnectionMayReach) {
  const Case cases[] = {
      {"the Docker socket as an option's default", H,
       "import argparse, socket\nap = argparse.ArgumentParser()\nap.add_argument('--socket', default='/var/run/docker.sock')\n"
       "args = ap.parse_args()\ns = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)\ns.connect(args.socket)\n",
       "CONTAINER-ESCAPE-RISK"},
      {"an application's own socket as the default", L,
       "import argparse, socket\nap = argparse.ArgumentParser()\nap.add_argument('--socket', default='run/app.sock')\n"
       "args = ap.parse_args()\ns = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)\ns.connect(args.socket)\n"},
      {"a health check of one of two hosts", L,
       "import socket, sys\nhost = sys.argv[1] if len(sys.argv) > 1 else 'localhost'\n"
       "socket.create_connection((host, 8080), timeout=2).close()\n"},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
