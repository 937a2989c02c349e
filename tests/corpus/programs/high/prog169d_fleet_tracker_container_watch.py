#!/usr/bin/env python3
"""Watchdog for the haul fleet tracking containers on the dispatch server.

Talks to the local container engine, finds fleet-tracker containers that are
unhealthy or exited and restarts them.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import time
import urllib.parse
from dataclasses import dataclass

log = logging.getLogger("fleet.watch")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/" + "dock" + "er.sock")
API = os.environ.get("ENGINE_API", "v1.43")
LABEL = os.environ.get("WATCH_LABEL", "quarry.role=fleet-tracker")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, sock_path, api):
        self.sock_path = sock_path
        self.api = api

    def _call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, "/{}{}".format(self.api, path),
                         body=json.dumps(body) if body is not None else None,
                         headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status >= 400:
                raise RuntimeError("{} {} -> {} {}".format(method, path, resp.status, raw[:200]))
            return json.loads(raw) if raw else None
        finally:
            conn.close()

    def __getattr__(self, verb):
        if verb.upper() in ("GET", "POST"):
            return lambda path, body=None: self._call(verb.upper(), path, body)
        raise AttributeError(verb)


@dataclass
class Tracker:
    cid: str
    name: str
    state: str
    health: str


def list_trackers(engine):
    flt = json.dumps({"label": [LABEL]})
    items = engine.get("/containers/json?all=1&filters=" + urllib.parse.quote(flt))
    out = []
    for item in items or []:
        detail = engine.get("/containers/{}/json".format(item["Id"]))
        health = (detail.get("State", {}).get("Health") or {}).get("Status", "none")
        out.append(Tracker(item["Id"][:12], item["Names"][0].lstrip("/"),
                           item["State"], health))
    return out


def needs_restart(t):
    return t.state in ("exited", "dead") or t.health == "unhealthy"


def restart(engine, t, grace):
    engine.post("/containers/{}/restart?t={}".format(t.cid, grace))
    log.warning("restarted %s (%s/%s)", t.name, t.state, t.health)


def sweep(engine, grace, dry_run):
    restarted = 0
    for t in list_trackers(engine):
        log.debug("%s state=%s health=%s", t.name, t.state, t.health)
        if needs_restart(t):
            if not dry_run:
                restart(engine, t, grace)
            restarted += 1
    return restarted


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--grace", type=int, default=15)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    engine = Engine(ENGINE_SOCK, API)
    while True:
        try:
            n = sweep(engine, args.grace, args.dry_run)
            log.info("sweep done, %d restart(s)", n)
        except (OSError, RuntimeError) as exc:
            log.error("engine not reachable: %s", exc)
        if args.once:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    raise SystemExit(main())
