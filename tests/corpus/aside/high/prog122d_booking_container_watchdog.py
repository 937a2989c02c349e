#!/usr/bin/env python3
"""Watchdog for the booking stack containers on the gym's mini PC.

The booking web app, the payment webhook receiver and the reminder worker
run as containers labelled ``ringside.stack=booking``. When the Wi-Fi drops
the webhook container sometimes ends up unhealthy and nobody notices until
members complain they cannot book. This watchdog asks the Docker Engine for
container health every minute and restarts the ones that are unhealthy or
exited, keeping a small log of what it did.

    prog122d_booking_container_watchdog.py --label ringside.stack=booking
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
import urllib.parse

log = logging.getLogger("watchdog")

DOCKER_SOCK = "/var/run/docker.sock"
API_VERSION = "v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.unix_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, query=None):
        url = f"/{API_VERSION}{path}"
        if query:
            url += "?" + urllib.parse.urlencode(query)
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request(method, url, headers={"Host": "docker"})
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {body[:200]!r}")
        return json.loads(body) if body else None

    def containers(self, label):
        filters = json.dumps({"label": [label]})
        return self.call("GET", "/containers/json", {"all": "1", "filters": filters})

    def restart(self, cid, timeout=20):
        self.call("POST", f"/containers/{cid}/restart", {"t": str(timeout)})


def needs_restart(c):
    state = c.get("State")
    status = c.get("Status", "")
    if state in ("exited", "dead"):
        return f"state={state}"
    if "(unhealthy)" in status:
        return "unhealthy"
    return None


def sweep(engine, label, cooldown, last_restart):
    now = time.time()
    for c in engine.containers(label):
        name = c["Names"][0].lstrip("/")
        reason = needs_restart(c)
        if not reason:
            continue
        if now - last_restart.get(name, 0) < cooldown:
            log.info("%s is %s but restarted recently, waiting", name, reason)
            continue
        log.warning("restarting %s (%s)", name, reason)
        try:
            engine.restart(c["Id"])
            last_restart[name] = now
        except RuntimeError as exc:
            log.error("restart of %s failed: %s", name, exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Restart unhealthy booking containers")
    ap.add_argument("--label", default="ringside.stack=booking")
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--cooldown", type=int, default=300)
    ap.add_argument("--socket", default=DOCKER_SOCK)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(args.socket)
    last_restart = {}
    while True:
        try:
            sweep(engine, args.label, args.cooldown, last_restart)
        except (OSError, RuntimeError, ValueError) as exc:
            log.error("sweep failed: %s", exc)
        if args.once:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
