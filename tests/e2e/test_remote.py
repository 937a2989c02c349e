"""Remote submission end to end: `mai-sandbox serve` and real client processes
(`submit`, mai-submit-load, raw sockets) on loopback. Mutual TLS with
certificates from tools/make-certs.sh; refused peers, hostile bytes, a client
vanishing mid-request, and 1,000 submissions from 8 concurrent clients."""
import json
import os
import signal
import socket
import subprocess
import time
import unittest

from harness import EXAMPLES, CliTestCase, validate
from service import LOAD_TOOL, Service, make_pki, tls_args


class RemoteCase(CliTestCase):
    def submit(self, service, *args, cert=None, **kw):
        tls = tls_args(self.pki, cert) if cert else []
        return self.cli("submit", "--server", service.address, *tls, *args, **kw)

    def records(self, kind):
        res = self.cli("audit", "show", "--type", kind, "--json")
        self.assertEqual(res.code, 0, res)
        return res.json()

    def verify(self):
        res = self.cli("audit", "verify")
        self.assertEqual(res.code, 0, res)


class PlainLoopback(RemoteCase):
    def setUp(self):
        super().setUp()
        self.service = Service(self.state, self.config)

    def tearDown(self):
        self.service.stop()
        super().tearDown()

    def test_same_output_and_exit_statuses_as_run(self):
        res = self.submit(self.service, EXAMPLES / "hello.py")
        self.assertEqual(res.code, 0, res)
        self.assertEqual(res.stdout, self.cli("run", "--state", self.tmp / "local",
                                              EXAMPLES / "hello.py", state=False).stdout)
        cases = [("raise SystemExit(7)\n", [], 7),
                 ("import time\ntime.sleep(30)\n", ["--timeout", "1s"], 124),
                 ("import os, signal\nos.kill(os.getpid(), signal.SIGTERM)\n", [], 128 + 15)]
        for code, extra, status in cases:
            with self.subTest(status=status):
                res = self.submit(self.service, *extra, self.write("p.py", code))
                self.assertEqual(res.code, status, res)
        blocked = self.write("b.py", "import os\nos.system('rm -rf / --no-preserve-root')\n")
        res = self.submit(self.service, blocked)
        self.assertEqual(res.code, 3, res)
        self.assertIn("BLOCKED", res.stderr)

    def test_json_result_matches_the_schema(self):
        res = self.submit(self.service, "--json", "--stats", EXAMPLES / "hello.py")
        self.assertEqual(res.code, 0, res)
        result = res.json()
        validate(result, "result.schema.json")
        self.assertEqual(result["status"], "completed")
        self.assertTrue(result["execution"]["worker"])
        self.assertEqual(result["audit"]["seq_last"] >= result["audit"]["seq_first"], True)

    def test_plain_identity_is_the_loopback_connection(self):
        self.assertEqual(self.submit(self.service, EXAMPLES / "hello.py").code, 0)
        self.assertEqual(self.service.stop(), 0)  # SIGTERM: a clean stop, on record
        self.assertEqual(len(self.records("service.start")), 1)
        self.assertEqual(len(self.records("service.stop")), 1)
        [record] = self.records("submission")
        self.assertTrue(record["data"]["client"].startswith("plain-tcp 127.0.0.1:"), record)

    def test_plain_tcp_never_listens_beyond_loopback(self):
        other = Service(self.tmp / "state2", self.config, listen="0.0.0.0:0")
        try:
            self.assertEqual(other.host, "127.0.0.1")
            self.assertIn("loopback only", other.log_text())
        finally:
            other.stop()

    def test_hostile_bytes_leave_the_service_serving(self):
        attacks = [os.urandom(4096),
                   b"MAI-SANDBOX/9\n",
                   b"GET / HTTP/1.1\r\nHost: x\r\n\r\n",
                   b"A" * 10000 + b"\n",
                   # a valid hello, then a truncated BASP frame, then gone
                   b"MAI-SANDBOX/1\n" + bytes([0, 0, 0, 0, 0, 0, 1]),
                   b"MAI-SANDBOX/1\n" + os.urandom(2048),
                   # a valid hello, then a frame header announcing 3 GiB
                   b"MAI-SANDBOX/1\n" + bytes([1, 0, 0, 0, 0xC0, 0, 0, 0]) + bytes(24)]
        for payload in attacks:
            with socket.create_connection(("127.0.0.1", self.service.port), timeout=5) as s:
                s.sendall(payload)
                s.settimeout(2)
                try:
                    while s.recv(65536):
                        pass
                except (socket.timeout, ConnectionResetError):
                    pass
        # Connections that never say anything, left open while others are served.
        idle = [socket.create_connection(("127.0.0.1", self.service.port)) for _ in range(20)]
        try:
            res = self.submit(self.service, EXAMPLES / "hello.py")
            self.assertEqual(res.code, 0, res)
        finally:
            for s in idle:
                s.close()
        self.assertTrue(self.service.alive())

    def test_a_client_vanishing_mid_request_loses_no_record(self):
        slow = self.write("slow.py", "import time\ntime.sleep(2)\nprint('done')\n")
        proc = subprocess.Popen(
            [str(self.service_binary()), "--config", str(self.config), "--state", str(self.state),
             "submit", "--server", self.service.address, str(slow)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        time.sleep(1.0)
        proc.send_signal(signal.SIGKILL)
        proc.communicate()
        time.sleep(2.5)  # the run finishes without its client
        res = self.submit(self.service, EXAMPLES / "hello.py")
        self.assertEqual(res.code, 0, res)
        self.service.stop()
        results = self.records("result")
        self.assertEqual(len(results), 2, results)
        self.assertTrue(all(r["data"]["status"] == "completed" for r in results), results)
        self.verify()

    def test_oversized_code_is_refused_by_the_service(self):
        # A client whose own configuration allows more than the service does.
        import shutil
        loose = self.tmp / "loose-config"
        shutil.copytree(self.config, loose)
        sandbox = (loose / "sandbox.yaml").read_text().replace("max_code: 1MiB", "max_code: 12MiB")
        (loose / "sandbox.yaml").write_text(sandbox)
        service = (loose / "service.yaml").read_text().replace("max_message: 4MiB", "max_message: 16MiB")
        (loose / "service.yaml").write_text(service)
        two_mib = self.write("two.py", "x = 1\n" * ((2 << 20) // 6))
        res = self.cli("--config", loose, "submit", "--json", "--server", self.service.address,
                       two_mib, config=False)
        self.assertEqual(res.code, 0, res)
        result = res.json()
        self.assertEqual(result["status"], "rejected")
        self.assertEqual(result["error"]["code"], "code_too_large")
        # Past the service's message limit the connection is cut, and it says so.
        ten_mib = self.write("ten.py", "x = 1\n" * ((10 << 20) // 6))
        res = self.cli("--config", loose, "submit", "--server", self.service.address, ten_mib,
                       config=False)
        self.assertEqual(res.code, 125, res)
        self.assertIn("connection", res.stderr)
        self.assertEqual(self.submit(self.service, EXAMPLES / "hello.py").code, 0)
        self.assertTrue(self.service.alive())

    def test_a_long_run_does_not_hold_up_others(self):
        slow = self.write("slow.py", "import time\ntime.sleep(8)\n")
        long_run = subprocess.Popen(
            [str(self.service_binary()), "--config", str(self.config), "submit", "--server",
             self.service.address, str(slow)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            time.sleep(0.5)
            res = self.submit(self.service, EXAMPLES / "hello.py")
            self.assertEqual(res.code, 0, res)
            self.assertIsNone(long_run.poll(), "the short run waited for the long one")
        finally:
            long_run.communicate(timeout=60)
        self.assertEqual(long_run.returncode, 0)

    def test_client_library_example(self):
        from harness import BINARY_DIR
        proc = subprocess.run([str(BINARY_DIR / "bin" / "mai-client-example"), self.service.address,
                               str(EXAMPLES / "hello.py")], capture_output=True, text=True,
                              timeout=60)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertIn("status completed", proc.stdout)
        self.assertIn("Hello from inside mai-sandbox", proc.stdout)

    def service_binary(self):
        from harness import BINARY
        return BINARY


class MutualTls(RemoteCase):
    @classmethod
    def setUpClass(cls):
        import tempfile, pathlib
        cls.pki_root = pathlib.Path(tempfile.mkdtemp(prefix="mai-pki-"))
        cls.pki_dir = make_pki(cls.pki_root / "ca1", clients=["mai"] + [f"c{i}" for i in range(8)])
        cls.rogue_dir = make_pki(cls.pki_root / "ca2", clients=["mai"])

    @classmethod
    def tearDownClass(cls):
        import shutil
        shutil.rmtree(cls.pki_root, ignore_errors=True)

    def setUp(self):
        super().setUp()
        self.pki = self.pki_dir
        self.service = Service(self.state, self.config, extra=tls_args(self.pki, "server"))

    def tearDown(self):
        self.service.stop()
        super().tearDown()

    def test_certificate_subject_is_recorded_with_submission_and_override(self):
        res = self.submit(self.service, EXAMPLES / "hello.py", cert="mai")
        self.assertEqual(res.code, 0, res)
        blocked = self.write("b.py", "import os\nos.system('rm -rf / --no-preserve-root')\n")
        res = self.submit(self.service, "--override-reason", "test of the override path",
                          blocked, cert="mai")
        self.assertNotEqual(res.code, 3, res)
        self.service.stop()
        clients = {r["data"]["client"] for r in self.records("submission")}
        self.assertEqual(clients, {"CN=mai"})
        [override] = self.records("override")
        self.assertEqual(override["data"]["given_by"], "CN=mai")
        self.verify()

    def test_unauthenticated_clients_are_refused(self):
        hello = EXAMPLES / "hello.py"
        # No certificate at all (plain TCP to the TLS port).
        res = self.cli("submit", "--server", self.service.address, hello)
        self.assertEqual(res.code, 125, res)
        # A certificate from another CA: refused by the client itself when it
        # trusts only that CA, and by the server when the client trusts both.
        rogue = ["--tls-cert", self.rogue_dir / "mai.pem", "--tls-key", self.rogue_dir / "mai.key"]
        res = self.cli("submit", "--server", self.service.address, *rogue,
                       "--tls-ca", self.pki / "ca.pem", hello)
        self.assertEqual(res.code, 2, res)
        self.assertIn("not signed by the CA", res.stderr)
        bundle = self.write("both-cas.pem", (self.pki / "ca.pem").read_text() +
                            (self.rogue_dir / "ca.pem").read_text())
        res = self.cli("submit", "--server", self.service.address, *rogue, "--tls-ca", bundle, hello)
        self.assertEqual(res.code, 125, res)
        self.assertIn("TLS", res.stderr)
        # A TLS handshake without a client certificate.
        import ssl
        ctx = ssl.create_default_context(cafile=str(self.pki / "ca.pem"))
        with socket.create_connection(("127.0.0.1", self.service.port), timeout=5) as raw:
            with self.assertRaises((ssl.SSLError, ConnectionResetError, OSError)):
                with ctx.wrap_socket(raw, server_hostname="localhost") as tls:
                    tls.sendall(b"MAI-SANDBOX/1\n")
                    if not tls.recv(100):
                        raise ConnectionResetError("closed")
        # Nothing of theirs is on record; a good client is still served.
        res = self.submit(self.service, hello, cert="mai")
        self.assertEqual(res.code, 0, res)
        self.service.stop()
        self.assertEqual(len(self.records("submission")), 1)

    def test_thousand_submissions_from_eight_clients(self):
        procs = []
        for i in range(8):
            cmd = [str(LOAD_TOOL), "--server", self.service.address, "--count", "125",
                   "--concurrency", "4", *[str(a) for a in tls_args(self.pki, f"c{i}")]]
            procs.append(subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                          text=True))
        ids = set()
        for proc in procs:
            out, err = proc.communicate(timeout=1200)
            self.assertEqual(proc.returncode, 0, err)
            summary = json.loads(out)
            self.assertEqual(summary["statuses"], {"completed": 125}, summary)
            ids.update(summary["request_ids"])
        self.assertEqual(len(ids), 1000)
        self.service.stop()
        recorded = {r["request_id"] for r in self.records("result")
                    if r["data"]["status"] == "completed"}
        self.assertEqual(recorded, ids)
        clients = {r["data"]["client"] for r in self.records("submission")}
        self.assertEqual(clients, {f"CN=c{i}" for i in range(8)})
        self.verify()


if __name__ == "__main__":
    unittest.main()
