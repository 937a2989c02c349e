#!/usr/bin/env python3
"""Health check and restart for the Larkspur Ballet booking container.

The term-booking web app runs in a container on the office NUC. When the
health endpoint stops answering, this script restarts the container through
the Docker Engine API so the office manager doesn't need the command line.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import time
import urllib.request

LOG = logging.getLogger("booking-watch")

ENGINE_SOCKET = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
CONTAINER = os.environ.get("BOOKING_CONTAINER", "larkspur-booking")
HEALTH_URL = os.environ.get("BOOKING_HEALTH", "http://127.0.0.1:8080/healthz")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path):
        self.path = path

    def _call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def inspect(self, name):
        return self._call("GET", f"/containers/{name}/json")

    def restart(self, name, wait=10):
        return self._call("POST", f"/containers/{name}/restart?t={wait}")

    def logs_tail(self, name, lines=30):
        conn = UnixHTTPConnection(self.path)
        conn.request("GET", f"/containers/{name}/logs?stdout=1&stderr=1&tail={lines}")
        return conn.getresponse().read().decode(errors="replace")


def healthy(url, timeout=5):
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            return resp.status == 200
    except OSError:
        return False


def check_once(engine, dry_run):
    if healthy(HEALTH_URL):
        LOG.info("booking app healthy")
        return True
    state = engine.inspect(CONTAINER).get("State", {})
    LOG.warning("health check failed; container status=%s", state.get("Status"))
    LOG.debug("recent logs:\n%s", engine.logs_tail(CONTAINER))
    if dry_run:
        LOG.info("(dry) would restart %s", CONTAINER)
        return False
    engine.restart(CONTAINER)
    time.sleep(15)
    ok = healthy(HEALTH_URL)
    LOG.info("after restart healthy=%s", ok)
    return ok


def main():
    ap = argparse.ArgumentParser(description="Booking container watchdog")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--watch", type=int, default=0, help="repeat every N seconds")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    engine = Engine(ENGINE_SOCKET)
    while True:
        check_once(engine, args.dry_run)
        if not args.watch:
            break
        time.sleep(args.watch)


if __name__ == "__main__":
    main()
