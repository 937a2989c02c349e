#!/usr/bin/env python3
"""Remote OBD query agent for workshop support.

Runs on the shop's diagnostic laptop. It dials out to the support hub over
TLS, announces the VIN being worked on and then answers read-only queries
(live PIDs, stored DTCs, freeze frame) from the latest scan snapshot that
the scan tool writes to ./snapshots/latest.json.

The support hub uses a self-signed certificate on the workshop VPN.
"""
import argparse
import json
import logging
import socket
import ssl
import sys
import time
from pathlib import Path

LOG = logging.getLogger("obd_remote")
HUB_DEFAULT = "support-hub.autodiag.example.net"


class Snapshot:
    def __init__(self, path: Path):
        self.path = path
        self._mtime = 0
        self._data = {}

    def data(self):
        try:
            mtime = self.path.stat().st_mtime
        except FileNotFoundError:
            return {}
        if mtime != self._mtime:
            with self.path.open() as fh:
                self._data = json.load(fh)
            self._mtime = mtime
        return self._data


class SupportLink:
    ALLOWED = ("ping", "pid", "dtc", "freeze", "info")

    def __init__(self, host, port, vin, snapshot):
        self.host = host
        self.port = port
        self.vin = vin
        self.snapshot = snapshot
        self.sock = None

    def _context(self):
        ctx = ssl.create_default_context()
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
        return ctx

    def connect(self):
        raw = socket.create_connection((self.host, self.port), timeout=15)
        self.sock = self._context().wrap_socket(raw, server_hostname=self.host)
        self.sock.settimeout(None)
        self._send({"op": "hello", "vin": self.vin, "agent": "obd-remote/0.9"})
        LOG.info("connected to %s:%d", self.host, self.port)

    def _send(self, obj):
        self.sock.sendall((json.dumps(obj) + "\n").encode())

    def handle(self, req):
        op = req.get("op")
        if op not in self.ALLOWED:
            return {"error": f"unsupported op {op!r}"}
        snap = self.snapshot.data()
        if op == "ping":
            return {"pong": time.time()}
        if op == "info":
            return {"vin": self.vin, "ecus": snap.get("ecus", [])}
        if op == "pid":
            pid = str(req.get("pid", "")).upper()
            return {"pid": pid, "value": snap.get("pids", {}).get(pid)}
        if op == "dtc":
            return {"stored": snap.get("dtc_stored", []),
                    "pending": snap.get("dtc_pending", [])}
        if op == "freeze":
            return {"freeze": snap.get("freeze_frame", {})}
        return {"error": "unreachable"}

    def serve(self):
        buf = b""
        while True:
            chunk = self.sock.recv(4096)
            if not chunk:
                LOG.info("hub closed the session")
                return
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                try:
                    req = json.loads(line)
                except json.JSONDecodeError:
                    self._send({"error": "bad json"})
                    continue
                reply = self.handle(req)
                reply["id"] = req.get("id")
                self._send(reply)


def main(argv=None):
    p = argparse.ArgumentParser(description="remote OBD query agent")
    p.add_argument("--hub", default=HUB_DEFAULT)
    p.add_argument("--port", type=int, default=8443)
    p.add_argument("--vin", required=True)
    p.add_argument("--snapshot", default="snapshots/latest.json")
    p.add_argument("--retries", type=int, default=5)
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    link = SupportLink(args.hub, args.port, args.vin, Snapshot(Path(args.snapshot)))
    for attempt in range(args.retries):
        try:
            link.connect()
            link.serve()
            return 0
        except (OSError, ssl.SSLError) as exc:
            LOG.warning("session error: %s (attempt %d)", exc, attempt + 1)
            time.sleep(min(60, 5 * (attempt + 1)))
    return 1


if __name__ == "__main__":
    sys.exit(main())
