"""Run identities end to end: two `run` processes with different state
directories at once get host ids of their own (native and docker); doctor
shows the ranges; a bad id range in sandbox.yaml is refused with file, line
and field."""
import json
import subprocess
import unittest

import yaml

from harness import BINARY, SOURCE_DIR, CliTestCase
from test_docker import WHY as NO_DOCKER

# Prints the run's view of its identity, then stays alive long enough for the
# other run to start (both are started at once).
PROGRAM = """import os, time
print(json.dumps({'uid': os.getuid(), 'map': open('/proc/self/uid_map').read().split()}))
time.sleep(4)
"""


def _ranges():
    cfg = yaml.safe_load((SOURCE_DIR / "config" / "sandbox.yaml").read_text())
    return cfg["native"]["ids"], cfg["docker"]["ids"]


class TwoServicesAtOnce(CliTestCase):
    def run_two(self, *flags):
        prog = self.write("who.py", "import json\n" + PROGRAM)
        procs = []
        for name in ("service-a", "service-b"):
            cmd = [str(BINARY), "--config", str(self.config), "--state", str(self.tmp / name), "run",
                   "--json", *flags, str(prog)]
            procs.append(subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
        views = []
        for p in procs:
            out, err = p.communicate(timeout=120)
            self.assertEqual(p.returncode, 0, err)
            ex = json.loads(out)["execution"]
            self.assertEqual(ex["exit_code"], 0, ex)
            views.append(json.loads(ex["stdout"].splitlines()[0]))
        return views

    def test_native_runs_have_host_ids_of_their_own(self):
        native, _ = _ranges()
        a, b = self.run_two()
        for view in (a, b):
            self.assertEqual(view["uid"], 1000)  # the sandbox still sees uid 1000
            root, user = int(view["map"][1]), int(view["map"][4])
            self.assertEqual(view["map"][0::3], ["0", "1000"])
            self.assertEqual(user, root + 1)
            self.assertTrue(native["first"] <= root < native["first"] + native["count"], view)
        self.assertFalse({a["map"][1], a["map"][4]} & {b["map"][1], b["map"][4]}, (a, b))

    @unittest.skipIf(NO_DOCKER, NO_DOCKER)
    def test_docker_runs_have_uids_of_their_own(self):
        _, docker = _ranges()
        a, b = self.run_two("--backend", "docker")
        for view in (a, b):
            self.assertTrue(docker["first"] <= view["uid"] < docker["first"] + docker["count"], view)
        self.assertNotEqual(a["uid"], b["uid"])


class DoctorShowsIdentities(CliTestCase):
    def test_ranges_runs_at_once_and_what_is_shared(self):
        native, docker = _ranges()
        res = self.cli("doctor", "--json", "--quick")
        self.assertIn(res.code, (0, 1), res)
        ids = res.json()["run_identities"]
        self.assertEqual(ids["native"]["first"], native["first"])
        self.assertEqual(ids["native"]["max_concurrent_runs"], native["count"] // 2)
        self.assertEqual(ids["docker"]["max_concurrent_runs"], docker["count"])
        self.assertEqual(ids["native"]["ids_per_run"], 2)
        self.assertTrue(any("user namespace" in s for s in ids["docker"]["shared"]), ids["docker"])
        text = self.cli("doctor", "--quick")
        self.assertIn("Run identities", text.stdout)
        self.assertIn("up to %d runs at once" % (native["count"] // 2), text.stdout)


class BadIdRange(CliTestCase):
    def with_sandbox_yaml(self, edit):
        return self.edit_config("sandbox.yaml", edit)

    def test_nobody_in_the_range_names_file_line_and_field(self):
        path = self.with_sandbox_yaml(lambda t: t.replace("first: 1870000", "first: 60000"))
        res = self.cli("run", SOURCE_DIR / "examples" / "hello.py")
        self.assertEqual(res.code, 2, res)
        self.assertRegex(res.stderr, str(path) + r":\d+: field 'native\.ids': .*65534")

    def test_too_small_for_the_capacity(self):
        self.with_sandbox_yaml(lambda t: t.replace("max_concurrent: 0", "max_concurrent: 64")
                               .replace("first: 1940000\n    count: 65536", "first: 1940000\n    count: 10"))
        res = self.cli("doctor", "--quick")
        self.assertEqual(res.code, 2, res)
        self.assertIn("field 'docker.ids.count'", res.stderr)
        self.assertIn("capacity of 64", res.stderr)


if __name__ == "__main__":
    unittest.main()
