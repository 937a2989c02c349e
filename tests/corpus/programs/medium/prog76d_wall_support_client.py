#!/usr/bin/env python3
"""Support channel client for display-wall controllers.

Display walls sit behind venue NAT, so instead of the NOC connecting in,
the controller dials out to the support relay and waits for diagnostic
requests. Each request names one of a fixed set of probes; the result is
sent back as JSON on the same connection.
"""
import argparse
import json
import logging
import os
import socket
import ssl
import subprocess
import time

LOG = logging.getLogger("wall-support")

RELAY_HOST = os.environ.get("WALL_RELAY_HOST", "relay.signagehq.net")
RELAY_PORT = int(os.environ.get("WALL_RELAY_PORT", "7443"))


class ProbeRunner:
    probes = {
        "uptime": ["uptime"],
        "monitors": ["xrandr", "--listmonitors"],
        "player": ["pgrep", "-a", "-f", "signage-player"],
        "disk": ["df", "-h", "."],
        "edid": ["ls", "-1", "/sys/class/drm"],
    }

    def __init__(self, timeout=20):
        self.timeout = timeout

    def handle(self, request):
        name = request.get("probe")
        argv = self.probes.get(name)
        if argv is None:
            return {"id": request.get("id"), "error": f"unknown probe {name!r}"}
        try:
            proc = subprocess.run(argv, capture_output=True, text=True,
                                  timeout=self.timeout)
        except (OSError, subprocess.TimeoutExpired) as exc:
            return {"id": request.get("id"), "error": str(exc)}
        return {
            "id": request.get("id"),
            "rc": proc.returncode,
            "stdout": proc.stdout[-16000:],
            "stderr": proc.stderr[-4000:],
        }


def lines(sock):
    buf = b""
    while True:
        chunk = sock.recv(4096)
        if not chunk:
            return
        buf += chunk
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            if line.strip():
                yield line


def session(runner, wall_id):
    ctx = ssl.create_default_context()
    raw = socket.create_connection((RELAY_HOST, RELAY_PORT), timeout=30)
    with ctx.wrap_socket(raw, server_hostname=RELAY_HOST) as sock:
        sock.settimeout(None)
        hello = {"hello": wall_id, "host": socket.gethostname()}
        sock.sendall(json.dumps(hello).encode() + b"\n")
        LOG.info("connected to %s:%d as %s", RELAY_HOST, RELAY_PORT, wall_id)
        for line in lines(sock):
            try:
                req = json.loads(line)
            except ValueError:
                LOG.warning("ignoring malformed request")
                continue
            reply = runner.handle(req)
            sock.sendall(json.dumps(reply).encode() + b"\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wall-id", default=os.environ.get("WALL_ID", socket.gethostname()))
    ap.add_argument("--max-backoff", type=int, default=300)
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    runner = ProbeRunner()
    backoff = 5
    while True:
        try:
            session(runner, args.wall_id)
            backoff = 5
        except (OSError, ssl.SSLError) as exc:
            LOG.warning("relay connection lost: %s", exc)
        time.sleep(backoff)
        backoff = min(backoff * 2, args.max_backoff)


if __name__ == "__main__":
    main()
