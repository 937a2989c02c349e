#!/usr/bin/env python3
"""Restart the TMS playlist/scheduler containers when they stop responding.

The theatre management system on the booth server runs as a set of
containers (tms-scheduler, tms-kdm-watch, tms-showtime-api).  When the
scheduler's health endpoint stops answering, playlists stop being pushed to
the screen servers.  This watchdog checks each service's health URL and
restarts the matching container through the engine API.
"""

import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
import urllib.error
import urllib.request

log = logging.getLogger("tms-watchdog")

ENGINE_SOCKET = os.environ.get("ENGINE_SOCKET", "/var/run/docker.sock")

SERVICES = {
    "tms-scheduler": "http://127.0.0.1:8410/health",
    "tms-kdm-watch": "http://127.0.0.1:8420/health",
    "tms-showtime-api": "http://127.0.0.1:8430/health",
}


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection that talks to a local UNIX socket instead of TCP."""

    def __init__(self, socket_path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    api_version = "v1.41"

    def __init__(self, socket_path=ENGINE_SOCKET):
        self.socket_path = socket_path

    def _call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.socket_path)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, f"/{self.api_version}{path}", body=payload, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
            return json.loads(raw) if raw else None
        finally:
            conn.close()

    def containers(self):
        return self._call("GET", "/containers/json?all=1")

    def find(self, name):
        for c in self.containers():
            if f"/{name}" in c.get("Names", []):
                return c
        return None

    def restart(self, container_id, grace=15):
        self._call("POST", f"/containers/{container_id}/restart?t={grace}")


def healthy(url, timeout):
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            return resp.status == 200
    except (urllib.error.URLError, OSError):
        return False


def check_once(engine, args):
    restarted = []
    for name, url in SERVICES.items():
        if healthy(url, args.timeout):
            log.debug("%s healthy", name)
            continue
        # retry a couple of times before acting; the scheduler pauses during ingest
        if any(time.sleep(args.retry_wait) or healthy(url, args.timeout) for _ in range(args.retries)):
            log.info("%s recovered on retry", name)
            continue
        container = engine.find(name)
        if container is None:
            log.error("%s unhealthy and no container named %s", url, name)
            continue
        log.warning("%s unhealthy (state=%s), restarting", name, container.get("State"))
        if args.dry_run:
            continue
        try:
            engine.restart(container["Id"])
            restarted.append(name)
        except (RuntimeError, OSError) as exc:
            log.error("restart of %s failed: %s", name, exc)
    return restarted


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--interval", type=int, default=0, help="loop every N seconds (0 = once)")
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("--retries", type=int, default=2)
    ap.add_argument("--retry-wait", type=float, default=10.0)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.exists(ENGINE_SOCKET):
        log.error("engine socket %s not found", ENGINE_SOCKET)
        return 2
    engine = Engine()

    while True:
        restarted = check_once(engine, args)
        if restarted:
            log.info("restarted: %s", ", ".join(restarted))
        if not args.interval:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
