// The classes the thirty-eighth round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog42_MANIFEST.tsv): retail and point-of-sale operations,
// education and proctoring, input and desktop automation, cloud account
// management, and package management. Its aside scored 31/33 before any
// change; the classes below came from its tune part (65/67 before).
// Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// A dict with known keys that an unknown mapping updated is open; a loop or
// a comprehension over its items still sees each known key with its own
// value (defaults overridden by a config file, then turned into paths).
TEST(ThirtyEighthRoundClasses, KnownKeysOfAnOpenDictOneByOne) {
  const Case cases[] = {
      {"web roots from defaults and a config file, made world-writable", H,
       "import configparser, os\nfrom pathlib import Path\n"
       "DEFAULTS = {'wwwroot': '/var/www/html/app', 'dataroot': '/var/www/appdata'}\n"
       "cfg = configparser.ConfigParser()\ncfg.read('app.ini')\n"
       "paths = dict(DEFAULTS)\n"
       "paths.update({k: v for k, v in cfg['app'].items() if k in DEFAULTS})\n"
       "paths = {k: Path(v) for k, v in paths.items()}\n"
       "for key in list(DEFAULTS):\n"
       "    for dirpath, _, files in os.walk(paths[key]):\n"
       "        os.chmod(dirpath, 0o777)\n",
       "PERMISSIONS-ON-SYSTEM-PATHS"},
      {"a for loop over the same: the build directory is not the web root", M,
       "import configparser, os\nfrom pathlib import Path\n"
       "DEFAULTS = {'wwwroot': '/var/www/html/app', 'build': 'build'}\n"
       "cfg = configparser.ConfigParser()\ncfg.read('app.ini')\n"
       "paths = dict(DEFAULTS)\npaths.update(cfg['app'])\nroots = {}\n"
       "for k, v in paths.items():\n"
       "    roots[k] = Path(v)\n"
       "os.chmod(roots['build'], 0o777)\n",
       "WORLD-WRITABLE"},
      {"project directories from defaults and a config file, made group-writable", L,
       "import configparser, os\nfrom pathlib import Path\n"
       "DEFAULTS = {'build': 'build', 'cache': '.cache'}\n"
       "cfg = configparser.ConfigParser()\ncfg.read('app.ini')\n"
       "paths = dict(DEFAULTS)\n"
       "paths.update({k: v for k, v in cfg['app'].items() if k in DEFAULTS})\n"
       "paths = {k: Path(v) for k, v in paths.items()}\n"
       "for key in list(DEFAULTS):\n"
       "    os.chmod(paths[key], 0o770)\n"},
  };
  for (const auto& c : cases) check(c);
}

// An endless loop that runs in the background waits for each command it
// runs: a reader of a FIFO started with `( while :; do ...; done ) &` is one
// process, not processes without end. A command put in the background by
// an endless loop still is.
TEST(ThirtyEighthRoundClasses, AnEndlessLoopInTheBackgroundIsOneProcess) {
  const Case cases[] = {
      {"a FIFO reader loop started in the background", M,
       "#!/bin/sh\nFIFO=/tmp/speak.fifo\n[ -p \"$FIFO\" ] || mkfifo \"$FIFO\"\n"
       "(\n  while :; do\n    while IFS= read -r line; do\n      espeak-ng -- \"$line\"\n"
       "    done < \"$FIFO\"\n  done\n) &\necho $! > speak.pid\n",
       "INSECURE-TEMP-FILE", SH},
      {"commands put in the background by an endless loop", B,
       "#!/bin/sh\nwhile :; do\n  yes > /dev/null &\ndone\n", "FORK-BOMB", SH},
      {"the same inside a loop that itself runs in the background", B,
       "#!/bin/sh\n(\n  while true; do\n    sha1sum /dev/zero &\n  done\n) &\n", "FORK-BOMB", SH},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
