"""`mai-sandbox run` end to end: the examples, exit statuses and JSON results."""
import unittest

from harness import EXAMPLES, CliTestCase, processes_in_cgroups_of


class RunExamples(CliTestCase):
    def test_hello_prints_and_exits_zero(self):
        res = self.cli("run", EXAMPLES / "hello.py")
        self.assertEqual(res.code, 0, res)
        self.assertIn("Hello from inside mai-sandbox!", res.stdout)

    def test_hello_json_result(self):
        result = self.run_json(EXAMPLES / "hello.py")
        self.assertEqual(result["status"], "completed")
        ex = result["execution"]
        self.assertEqual(ex["termination"], "exited")
        self.assertEqual(ex["exit_code"], 0)
        self.assertIsNone(ex["signal"])
        self.assertIn("Hello from inside mai-sandbox!", ex["stdout"])
        self.assertEqual(ex["trust"], "unknown")
        self.assertEqual(ex["network"], "none")
        self.assertEqual(ex["backend"], "native")
        for ns in ("user", "pid", "net", "mount", "ipc", "uts", "read_only_root"):
            self.assertIn(ns, ex["isolation"])
        self.assertEqual(result["assessment"]["level"], "LOW")
        receipt = result["audit"]
        self.assertLessEqual(receipt["seq_first"], receipt["seq_last"])
        self.assertGreater(receipt["tree_size"], receipt["seq_last"])

    def test_memory_hog_is_killed_for_memory(self):
        res = self.cli("run", "--memory", "64MiB", EXAMPLES / "memory_hog.py")
        self.assertEqual(res.code, 137, res)
        self.assertIn("memory", res.stderr)
        result = self.run_json("--memory", "64MiB", EXAMPLES / "memory_hog.py")
        self.assertEqual(result["execution"]["termination"], "memory_limit")
        self.assertEqual(result["execution"]["exit_code"], 137)

    def test_sleeper_times_out(self):
        res = self.cli("run", "--timeout", "2", EXAMPLES / "sleeper.py")
        self.assertEqual(res.code, 124, res)
        self.assertIn("going to sleep", res.stdout)
        result = self.run_json("--timeout", "1500ms", EXAMPLES / "sleeper.py")
        ex = result["execution"]
        self.assertEqual(ex["termination"], "timeout")
        self.assertEqual(ex["exit_code"], 124)
        self.assertGreaterEqual(ex["wall_ms"], 1400)
        self.assertLess(ex["wall_ms"], 10000)

    def test_program_exit_status_passes_through(self):
        prog = self.write("exit7.py", "import sys\nprint('bye')\nsys.exit(7)\n")
        self.assertEqual(self.cli("run", prog).code, 7)
        result = self.run_json(prog)
        self.assertEqual(result["execution"]["exit_code"], 7)
        self.assertEqual(result["execution"]["termination"], "exited")

    def test_death_by_signal_is_128_plus_n(self):
        prog = self.write("sig.py", "import os, signal\nos.kill(os.getpid(), signal.SIGTERM)\n")
        self.assertEqual(self.cli("run", prog).code, 128 + 15)
        ex = self.run_json(prog)["execution"]
        self.assertEqual(ex["termination"], "signaled")
        self.assertEqual(ex["signal"], 15)
        self.assertEqual(ex["exit_code"], 143)

    def test_shell_by_extension_and_stdin(self):
        script = self.write("hi.sh", "echo shell says $((6*7))\n")
        res = self.cli("run", script)
        self.assertEqual(res.code, 0, res)
        self.assertIn("shell says 42", res.stdout)
        res = self.cli("run", "--lang", "python", "-", stdin="print('from stdin')\n")
        self.assertEqual(res.code, 0, res)
        self.assertIn("from stdin", res.stdout)

    def test_stderr_passes_through(self):
        prog = self.write("err.py", "import sys\nsys.stderr.write('to stderr\\n')\n")
        res = self.cli("run", prog)
        self.assertEqual(res.code, 0, res)
        self.assertIn("to stderr", res.stderr)

    def test_stats_stream_live_samples(self):
        prog = self.write("busy.py", "import time\nx = bytearray(40 << 20)\ntime.sleep(0.6)\nprint('ok')\n")
        res = self.cli("run", "--stats", prog)
        self.assertEqual(res.code, 0, res)
        lines = [l for l in res.stderr.splitlines() if l.startswith("[stats]")]
        self.assertGreaterEqual(len(lines), 3, res)
        self.assertTrue(any("pids 2" in l or "pids 1" in l for l in lines), lines)
        mem = max(float(l.split("mem ")[1].split("MiB")[0]) for l in lines)
        self.assertGreater(mem, 35.0, lines)

    def test_limits_only_tighten(self):
        ex = self.run_json("--trust", "untrusted", "--timeout", "999", "--memory", "8GiB",
                           EXAMPLES / "hello.py")["execution"]
        self.assertEqual(ex["trust"], "untrusted")
        self.assertEqual(ex["limits"]["timeout_ms"], 30000)
        self.assertEqual(ex["limits"]["memory_bytes"], 256 * 1024 * 1024)
        ex = self.run_json("--timeout", "5", "--pids", "16", "--cpus", "0.25",
                           EXAMPLES / "hello.py")["execution"]
        self.assertEqual(ex["limits"]["timeout_ms"], 5000)
        self.assertEqual(ex["limits"]["pids"], 16)
        self.assertEqual(ex["limits"]["cpus"], 0.25)


class Blocked(CliTestCase):
    def test_blocked_example_exits_3_without_running(self):
        res = self.cli("run", EXAMPLES / "reverse_shell.py")
        self.assertEqual(res.code, 3, res)
        self.assertIn("BLOCKED", res.stderr)
        self.assertEqual(res.stdout, "")
        result = self.run_json(EXAMPLES / "reverse_shell.py")
        self.assertEqual(result["status"], "blocked")
        self.assertIsNone(result["execution"])
        self.assertEqual(result["assessment"]["level"], "BLOCKED")
        self.assertEqual(result["error"]["code"], "blocked")

    def test_override_runs_contained(self):
        result = self.run_json("--trust", "trusted", "--override-reason",
                               "red-team exercise, approved", EXAMPLES / "reverse_shell.py")
        self.assertEqual(result["status"], "completed")
        ex = result["execution"]
        # Overridden BLOCKED code gets untrusted limits and no network.
        self.assertEqual(ex["trust"], "untrusted")
        self.assertEqual(ex["network"], "none")
        self.assertNotEqual(ex["exit_code"], 0)  # the connection it wants does not exist

    def test_override_is_recorded(self):
        res = self.cli("run", "--override-reason", "approved by test", EXAMPLES / "reverse_shell.py")
        self.assertNotEqual(res.code, 3, res)
        verify = self.cli("audit", "verify")
        self.assertEqual(verify.code, 0, verify)


class SupervisorKilled(CliTestCase):
    def test_next_start_cleans_up_and_the_log_stays_complete(self):
        import os, signal, subprocess, time
        prog = self.write("long.py", "import time\nprint('started', flush=True)\ntime.sleep(600)\n")
        from harness import BINARY
        proc = subprocess.Popen([str(BINARY), "--config", str(self.config), "--state", str(self.state),
                                 "run", str(prog)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # Killed once the program runs (execution.start is on record), not
        # when its run directory appears: that is made before the assessment,
        # and a run killed before execution.start has nothing to abandon.
        self.wait_until(lambda: self.cli("audit", "show", "--type", "execution.start", "--json").stdout,
                        lambda shown: "execution.start" in shown, "the program start on record")
        runs = self.state / "runs"
        run_ids = [p.name for p in runs.iterdir()]
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        # The sandbox died with its supervisor (parent-death signal)... Only
        # this run's processes count (found by its cgroup): other tests may
        # run sandboxes as the same uid at the same time.
        time.sleep(0.5)
        self.assertTrue(run_ids)
        self.assertEqual(processes_in_cgroups_of(run_ids), [], "sandbox processes outlived mai-sandbox")
        # ...and the next start removes what was left and records why.
        res = self.cli("run", EXAMPLES / "hello.py")
        self.assertEqual(res.code, 0, res)
        self.assertEqual([p.name for p in runs.iterdir()], [])
        verify = self.cli("audit", "verify")
        self.assertEqual(verify.code, 0, verify)
        shown = self.cli("audit", "show", "--type", "execution.abandoned", "--json")
        self.assertIn("supervising mai-sandbox process died", shown.stdout)



class BesideAService(CliTestCase):
    def test_run_on_a_services_state_directory_says_so_at_once(self):
        # The service holds the log for its whole life: `run` must not wait
        # out audit.yaml's lock_wait (30 s) for it, and says what to do.
        import time
        from service import Service
        service = Service(self.state, self.config)
        try:
            started = time.monotonic()
            r = self.cli("run", EXAMPLES / "hello.py", timeout=120)
            took = time.monotonic() - started
            self.assertEqual(r.code, 125, r)
            self.assertIn("held open by a running service (pid %d" % service.proc.pid, r.stderr)
            self.assertIn("mai-sandbox submit", r.stderr)
            self.assertNotIn("Hello", r.stdout)
            self.assertLess(took, 20, "waited for the lock instead of saying so")
        finally:
            service.stop()
        # Once it stopped, the same state directory serves a run.
        r = self.cli("run", EXAMPLES / "hello.py")
        self.assertEqual(r.code, 0, r)

if __name__ == "__main__":
    unittest.main()
