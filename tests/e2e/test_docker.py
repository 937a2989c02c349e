"""The docker backend end to end: the same runs, statuses and results as
native (hello, timeout 124, memory 137, the JSON result), a deps `pip
download` through the proxy, a supervisor killed mid-run whose container
the next start removes, and serve's warm containers (same results as cold
runs, each used once, none left after a stop or, after a crash, the next start). Skips, saying why, where no Docker daemon or image is."""
import json
import os
import shutil
import signal
import subprocess
import time
import unittest
import urllib.parse
from pathlib import Path

import yaml

from harness import BINARY, EXAMPLES, SOURCE_DIR, CliTestCase, validate
from service import Service
from test_network import INDEX_HOST, PROGRAM, WHEEL, Index

SOCKET = "/var/run/docker.sock"


def _config():
    return yaml.safe_load((SOURCE_DIR / "config" / "sandbox.yaml").read_text())["docker"]


def docker_get(path):
    """GET on the daemon's API with curl (the tests may use tools the backend may not)."""
    proc = subprocess.run(["curl", "-sf", "--max-time", "5", "--unix-socket", SOCKET,
                           "http://docker/v1.41" + path], capture_output=True, text=True)
    return proc.returncode, proc.stdout


def why_no_docker():
    if not shutil.which("curl"):
        return "curl is not installed"
    code, _ = docker_get("/_ping")
    if code != 0:
        return f"no Docker daemon answers on {SOCKET} (tools/start-dockerd.sh starts one)"
    image = _config()["image"]
    code, _ = docker_get("/images/" + urllib.parse.quote(image, safe="") + "/json")
    if code != 0:
        return f"the image {image} is missing (tools/build-docker-image.sh builds it)"
    return None


WHY = why_no_docker()


def runs_left(scratch):
    """What a scratch root holds besides the marker that Docker runs were
    made there (it stays: docs/docker.md, "After a crash")."""
    return [p.name for p in Path(scratch).iterdir() if p.name != ".docker-runs"]


def containers_of(scratch_root):
    filters = json.dumps({"label": [f"mai-sandbox.scratch={scratch_root}"]})
    code, out = docker_get("/containers/json?all=1&filters=" + urllib.parse.quote(filters))
    assert code == 0, out
    return json.loads(out)


@unittest.skipIf(WHY, WHY)
class DockerRuns(CliTestCase):
    def test_hello_prints_and_exits_zero(self):
        res = self.cli("run", "--backend", "docker", EXAMPLES / "hello.py")
        self.assertEqual(res.code, 0, res)
        self.assertIn("Hello from inside mai-sandbox!", res.stdout)

    def test_hello_json_result(self):
        result = self.run_json("--backend", "docker", EXAMPLES / "hello.py")
        self.assertEqual(result["status"], "completed", result)
        ex = result["execution"]
        self.assertEqual(ex["backend"], "docker")
        self.assertEqual(ex["termination"], "exited")
        self.assertEqual(ex["exit_code"], 0)
        self.assertIsNone(ex["signal"])
        self.assertIn("Hello from inside mai-sandbox!", ex["stdout"])
        for f in ("pid", "net", "mount", "ipc", "uts", "cgroup", "seccomp", "no_new_privs",
                  "caps_dropped", "read_only_root"):
            self.assertIn(f, ex["isolation"])
        self.assertNotIn("user", ex["isolation"])  # no user namespace under Docker: not claimed
        self.assertGreater(ex["cpu_ms"] + ex["peak_memory_bytes"], 0, ex)
        self.assertEqual(containers_of(str(self.state / "runs")), [])

    def test_timeout_is_124(self):
        res = self.cli("run", "--backend", "docker", "--timeout", "2", EXAMPLES / "sleeper.py")
        self.assertEqual(res.code, 124, res)
        self.assertIn("going to sleep", res.stdout)
        ex = self.run_json("--backend", "docker", "--timeout", "1500ms", EXAMPLES / "sleeper.py")["execution"]
        self.assertEqual((ex["termination"], ex["exit_code"]), ("timeout", 124))
        self.assertGreaterEqual(ex["wall_ms"], 1400)
        self.assertLess(ex["wall_ms"], 10000)

    def test_memory_kill_is_137(self):
        res = self.cli("run", "--backend", "docker", "--memory", "64MiB", EXAMPLES / "memory_hog.py")
        self.assertEqual(res.code, 137, res)
        self.assertIn("memory", res.stderr)
        ex = self.run_json("--backend", "docker", "--memory", "64MiB", EXAMPLES / "memory_hog.py")["execution"]
        self.assertEqual((ex["termination"], ex["exit_code"]), ("memory_limit", 137))
        self.assertLessEqual(ex["peak_memory_bytes"], 64 << 20)

    def test_exit_status_and_signal(self):
        prog = self.write("exit7.py", "import sys\nsys.exit(7)\n")
        self.assertEqual(self.cli("run", "--backend", "docker", prog).code, 7)
        prog = self.write("sig.py", "import os, signal\nos.kill(os.getpid(), signal.SIGTERM)\n")
        ex = self.run_json("--backend", "docker", prog)["execution"]
        self.assertEqual((ex["termination"], ex["exit_code"], ex["signal"]), ("signaled", 143, 15))

    def test_missing_image_is_125_with_what_to_do(self):
        def no_such_image(text):
            sandbox = yaml.safe_load(text)
            sandbox["docker"]["image"] = "mai-sandbox-no-such-image:1"
            validate(sandbox, "sandbox-config.schema.json")
            return yaml.safe_dump(sandbox)
        self.edit_config("sandbox.yaml", no_such_image)
        for json_flag in ([], ["--json"]):
            res = self.cli("run", *json_flag, "--backend", "docker", EXAMPLES / "hello.py")
            self.assertEqual(res.code, 125, res)
            self.assertIn("docker_image_missing", res.stderr)
            self.assertIn("build-docker-image.sh", res.stderr)

    def test_private_mount_namespace_is_refused_and_leaves_nothing(self):
        # The daemon resolves the bind of the run's /sandbox tmpfs in its own
        # mount namespace: from a private one it would bind the empty
        # directory beneath. Refused before any container exists.
        if not shutil.which("unshare"):
            self.skipTest("unshare is not installed")
        proc = subprocess.run(["unshare", "--mount", str(BINARY), "--config", str(self.config),
                               "--state", str(self.state), "run", "--backend", "docker",
                               str(EXAMPLES / "hello.py")], capture_output=True, text=True, timeout=120)
        self.assertEqual(proc.returncode, 125, proc.stderr)
        self.assertIn("does not see this process's mount", proc.stderr)
        self.assertNotIn("Hello", proc.stdout)
        scratch = self.state / "runs"
        self.assertEqual(containers_of(str(scratch)), [])
        self.assertEqual(runs_left(scratch), [])

    def test_doctor_checks_the_daemon_sees_our_mounts(self):
        res = self.cli("doctor", "--json")
        self.assertIn(res.code, (0, 1), res)
        docker = res.json()["docker"]
        self.assertIs(docker["mounts_visible"], True, docker)
        self.assertTrue(docker["ok"], docker)
        if not shutil.which("unshare"):
            self.skipTest("unshare is not installed")
        proc = subprocess.run(["unshare", "--mount", str(BINARY), "--config", str(self.config),
                               "--state", str(self.state), "doctor", "--json"],
                              capture_output=True, text=True, timeout=120)
        docker = json.loads(proc.stdout)["docker"]
        self.assertIs(docker["mounts_visible"], False, docker)
        self.assertFalse(docker["ok"])
        self.assertIn("another mount namespace", docker["problem"])
        self.assertEqual(runs_left(self.state / "runs"), [])  # the probe's mount is gone

    def test_doctor_reports_docker(self):
        res = self.cli("doctor", "--json", "--quick")
        self.assertIn(res.code, (0, 1), res)
        docker = res.json()["docker"]
        self.assertTrue(docker["ok"], docker)
        self.assertTrue(docker["daemon"])
        self.assertTrue(docker["image_present"])
        self.assertRegex(docker["api_version"], r"^1\.\d+$")


@unittest.skipIf(WHY, WHY)
class DockerDepsNetwork(CliTestCase):
    def setUp(self):
        super().setUp()
        self.index = Index(self.tmp / "index")
        def allow_the_index(text):
            network = yaml.safe_load(text)
            network["allow"] = [INDEX_HOST]
            network["resolve"] = {INDEX_HOST: f"127.0.0.1:{self.index.port}"}
            return yaml.safe_dump(network)
        self.edit_config("network.yaml", allow_the_index)

    def tearDown(self):
        self.index.close()
        super().tearDown()

    def test_pip_download_through_the_proxy_and_nothing_else(self):
        program = self.write("fetch.py", PROGRAM.replace("PORT", str(self.index.port)))
        result = self.run_json("--backend", "docker", "--network", "deps", "--trust", "trusted",
                               "--origin", "mai", program, timeout=180)
        self.assertEqual(result["status"], "completed", result)
        ex = result["execution"]
        self.assertEqual((ex["backend"], ex["network"]), ("docker", "deps"))
        out = ex["stdout"]
        self.assertIn("PIP-EXIT 0", out, ex["stderr"])
        self.assertIn(WHEEL, out)
        self.assertIn("RAW-BLOCKED", out)
        self.assertIn("NAME-BLOCKED", out)
        self.assertIn("ELSEWHERE-REFUSED 403", out)
        paths = [p for p, _ in self.index.paths]
        self.assertIn(f"/packages/{WHEEL}", paths)
        allowed = [e for e in ex["network_events"] if e["decision"] == "allow"]
        self.assertTrue(allowed, ex["network_events"])
        # Both containers (the program's and the network holder) are gone.
        self.assertEqual(containers_of(str(self.state / "runs")), [])


def mounts_under(directory):
    """Mount points of this mount namespace below `directory`."""
    with open("/proc/self/mountinfo") as f:
        points = [line.split()[4] for line in f]
    return [p for p in points if p.startswith(directory + "/")]


@unittest.skipIf(WHY, WHY)
class DockerSupervisorKilled(CliTestCase):
    def test_next_start_removes_the_container_and_closes_the_run(self):
        prog = self.write("long.py", (
            "import os, time\n"
            "os.symlink('/etc', '/sandbox/etc')\n"
            "open('/sandbox/partial', 'w').write('x')\n"
            "print('started', flush=True)\ntime.sleep(600)\n"))
        data = self.write("data.txt", "input\n")
        proc = subprocess.Popen([str(BINARY), "--config", str(self.config), "--state", str(self.state),
                                 "run", "--backend", "docker", "--input", str(data), "--collect-tmp", str(prog)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.addCleanup(proc.wait)
        self.addCleanup(proc.kill)
        scratch = str(self.state / "runs")
        # Wait until the program's container runs.
        deadline = time.time() + 30
        while time.time() < deadline and not any(c["State"] == "running" for c in containers_of(scratch)):
            time.sleep(0.05)
        time.sleep(0.3)
        self.assertEqual(len(containers_of(scratch)), 1)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        # The daemon keeps the container after its supervisor died, but its
        # program does not run on unwatched (it ran until the next start,
        # past its timeout): our init ends it once the supervisor is gone...
        left = containers_of(scratch)
        self.assertEqual(len(left), 1)
        self.wait_until(lambda: containers_of(scratch), lambda c: c and c[0]["State"] != "running",
                        "the program's container ending with its supervisor", timeout=60)
        # and the host's tmpfs mounts of its /sandbox and /tmp stay mounted...
        self.assertEqual(len(mounts_under(scratch)), 2)
        # ...until the next start removes it and records why, detaching them
        # (nothing the code left in them is walked).
        res = self.cli("run", EXAMPLES / "hello.py")
        self.assertEqual(res.code, 0, res)
        self.assertEqual(containers_of(scratch), [])
        self.assertEqual(mounts_under(scratch), [])
        # Nothing of any run is left; the marker that Docker runs were made
        # here stays (docs/docker.md, "After a crash").
        self.assertEqual([p.name for p in (self.state / "runs").iterdir()], [".docker-runs"])
        verify = self.cli("audit", "verify")
        self.assertEqual(verify.code, 0, verify)
        shown = self.cli("audit", "show", "--type", "execution.abandoned", "--json")
        self.assertIn("supervising mai-sandbox process died", shown.stdout)


def running_names(scratch_root):
    return {c["Names"][0] for c in containers_of(scratch_root) if c["State"] == "running"}


@unittest.skipIf(WHY, WHY)
class DockerWarmService(CliTestCase):
    """serve keeps warm containers (config warm:, docker: true)."""

    def wait_for_full_pool(self, scratch):
        """The pool's first containers all wait: one per trust level's Python
        shape (warm.min 1), each running, and none still being built. A
        container whose service dies between its attach and its start may be
        started by the daemon with nobody left to end its stdin, so a crash
        test kills the service only once no build is in flight."""
        shapes = len(yaml.safe_load((Path(self.config) / "sandbox.yaml").read_text())["trust_levels"])

        def settled():
            states = [c["State"] for c in containers_of(scratch)]
            return len(states) >= shapes and all(s == "running" for s in states)
        deadline = time.time() + 180
        while time.time() < deadline and not settled():
            time.sleep(0.1)
        self.assertTrue(settled(), containers_of(scratch))

    def assert_one_was_taken(self, scratch, waiting):
        """One of the `waiting` containers ran the submission. Its result
        comes from our init's report, before the daemon has processed the
        container's end, and until then the daemon lists it as running."""
        deadline = time.time() + 60
        while not waiting - running_names(scratch) and time.time() < deadline:
            time.sleep(0.1)
        self.assertTrue(waiting - running_names(scratch), (waiting, containers_of(scratch)))

    def test_warm_runs_match_cold_ones_and_a_stop_leaves_no_container(self):
        scratch = str(self.state / "runs")
        service = Service(self.state, self.config)
        try:
            cases = [(EXAMPLES / "hello.py", []),
                     (self.write("exit7.py", "import sys\nprint('out')\nsys.exit(7)\n"), []),
                     (EXAMPLES / "sleeper.py", ["--timeout", "2"]),
                     (EXAMPLES / "memory_hog.py", ["--memory", "64MiB"])]
            for prog, extra in cases:
                with self.subTest(prog=prog.name):
                    # Every shape built: with only one container up, the run's
                    # shape may still be on its way and the run start cold.
                    waiting = self.wait_for_every_shape(scratch)
                    warm = self.cli("submit", "--server", service.address, "--backend", "docker", *extra, prog)
                    # The run took a container that was waiting (it is gone now)...
                    self.assert_one_was_taken(scratch, waiting)
                    cold = self.cli("run", "--state", self.tmp / "cold", "--backend", "docker", *extra, prog,
                                    state=False)
                    # ...and ended as a cold run does: 0, 7, timeout 124, memory kill 137.
                    self.assertEqual(warm.code, cold.code, (warm, cold))
                    self.assertEqual(warm.stdout, cold.stdout)
        finally:
            self.assertEqual(service.stop(), 0)
        self.assertEqual(containers_of(scratch), [])
        self.assertEqual(mounts_under(scratch), [])

    def wait_for_every_shape(self, scratch):
        """The running containers once the pool has built every shape's (no
        new one for 3 s): then the run's own shape is among them."""
        deadline = time.time() + 120
        names, since = running_names(scratch), time.time()
        while time.time() < deadline and (not names or time.time() - since < 3):
            time.sleep(0.2)
            now = running_names(scratch)
            if now != names:
                names, since = now, time.time()
        self.assertTrue(names, containers_of(scratch))
        return names

    def test_a_warm_run_lists_its_files_and_the_next_sees_none_of_them(self):
        scratch = str(self.state / "runs")
        service = Service(self.state, self.config)
        leave = self.write("leave.py", (
            "import os\n"
            "open('/sandbox/left.txt', 'w').write('left')\n"
            "open('/tmp/t.txt', 'w').write('tmp')\n"
            "os.symlink('/etc/passwd', '/sandbox/link')\n"
            "print(sorted(os.listdir('/sandbox')))\n"))
        look = self.write("look.py", (
            "import os\n"
            "print(sorted(os.listdir('/sandbox')), sorted(os.listdir('/tmp')))\n"))
        try:
            results = []
            for prog, extra in ((leave, ["--collect-tmp"]), (look, [])):
                waiting = self.wait_for_every_shape(scratch)
                res = self.cli("submit", "--server", service.address, "--backend", "docker", "--json",
                               *extra, prog)
                self.assertEqual(res.code, 0, res)
                self.assert_one_was_taken(scratch, waiting)
                result = res.json()
                validate(result, "result.schema.json")
                results.append(result["execution"])
            first, second = results
            self.assertEqual(first["stdout"], "['left.txt', 'link', 'main.py']\n")
            files = {f["path"]: f for f in first["files"]}
            # The code is what the host placed (not listed); the rest is the run's.
            self.assertEqual(set(files), {"/sandbox/left.txt", "/sandbox/link", "/tmp/t.txt"})
            self.assertEqual(files["/sandbox/left.txt"]["size"], 4)
            # The next warm run has its own /sandbox and /tmp: nothing of the first.
            self.assertEqual(second["stdout"], "['main.py'] []\n")
            self.assertEqual(second["files"], [])
        finally:
            self.assertEqual(service.stop(), 0)
        self.assertEqual(containers_of(scratch), [])
        self.assertEqual(mounts_under(scratch), [])
        self.assertTrue(os.path.exists("/etc/passwd"))

    def test_after_a_crash_the_next_start_removes_the_warm_containers(self):
        scratch = str(self.state / "runs")
        service = Service(self.state, self.config)
        self.wait_for_full_pool(scratch)
        service.proc.kill()
        service.stop()
        # The daemon keeps them after their service died; a waiting one sees
        # its stdin end without a go and exits, running nothing...
        self.assertTrue(containers_of(scratch))
        deadline = time.time() + 60
        while time.time() < deadline and running_names(scratch):
            time.sleep(0.1)
        self.assertEqual(running_names(scratch), set())
        # ...and the next start removes them.
        res = self.cli("run", EXAMPLES / "hello.py")
        self.assertEqual(res.code, 0, res)
        self.assertEqual(containers_of(scratch), [])
        self.assertEqual(runs_left(self.state / "runs"), [])
        verify = self.cli("audit", "verify")
        self.assertEqual(verify.code, 0, verify)


if __name__ == "__main__":
    unittest.main()
