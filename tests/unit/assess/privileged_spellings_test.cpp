// Privileged actions (HIGH) and servers on all interfaces (MEDIUM) in library
// spellings the model lacked (issue 14, fifth round), each with the ordinary
// use next to it. Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {


TEST(PrivilegedSpellings, LibrariesThatChangeTheSystem) {
  const Case cases[] = {
      {"fileinput rewriting /etc/hosts in place", H,
       "import fileinput\nfor line in fileinput.input('/etc/hosts', inplace=True):\n    print(line.replace('old', 'new'), end='')\n",
       "SYSTEM-MODIFICATION"},
      {"fileinput only reading", L, "import fileinput\nfor line in fileinput.input('notes.txt'):\n    print(line, end='')\n",
       nullptr},
      {"python-iptables inserting a rule", H,
       "import iptc\nchain = iptc.Chain(iptc.Table(iptc.Table.FILTER), 'INPUT')\nrule = iptc.Rule()\n"
       "rule.target = iptc.Target(rule, 'DROP')\nchain.insert_rule(rule)\n",
       "SYSTEM-ADMINISTRATION"},
      {"nsenter into PID 1's namespaces", H, "nsenter -t 1 -m -u -i -n -p sh\n", "PRIVILEGE-ESCALATION", Language::shell},
      {"systemd restarted over D-Bus", H,
       "import dbus\nbus = dbus.SystemBus()\nsd = bus.get_object('org.freedesktop.systemd1', '/org/freedesktop/systemd1')\n"
       "manager = dbus.Interface(sd, 'org.freedesktop.systemd1.Manager')\nmanager.RestartUnit('nginx.service', 'replace')\n",
       "SYSTEM-ADMINISTRATION"},
  };
  for (const auto& c : cases) check(c);
}

TEST(PrivilegedSpellings, ServersOnAllInterfaces) {
  const Case cases[] = {
      {"bottle on 0.0.0.0", M, "from bottle import route, run\n@route('/')\ndef index():\n    return 'hi'\nrun(host='0.0.0.0', port=8080)\n",
       "LISTENS-ON-ALL-INTERFACES"},
      {"a Bottle app in debug mode on loopback", M,
       "import bottle\napp = bottle.Bottle()\napp.run(host='127.0.0.1', port=8080, debug=True)\n", "DEBUG-OR-FILE-SERVER"},
      {"bottle on loopback", L, "from bottle import run\nrun(host='localhost', port=8080)\n", nullptr},
      {"waitress on 0.0.0.0", M, "from waitress import serve\nimport app\nserve(app.app, host='0.0.0.0', port=8080)\n",
       "LISTENS-ON-ALL-INTERFACES"},
      {"an XML-RPC server on 0.0.0.0", M,
       "from xmlrpc.server import SimpleXMLRPCServer\ns = SimpleXMLRPCServer(('0.0.0.0', 8000))\ns.serve_forever()\n",
       "LISTENS-ON-ALL-INTERFACES"},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
