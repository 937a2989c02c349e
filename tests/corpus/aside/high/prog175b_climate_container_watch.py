#!/usr/bin/env python3
"""Watchdog for the climate-logging containers in the paper store.

The humidity and temperature loggers for the paper and type stores run as
containers on the collections server. When a logger stops reporting, this
watchdog restarts its container through the local Docker engine.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import time
from pathlib import Path

log = logging.getLogger("climate.watch")

ENGINE_PATH = os.environ.get("CLIMATE_ENGINE", "/var/run/" + "docker" + ".sock")
LABEL = os.environ.get("CLIMATE_LABEL", "museum.role=climate-logger")
STALE_AFTER = int(os.environ.get("CLIMATE_STALE_SECONDS", "900"))
HEARTBEATS = Path(os.environ.get("CLIMATE_HEARTBEATS", "/srv/climate/heartbeats"))


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


class Engine:
    def __init__(self, path):
        self.path = path

    def _request(self, method, url):
        conn = UnixHTTPConnection(self.path)
        try:
            conn.request(method, url)
            resp = conn.getresponse()
            body = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {url}: {resp.status} {body[:200]!r}")
            return json.loads(body) if body else None
        finally:
            conn.close()

    def loggers(self):
        flt = json.dumps({"label": [LABEL]})
        return self._request("GET", f"/containers/json?all=1&filters={flt}")

    def restart(self, cid):
        self._request("POST", f"/containers/{cid}/restart?t=20")


def heartbeat_age(name):
    beat = HEARTBEATS / f"{name}.beat"
    try:
        return time.time() - beat.stat().st_mtime
    except OSError:
        return float("inf")


def check_once(engine, dry_run=False):
    restarted = 0
    for ctr in engine.loggers() or []:
        name = ctr["Names"][0].lstrip("/")
        age = heartbeat_age(name)
        state = ctr.get("State")
        if state == "running" and age < STALE_AFTER:
            log.debug("%s healthy (last beat %.0fs ago)", name, age)
            continue
        log.warning("%s state=%s last beat %.0fs ago; restarting", name, state, age)
        if not dry_run:
            engine.restart(ctr["Id"])
            restarted += 1
    return restarted


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--interval", type=int, default=120)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(ENGINE_PATH)
    while True:
        try:
            n = check_once(engine, args.dry_run)
            if n:
                log.info("restarted %d logger container(s)", n)
        except (OSError, RuntimeError) as exc:
            log.error("engine check failed: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
