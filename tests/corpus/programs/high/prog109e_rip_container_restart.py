#!/usr/bin/env python3
"""Watchdog for the DTG RIP container.

The direct-to-garment RIP runs in a container (label ``shop.role=rip``).  When
its hot folder backs up - files older than the threshold sitting in
``./hotfolder`` - the RIP has usually wedged on a bad PDF.  This watchdog
checks the container state and the hot folder, restarts the RIP container
when it has stopped or is stuck, and logs each restart to
``./rip_watchdog.jsonl``.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path
from urllib.parse import quote

log = logging.getLogger("ripwatch")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, sock_path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    api = "/v1.43"

    def __init__(self, sock_path):
        self.sock_path = sock_path

    def _call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, self.api + path,
                         body=json.dumps(body) if body is not None else None, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
            return json.loads(data) if data else None
        finally:
            conn.close()

    def find(self, label):
        filters = quote(json.dumps({"label": [label]}))
        return self._call("GET", f"/containers/json?all=1&filters={filters}")

    def restart(self, cid, grace=20):
        self._call("POST", f"/containers/{cid}/restart?t={grace}")


def stuck_files(hotfolder, max_age):
    now = time.time()
    return [p for p in Path(hotfolder).glob("*")
            if p.is_file() and now - p.stat().st_mtime > max_age]


def record(event):
    with open("rip_watchdog.jsonl", "a", encoding="utf-8") as fh:
        fh.write(json.dumps(event) + "\n")


def check_once(engine, args):
    containers = engine.find(args.label)
    if not containers:
        log.error("no container with label %s", args.label)
        return False
    stale = stuck_files(args.hotfolder, args.max_age)
    restarted = False
    for c in containers:
        name = c["Names"][0].lstrip("/")
        reason = None
        if c["State"] != "running":
            reason = f"state {c['State']}"
        elif len(stale) >= args.min_files:
            reason = f"{len(stale)} stale job(s)"
        if reason is None:
            log.debug("%s ok (%s)", name, c.get("Status", "running"))
            continue
        log.warning("restarting %s: %s", name, reason)
        engine.restart(c["Id"])
        record({"ts": int(time.time()), "container": name, "reason": reason,
                "stale": [p.name for p in stale[:20]]})
        restarted = True
    return restarted


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hotfolder", default="hotfolder")
    ap.add_argument("--label", default="shop.role=rip")
    ap.add_argument("--max-age", type=int, default=600, help="seconds")
    ap.add_argument("--min-files", type=int, default=2)
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--socket", default=os.environ.get("ENGINE_SOCK", "/var/run/docker.sock"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(args.socket)
    cooldown_until = 0.0
    while True:
        try:
            if time.time() >= cooldown_until and check_once(engine, args):
                cooldown_until = time.time() + 5 * args.interval
        except (OSError, RuntimeError) as exc:
            log.error("check failed: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
