"""The network edge of `mai-sandbox serve` under attack (docs/remote.md,
"Limits and hostile peers" and "The BASP gate"), each attack followed by a
legitimate request that must succeed promptly:
  - floods of unauthenticated connections (idle, trickled TLS ClientHellos,
    half-open TLS handshakes) from many loopback source addresses, reopened
    as they are evicted, while a mutual-TLS client submits;
  - authenticated peers sending what CAF would act on (exit, error and link
    messages to the front door, forged responses), through CAF itself;
  - garbled BASP frames after a valid handshake, plain and mutual TLS."""
import json
import random
import socket
import ssl
import subprocess
import tempfile
import threading
import time
import pathlib
import shutil

from harness import BINARY_DIR, EXAMPLES, CliTestCase
from service import Service, Worker, make_pki, tls_args
import basp_peer

ATTACK_TOOL = BINARY_DIR / "bin" / "mai-basp-attack"


def client_hello():
    """A real TLS ClientHello (Python's own TLS stack, memory BIOs)."""
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    incoming, outgoing = ssl.MemoryBIO(), ssl.MemoryBIO()
    obj = ctx.wrap_bio(incoming, outgoing, server_hostname="localhost")
    try:
        obj.do_handshake()
    except ssl.SSLWantReadError:
        pass
    return outgoing.read()


class Flood:
    """Unauthenticated connections from many sources, reopened every
    `period` seconds as the service evicts them: idle ones, ClientHellos
    trickled a byte per round, and ClientHellos sent whole, then silence."""

    def __init__(self, port, sources, per_source, period=0.25):
        self.port, self.period = port, period
        self.hello = client_hello()
        self.conns = [{"ip": ip, "kind": kind, "sock": None, "sent": 0}
                      for ip, kind in sources for _ in range(per_source)]
        self.opened = 0
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def closed(self, s):
        try:
            return s.recv(1, socket.MSG_DONTWAIT | socket.MSG_PEEK) == b""
        except BlockingIOError:
            return False
        except OSError:
            return True

    def run(self):
        while not self.stopping.is_set():
            for c in self.conns:
                if c["sock"] is not None and self.closed(c["sock"]):
                    c["sock"].close()
                    c["sock"] = None
                if c["sock"] is None:
                    try:
                        s = socket.socket()
                        s.bind((c["ip"], 0))
                        s.connect(("127.0.0.1", self.port))
                    except OSError:
                        s.close()
                        continue
                    c["sock"], c["sent"] = s, 0
                    self.opened += 1
                    if c["kind"] == "half-open":
                        s.sendall(self.hello)
                        c["sent"] = len(self.hello)
                elif c["kind"] == "slowloris" and c["sent"] < len(self.hello) - 1:
                    try:
                        c["sock"].sendall(self.hello[c["sent"]:c["sent"] + 1])
                        c["sent"] += 1
                    except OSError:
                        pass
            self.stopping.wait(self.period)

    def stop(self):
        self.stopping.set()
        self.thread.join()
        for c in self.conns:
            if c["sock"] is not None:
                c["sock"].close()


class HostileCase(CliTestCase):
    TLS = False

    @classmethod
    def setUpClass(cls):
        cls.pki_root = pathlib.Path(tempfile.mkdtemp(prefix="mai-pki-"))
        cls.pki = make_pki(cls.pki_root / "ca", clients=["mai", "mallory"], workers=["w1"])

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.pki_root, ignore_errors=True)

    def setUp(self):
        super().setUp()
        self.config = self.service_config()
        extra = tls_args(self.pki, "server") if self.TLS else []
        self.service = Service(self.state, self.config, extra=extra)

    def service_config(self):
        return self.config

    def tearDown(self):
        self.service.stop()
        super().tearDown()

    def client_args(self, name="mai"):
        return [str(a) for a in tls_args(self.pki, name)] if self.TLS else []

    def submit(self, *args, name="mai", timeout=120):
        return self.cli("submit", "--server", self.service.address, *self.client_args(name),
                        *args, timeout=timeout)

    def assert_serving(self, limit=60):
        """A legitimate submission succeeds, promptly, and the service is alive."""
        start = time.monotonic()
        res = self.submit("--json", EXAMPLES / "hello.py")
        took = time.monotonic() - start
        log = self.service.log_text()
        log = "\n".join(l for l in log.splitlines()
                        if "established" not in l and not l.endswith(") closed"))[-4000:]
        self.assertEqual(res.code, 0, f"{res}\n--- service log (edited)\n{log}")
        self.assertEqual(res.json()["status"], "completed", res)
        self.assertLess(took, limit, f"took {took:.1f}s")
        self.assertTrue(self.service.alive())

    def tls_context(self, name="mallory"):
        ctx = ssl.create_default_context(cafile=str(self.pki / "ca.pem"))
        ctx.load_cert_chain(str(self.pki / f"{name}.pem"), str(self.pki / f"{name}.key"))
        return ctx

    def peer(self):
        return basp_peer.Peer(self.service.port, self.tls_context() if self.TLS else None)


class PreAuthenticationFlood(HostileCase):
    TLS = True

    def service_config(self):
        # A pool smaller than the flood, so that both caps act (service.yaml:
        # 16 per address; 384 in total here instead of 1024).
        config = self.tmp / "config"
        shutil.copytree(self.config, config)
        text = (config / "service.yaml").read_text()
        self.assertIn("max_handshakes: 1024", text)
        (config / "service.yaml").write_text(text.replace("max_handshakes: 1024",
                                                          "max_handshakes: 384"))
        return config

    def test_floods_from_many_sources_never_lock_a_client_out(self):
        # 24 sources x 20 idle connections, the client's own address too, and
        # trickled and half-open TLS handshakes; all reopened every 250 ms.
        sources = [(f"127.0.0.{i}", "idle") for i in range(2, 26)]
        sources += [("127.0.0.1", "idle"), ("127.0.0.40", "slowloris"),
                    ("127.0.0.41", "half-open")]
        flood = Flood(self.service.port, sources, per_source=20)
        try:
            deadline = time.monotonic() + 60
            while flood.opened < 600 and time.monotonic() < deadline:
                time.sleep(0.2)
            self.assertGreaterEqual(flood.opened, 600)
            for _ in range(3):
                self.assert_serving()
            res = self.cli("status", "--server", self.service.address, *self.client_args())
            self.assertEqual(res.code, 0, res)
        finally:
            flood.stop()
        log = self.service.log_text()
        self.assertIn("the limit of 16 from 127.0.0.", log)
        self.assertIn("the limit of 384 in total unauthenticated connections", log)


class BaspAttacks(HostileCase):
    def attack(self, mode, name="mallory"):
        res = subprocess.run([str(ATTACK_TOOL), "--server", self.service.address, "--mode", mode,
                              "--linger", "10000", *self.client_args(name)],
                             capture_output=True, text=True, timeout=60)
        self.assertEqual(res.returncode, 0, res.stderr)
        return res.stdout.split()

    def test_messages_caf_would_act_on_cost_only_their_connection(self):
        for mode, reason in [("exit", "message type '@exit'"),
                             ("error", "message type '@error'"),
                             ("link", "refused BASP"),
                             ("response", "a response to no request")]:
            with self.subTest(mode=mode):
                self.assertEqual(self.attack(mode), ["sent", "closed"])
                self.assert_serving()
                self.assertIn(reason, self.service.log_text())

    def test_a_forged_response_never_reaches_another_client(self):
        slow = self.write("slow.py", "import time\ntime.sleep(3)\nprint('computed')\n")
        victim = subprocess.Popen(
            [str(self.service_binary()), "--config", str(self.config), "--state", str(self.state),
             "submit", "--json", "--server", self.service.address, *self.client_args("mai"),
             str(slow)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(1)
        self.assertEqual(self.attack("response"), ["sent", "closed"])
        out, err = victim.communicate(timeout=120)
        self.assertEqual(victim.returncode, 0, err)
        result = json.loads(out)
        self.assertNotEqual(result["request_id"], "forged")
        self.assertEqual(result["execution"]["stdout"], "computed\n")

    def test_garbled_frames_after_a_valid_handshake(self):
        rng = random.Random(1301)
        frames = basp_peer.recorded_client()
        submission = next(f for f in frames if b"mai::Submission" in f[1])
        info_query = next(f for f in frames if f[0][0] == 2 and f[0][3] == 1)[1]
        cut = 0
        for _ in range(150):
            peer = self.peer()
            try:
                template = rng.choice([
                    basp_peer.submission_frame(peer, submission),
                    basp_peer.frame(2, info_query, flags=1, mid=basp_peer.ASYNC, src=7,
                                    dst=basp_peer.atom("SpawnServ")),
                    basp_peer.frame(4, peer.node + peer.service_node, dst=peer.door),
                    basp_peer.frame(6)])
                data = template
                for _ in range(rng.randrange(1, 4)):
                    data = basp_peer.mutate(data, rng)
                peer.send(data + basp_peer.frame(6))
                if peer.closed_by_service(timeout=0.5):
                    cut += 1
            except OSError:
                cut += 1
            finally:
                peer.close()
        self.assertGreater(cut, 50)  # most garbled frames are refused at the gate
        self.assert_serving()
        self.assertIn("refused BASP", self.service.log_text())

    def test_a_legitimate_raw_submission_passes_the_gate(self):
        # The same bytes as a real `submit`, unmutated: the gate lets them through.
        peer = self.peer()
        try:
            submission = next(f for f in basp_peer.recorded_client() if b"mai::Submission" in f[1])
            peer.send(basp_peer.submission_frame(peer, submission))
            self.assertTrue(peer.wait_for(b"mai::RunResult"), self.service.log_text())
        finally:
            peer.close()
        self.assertNotIn("refused BASP", self.service.log_text())

    def test_live_samples_from_a_worker_reach_the_client(self):
        # The only messages a peer may route through the service to another
        # node: here every run goes to the worker.
        self.service.stop()
        extra = [str(a) for a in tls_args(self.pki, "server")] if self.TLS else []
        self.service = Service(self.tmp / "coordinator", self.config,
                               extra=["--local-slots", "0"] + extra, log=self.tmp / "coord.log")
        worker_args = [str(a) for a in tls_args(self.pki, "w1")] if self.TLS else []
        worker = Worker(self.tmp / "worker-state", self.config, self.service.address, "w1",
                        extra=worker_args)
        try:
            worker.wait_joined()
            code = self.write("mem.py", "import time\nx = bytearray(30 << 20)\ntime.sleep(2)\n")
            res = self.submit("--stats", code)
            self.assertEqual(res.code, 0, res)
            self.assertIn("[stats] mem", res.stderr)
        finally:
            worker.stop()
        self.assertNotIn("refused BASP", self.service.log_text())

    def service_binary(self):
        from harness import BINARY
        return BINARY


class BaspAttacksOverTls(BaspAttacks):
    TLS = True

