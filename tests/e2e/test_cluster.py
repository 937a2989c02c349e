"""Scale-out end to end: a coordinator (`serve --local-slots 0`) and three
workers, each pid 1 of its own pid namespace, joined over mutual TLS on
loopback. 300 jobs; one worker is killed with SIGKILL mid-run and another
frozen with SIGSTOP: every job gets a result, every result has its audit
trail, the log verifies, and a restarted worker rejoins and takes work."""
import collections
import json
import pathlib
import shutil
import signal
import subprocess
import tempfile
import time
import unittest

from harness import EXAMPLES, CliTestCase
from service import LOAD_TOOL, Service, Worker, make_pki, tls_args


class Cluster(CliTestCase):
    @classmethod
    def setUpClass(cls):
        cls.pki_root = pathlib.Path(tempfile.mkdtemp(prefix="mai-pki-"))
        cls.pki = make_pki(cls.pki_root, clients=["mai", "c0", "c1", "c2"],
                           workers=["w1", "w2", "w3"])

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.pki_root, ignore_errors=True)

    def setUp(self):
        super().setUp()
        self.service = Service(self.state, self.config,
                               extra=["--local-slots", "0", *tls_args(self.pki, "server")])
        self.workers = {}

    def tearDown(self):
        for w in self.workers.values():
            w.stop()
        self.service.stop()
        super().tearDown()

    def start_worker(self, name, slots=2):
        w = Worker(self.tmp / f"state-{name}", self.config, self.service.address, name,
                   slots=slots, extra=tls_args(self.pki, name))
        self.workers[name] = w
        w.wait_joined()
        return w

    def status(self):
        res = self.cli("status", "--json", "--server", self.service.address,
                       *tls_args(self.pki, "mai"))
        self.assertEqual(res.code, 0, res)
        return res.json()

    def records(self):
        res = self.cli("audit", "show", "--json")
        self.assertEqual(res.code, 0, res)
        return res.json()

    def load(self, client, count, code="print('ok')"):
        cmd = [str(LOAD_TOOL), "--server", self.service.address, "--count", str(count),
               "--concurrency", "3", "--code", code, *[str(a) for a in tls_args(self.pki, client)]]
        return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def test_jobs_survive_killed_and_frozen_workers(self):
        for name in ("w1", "w2", "w3"):
            self.start_worker(name)
        self.assertEqual(len([w for w in self.status()["workers"] if w["active"]]), 3)

        slow = "import time\ntime.sleep(0.3)\nprint('ok')"
        clients = [self.load(f"c{i}", 100, slow) for i in range(3)]
        time.sleep(4)
        self.workers["w1"].signal(signal.SIGKILL)
        self.workers["w2"].signal(signal.SIGSTOP)
        # w2 is declared lost after its heartbeat timeout.
        self.wait_until(self.status, lambda st: all(w in "\n".join(st["recent_failures"]) for w in ("w1", "w2")),
                        "w1 and w2 among the recent failures")
        self.workers["w2"].signal(signal.SIGCONT)
        # A restarted w1 (same state: its spool) rejoins and takes work.
        self.workers["w1"].stop()
        restarted = self.start_worker("w1")

        ids, terminations = set(), collections.Counter()
        for proc in clients:
            out, err = proc.communicate(timeout=900)
            self.assertEqual(proc.returncode, 0, err)
            summary = json.loads(out)
            self.assertEqual(summary["statuses"], {"completed": 100}, summary)
            ids.update(summary["request_ids"])
        self.assertEqual(len(ids), 300)
        after = self.load("mai", 6)
        out, _ = after.communicate(timeout=300)
        ids.update(json.loads(out)["request_ids"])
        # A job its worker took and died before starting is answered worker_lost
        # and never started (docs/cluster.md): at most the lost workers' slots
        # (2 + 2). Every other request's execution.start arrives (spools drain).
        def lost_unstarted(records):
            started = {r["request_id"] for r in records if r["type"] == "execution.start"}
            lost = {r["request_id"] for r in records
                    if r["type"] == "result" and r.get("data", {}).get("termination") == "worker_lost"}
            return (ids - started) & lost, ids - started - lost
        def all_started(records):
            return not lost_unstarted(records)[1]
        try:
            self.wait_until(self.records, all_started, "an execution.start for every request", timeout=300)
            never_started, _ = lost_unstarted(self.records())
            self.assertLessEqual(len(never_started), 4, f"worker_lost without a start: {sorted(never_started)}")
        except AssertionError:
            # Name what never arrived and what the log holds of it (seen once
            # under ASan and stress-ng: the drain stalled; a rerun passed).
            records = self.records()
            started = {r["request_id"] for r in records if r["type"] == "execution.start"}
            missing = sorted(ids - started)
            held = [(r["type"], r["request_id"], r.get("data", {}).get("origin"),
                     r.get("data", {}).get("termination"), r.get("data", {}).get("status"),
                     r.get("data", {}).get("worker"), r.get("time"))
                    for r in records if r["request_id"] in missing]
            self.fail(f"no execution.start for {len(missing)} of {len(ids)} requests: {missing[:10]}; "
                      f"their records: {held[:20]}; workers: {self.status()['workers']}")
        status = {w["name"]: w for w in self.status()["workers"] if w["active"]}
        self.assertIn("w1", status)
        for w in self.workers.values():
            w.stop()
        self.service.stop()

        records = self.records()
        by_request = collections.defaultdict(list)
        for r in records:
            by_request[r["request_id"]].append(r)
        ran_on = collections.Counter()
        for rid in ids:
            kinds = [r["type"] for r in by_request[rid]]
            self.assertIn("submission", kinds, rid)
            self.assertIn("assessment", kinds, rid)
            [result] = [r for r in by_request[rid] if r["type"] == "result"]
            terminations[result["data"].get("termination")] += 1
            starts = [r for r in by_request[rid] if r["type"] == "execution.start"]
            if not starts:
                # Taken by a worker that died before starting it: answered
                # worker_lost and never started, as allowed above (at most 4;
                # seen under stress-ng, where the kill lands before a start).
                self.assertEqual(result["data"].get("termination"), "worker_lost",
                                 f"{rid}: no execution.start on record")
                continue
            ran_on[starts[-1]["data"]["worker"]] += 1
            if result["data"].get("termination") == "exited":
                self.assertIn("execution.end", kinds, rid)
        self.assertEqual(set(ran_on), {"w1", "w2", "w3"}, ran_on)
        self.assertGreater(terminations["worker_lost"], 0, terminations)
        # Worker events arrive through the spools exactly once.
        seen = set()
        for r in records:
            origin = r["data"].get("origin")
            if isinstance(origin, dict):
                key = (origin["node"], origin["spool_seq"])
                self.assertNotIn(key, seen)
                seen.add(key)
        self.assertTrue(any(r["type"] == "worker.lost" for r in records))
        res = self.cli("audit", "verify")
        self.assertEqual(res.code, 0, res)

    def test_coordinator_restart_loses_nothing(self):
        worker = self.start_worker("w1")
        port = self.service.port
        job = subprocess.Popen(
            [str(self.binary()), "--config", str(self.config), "submit", "--server",
             self.service.address, *[str(a) for a in tls_args(self.pki, "mai")], "-"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        job.stdin.write("import time\ntime.sleep(2)\nprint('finished')\n")
        job.stdin.close()
        self.wait_until(self.status, lambda st: any(w["running"] for w in st["workers"]), "the run on the worker")
        self.service.proc.kill()  # the coordinator dies mid-run
        self.service.stop()
        job.stdin = None
        job.communicate(timeout=60)
        self.assertEqual(job.returncode, 125)  # its client lost the connection
        time.sleep(2)  # the run finishes on the worker; its end waits in the spool
        self.service = Service(self.state, self.config, listen=f"127.0.0.1:{port}",
                               extra=["--local-slots", "0", *tls_args(self.pki, "server")])
        deadline = time.time() + 30
        while time.time() < deadline and worker.log_path.read_text().count("joined") < 2:
            time.sleep(0.2)
        res = self.cli("submit", "--server", self.service.address, *tls_args(self.pki, "mai"),
                       EXAMPLES / "hello.py")
        self.assertEqual(res.code, 0, res)
        self.wait_until(self.records, lambda rs: len([r for r in rs if r["type"] == "execution.end"]) >= 2,
                        "both runs' ends", timeout=300)
        worker.stop()
        self.service.stop()
        records = self.records()
        ends = [r for r in records if r["type"] == "execution.end"]
        self.assertEqual(len(ends), 2, ends)  # the interrupted run's end arrived, once
        self.assertEqual(len({(r["data"]["origin"]["node"], r["data"]["origin"]["spool_seq"])
                              for r in records if isinstance(r["data"].get("origin"), dict)}),
                         len([r for r in records if isinstance(r["data"].get("origin"), dict)]))
        res = self.cli("audit", "verify")
        self.assertEqual(res.code, 0, res)

    def binary(self):
        from harness import BINARY
        return BINARY

    def test_client_certificates_cannot_join_as_workers(self):
        impostor = Worker(self.tmp / "state-x", self.config, self.service.address, "x",
                          extra=tls_args(self.pki, "mai"), pid_namespace=False)
        self.workers["x"] = impostor
        impostor.proc.wait(timeout=30)
        self.assertEqual(impostor.proc.returncode, 2)
        self.assertIn("OU=workers", impostor.log_path.read_text())
        self.assertEqual(self.status()["workers"], [])

    def test_without_workers_jobs_wait_then_run_when_one_joins(self):
        proc = self.load("mai", 3)
        self.wait_until(self.status, lambda st: st["queued"] >= 1, "a queued job")
        self.start_worker("w3")
        out, err = proc.communicate(timeout=120)
        self.assertEqual(json.loads(out)["statuses"], {"completed": 3}, err)


if __name__ == "__main__":
    unittest.main()
