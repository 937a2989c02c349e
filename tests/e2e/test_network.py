"""--network deps end to end: a sandboxed `pip download` fetches a package
from a local PEP 503 index through the proxy (the index has a made-up name,
allowlisted and resolved to a loopback port by a test network.yaml), while
a raw socket from the same sandbox to the same server gets nowhere."""
import base64
import hashlib
import http.server
import io
import json
import pathlib
import shutil
import ssl
import subprocess
import threading
import time
import unittest
import zipfile

import yaml

from harness import SOURCE_DIR, CliTestCase, validate

INDEX_HOST = "pkgs.mai-test.example"
WHEEL = "maiprobe-1.0-py3-none-any.whl"


def build_wheel():
    """A minimal, valid wheel, built by hand (no network, no build backend)."""
    files = {
        "maiprobe/__init__.py": b"VALUE = 42\n",
        "maiprobe-1.0.dist-info/METADATA":
            b"Metadata-Version: 2.1\nName: maiprobe\nVersion: 1.0\nSummary: test package\n",
        "maiprobe-1.0.dist-info/WHEEL":
            b"Wheel-Version: 1.0\nGenerator: hand\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = ""
    for name, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record += f"{name},sha256={digest},{len(data)}\n"
    record += "maiprobe-1.0.dist-info/RECORD,,\n"
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
        z.writestr("maiprobe-1.0.dist-info/RECORD", record)
    return out.getvalue()


class Index:
    """A PEP 503 simple index on a loopback port, recording the paths asked for."""

    def __init__(self, root):
        wheel = build_wheel()
        digest = hashlib.sha256(wheel).hexdigest()
        (root / "packages").mkdir(parents=True)
        (root / "packages" / WHEEL).write_bytes(wheel)
        (root / "simple" / "maiprobe").mkdir(parents=True)
        (root / "simple" / "index.html").write_text(
            '<html><body><a href="maiprobe/">maiprobe</a></body></html>\n')
        (root / "simple" / "maiprobe" / "index.html").write_text(
            f'<html><body><a href="../../packages/{WHEEL}#sha256={digest}">{WHEEL}</a>'
            "</body></html>\n")
        self.paths = []
        index = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            def __init__(self, *a, **kw):
                super().__init__(*a, directory=str(root), **kw)

            def do_GET(self):
                index.paths.append((self.path, self.headers.get("Host")))
                super().do_GET()

            def log_message(self, *a):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


PROGRAM = f"""
import socket, subprocess, sys, urllib.request, urllib.error

pip = subprocess.run(
    ["/usr/bin/python3", "-m", "pip", "download", "--no-cache-dir", "--disable-pip-version-check",
     "--no-input", "--retries", "0", "--timeout", "20",
     "--index-url", "http://{INDEX_HOST}/simple/", "--trusted-host", "{INDEX_HOST}",
     "-d", "/tmp/dl", "maiprobe"],
    capture_output=True, text=True)
print("PIP-EXIT", pip.returncode)
print(pip.stdout[-2000:], pip.stderr[-2000:], file=sys.stderr)
import os
print("FILES", sorted(os.listdir("/tmp/dl")) if os.path.isdir("/tmp/dl") else [])

try:
    socket.create_connection(("127.0.0.1", PORT), timeout=3).close()
    print("RAW-CONNECTED")
except OSError as e:
    print("RAW-BLOCKED", type(e).__name__)
try:
    socket.create_connection(("{INDEX_HOST}", 80), timeout=3).close()
    print("NAME-CONNECTED")
except OSError as e:
    print("NAME-BLOCKED", type(e).__name__)
try:
    urllib.request.urlopen("http://elsewhere.mai-test.example/x", timeout=10)
    print("ELSEWHERE-FETCHED")
except urllib.error.HTTPError as e:
    print("ELSEWHERE-REFUSED", e.code, e.read().decode().strip())
"""


TLS_HOST = "tls.mai-test.example"

TLS_PROGRAM = f"""
import socket, ssl, urllib.request
ctx = ssl.create_default_context()
ctx.check_hostname = False
ctx.verify_mode = ssl.CERT_NONE
body = urllib.request.urlopen("https://{TLS_HOST}/hello.txt", context=ctx, timeout=20).read()
print("HTTPS-BODY", body.decode().strip())

# A tunnel to the allowlisted host whose TLS session names another host.
s = socket.create_connection(("127.0.0.1", 3128), timeout=10)
s.sendall(b"CONNECT {TLS_HOST}:443 HTTP/1.1\\r\\nHost: {TLS_HOST}:443\\r\\n\\r\\n")
print("CONNECT", s.recv(100).split(b"\\r\\n")[0].decode())
try:
    ctx.wrap_socket(s, server_hostname="evil.mai-test.example").close()
    print("SNI-ACCEPTED")
except (OSError, ssl.SSLError) as e:
    print("SNI-REFUSED", type(e).__name__)
"""


class TlsServer:
    """HTTPS on a loopback port with a throwaway self-signed certificate."""

    def __init__(self, root):
        root.mkdir(parents=True)
        (root / "hello.txt").write_text("hello over tls\n")
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                        "-subj", f"/CN={TLS_HOST}", "-keyout", str(root / "key.pem"),
                        "-out", str(root / "cert.pem")], check=True, capture_output=True)

        class Handler(http.server.SimpleHTTPRequestHandler):
            def __init__(self, *a, **kw):
                super().__init__(*a, directory=str(root), **kw)

            def log_message(self, *a):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.load_cert_chain(root / "cert.pem", root / "key.pem")
        self.server.socket = ctx.wrap_socket(self.server.socket, server_side=True)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


SINK_HOST = "sink.mai-test.example"

# Tunnels whose only payload is a padded ClientHello: 10 of 60 KB (over the
# cap), then 90 of 15 KB (within it, past the run's budget of this test).
HELLO_PROGRAM = f"""
import socket, struct

def hello(pad):
    sni = b"{SINK_HOST}"
    name = b"\\x00" + struct.pack(">H", len(sni)) + sni
    ext = struct.pack(">HH", 0, len(name) + 2) + struct.pack(">H", len(name)) + name
    ext += struct.pack(">HH", 0x15, pad) + bytes(pad)  # padding (RFC 7685)
    body = b"\\x03\\x03" + bytes(32) + b"\\x00" + b"\\x00\\x02\\x13\\x01" + b"\\x01\\x00"
    body += struct.pack(">H", len(ext)) + ext
    hs = b"\\x01" + struct.pack(">I", len(body))[1:] + body
    return b"".join(b"\\x16\\x03\\x01" + struct.pack(">H", len(hs[i:i + 16384])) + hs[i:i + 16384]
                    for i in range(0, len(hs), 16384))

for pad in [60000] * 10 + [15000] * 90:
    s = socket.create_connection(("127.0.0.1", 3128), timeout=10)
    s.sendall(b"CONNECT {SINK_HOST}:443 HTTP/1.1\\r\\n\\r\\n")
    s.recv(100)
    try:
        s.sendall(hello(pad))
        s.shutdown(socket.SHUT_WR)
        while s.recv(65536):
            pass
    except OSError:
        pass
    s.close()
print("DONE")
"""


class Sink:
    """A TCP server on loopback that counts every byte it receives."""

    def __init__(self):
        import socket
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.port = self.sock.getsockname()[1]
        self.received = 0
        self.lock = threading.Lock()
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self.drain, args=(conn,), daemon=True).start()

    def drain(self, conn):
        with conn:
            while True:
                chunk = conn.recv(65536)
                if not chunk:
                    return
                with self.lock:
                    self.received += len(chunk)

    def close(self):
        self.sock.close()


class DepsNetwork(CliTestCase):
    def setUp(self):
        super().setUp()
        self.index = Index(self.tmp / "index")
        def allow_the_index(text):
            network = yaml.safe_load(text)
            network["allow"] = [INDEX_HOST, "*.mai-test.invalid"]
            network["resolve"] = {INDEX_HOST: f"127.0.0.1:{self.index.port}"}
            validate(network, "network-config.schema.json")
            return yaml.safe_dump(network)
        self.edit_config("network.yaml", allow_the_index)

    def tearDown(self):
        self.index.close()
        super().tearDown()

    def test_pip_download_through_the_proxy_and_nothing_else(self):
        program = self.write("fetch.py", PROGRAM.replace("PORT", str(self.index.port)))
        result = self.run_json("--network", "deps", "--trust", "trusted", "--origin", "mai",
                               program, timeout=180)
        self.assertEqual(result["status"], "completed", result)
        ex = result["execution"]
        self.assertEqual(ex["network"], "deps", result)
        out = ex["stdout"]
        self.assertIn("PIP-EXIT 0", out, ex["stderr"])
        self.assertIn(WHEEL, out)
        self.assertIn("RAW-BLOCKED", out)
        self.assertIn("NAME-BLOCKED", out)
        self.assertIn("ELSEWHERE-REFUSED 403", out)
        self.assertIn("not on the allowlist", out)
        # The index saw the package page and the wheel, under the made-up name.
        paths = [p for p, _ in self.index.paths]
        self.assertIn("/simple/maiprobe/", paths)
        self.assertIn(f"/packages/{WHEEL}", paths)
        self.assertTrue(all(h == INDEX_HOST for _, h in self.index.paths), self.index.paths)

        events = ex["network_events"]
        allowed = [e for e in events if e["decision"] == "allow"]
        self.assertTrue(allowed, events)
        for e in allowed:
            self.assertEqual((e["method"], e["host"], e["port"]), ("GET", INDEX_HOST, 80), e)
        wheel_bytes = len((self.tmp / "index" / "packages" / WHEEL).read_bytes())
        self.assertGreaterEqual(sum(e["bytes_down"] for e in allowed), wheel_bytes)
        denied = [e for e in events if e["decision"] == "deny"]
        self.assertTrue(any(e["host"] == "elsewhere.mai-test.example" for e in denied), events)

        # Every decision is in the audit log.
        shown = self.cli("audit", "show", "--type", "network.decision", "--json")
        self.assertEqual(shown.code, 0, shown)
        self.assertIn(INDEX_HOST, shown.stdout)
        self.assertIn("elsewhere.mai-test.example", shown.stdout)

    @unittest.skipUnless(shutil.which("openssl"), "needs the openssl tool for a test certificate")
    def test_https_tunnel_checks_the_server_name(self):
        tls = TlsServer(self.tmp / "tls")
        try:
            network = yaml.safe_load((self.config / "network.yaml").read_text())
            network["allow"].append(TLS_HOST)
            network["resolve"][TLS_HOST] = f"127.0.0.1:{tls.port}"
            (self.config / "network.yaml").write_text(yaml.safe_dump(network))
            program = self.write("tls.py", TLS_PROGRAM)
            result = self.run_json("--network", "deps", "--origin", "mai", program, timeout=120)
        finally:
            tls.close()
        ex = result["execution"]
        self.assertIn("HTTPS-BODY hello over tls", ex["stdout"], ex["stderr"])
        self.assertIn("CONNECT HTTP/1.1 200 Connection established", ex["stdout"], ex["stderr"])
        self.assertIn("SNI-REFUSED", ex["stdout"], ex["stderr"])
        events = ex["network_events"]
        tunnels = [e for e in events if e["method"] == "CONNECT"]
        self.assertEqual(len(tunnels), 2, events)
        # Recorded when each tunnel closes, in whatever order that happens.
        allowed = [e for e in tunnels if e["decision"] == "allow"]
        denied = [e for e in tunnels if e["decision"] == "deny"]
        self.assertEqual((len(allowed), len(denied)), (1, 1), events)
        self.assertEqual((allowed[0]["host"], allowed[0]["port"]), (TLS_HOST, 443))
        self.assertGreater(allowed[0]["bytes_down"], 0)
        self.assertIn("does not match the CONNECT host", denied[0]["reason"])
        self.assertEqual(denied[0]["bytes_up"], 0)

    def test_client_hellos_count_against_the_upload_budget(self):
        # Issue 13: 90 tunnels of 60 KB ClientHellos carried 5.4 MB out of one run.
        sink = Sink()
        try:
            network = yaml.safe_load((self.config / "network.yaml").read_text())
            network["allow"].append(SINK_HOST)
            network["resolve"][SINK_HOST] = f"127.0.0.1:{sink.port}"
            network["limits"]["upload_per_run"] = "1MiB"
            validate(network, "network-config.schema.json")
            (self.config / "network.yaml").write_text(yaml.safe_dump(network))
            program = self.write("hellos.py", HELLO_PROGRAM)
            result = self.run_json("--network", "deps", "--origin", "mai", program, timeout=300)
            time.sleep(0.5)  # the sink's last reads
        finally:
            sink.close()
        ex = result["execution"]
        self.assertIn("DONE", ex["stdout"], ex["stderr"])
        events = [e for e in ex["network_events"] if e["method"] == "CONNECT"]
        self.assertEqual(len(events), 100, events)
        too_large = [e for e in events if "exceeds the limit of 16384 bytes" in e["reason"]]
        self.assertEqual(len(too_large), 10, events)
        self.assertTrue(all(e["decision"] == "deny" and e["bytes_up"] == 0 for e in too_large))
        over_budget = [e for e in events if "bytes per run exceeded" in e["reason"]]
        self.assertGreater(len(over_budget), 0, events)
        self.assertLessEqual(sum(e["bytes_up"] for e in events), 1 << 20)
        self.assertLessEqual(sink.received, 1 << 20)

    def test_network_yaml_errors_name_the_field(self):
        (self.config / "network.yaml").write_text("allow:\n  - 127.0.0.1\nlimits: {}\n")
        res = self.cli("run", "--network", "deps", SOURCE_DIR / "examples" / "hello.py")
        self.assertEqual(res.code, 2, res)
        self.assertIn("network.yaml", res.stderr)
        self.assertIn("allow[0]", res.stderr)


class ShippedConfig(unittest.TestCase):
    def test_network_yaml_matches_its_schema(self):
        document = yaml.safe_load((SOURCE_DIR / "config" / "network.yaml").read_text())
        validate(json.loads(json.dumps(document)), "network-config.schema.json")


if __name__ == "__main__":
    unittest.main()
