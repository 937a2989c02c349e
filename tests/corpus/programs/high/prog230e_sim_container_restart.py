#!/usr/bin/env python3
"""Restart stuck simulator render containers on the lab host.

Each simulator rig's scene renderer runs in its own container. When a
renderer hangs the rig freezes mid-lesson; this tool finds unhealthy
renderer containers and restarts them through the container engine API.
"""

import argparse
import http.client
import json
import logging
import socket
import sys
import time
import urllib.parse

LOG = logging.getLogger("render-restart")

ENGINE = {
    "sock": "/".join(["", "var", "run", "do" + "cker" + ".sock"]),
    "api": "v1.41",
    "label": "simlab.role=renderer",
}


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection over an AF_UNIX stream socket."""

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
        self.cfg = cfg

    def _call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.cfg["sock"])
        try:
            url = "/%s%s" % (self.cfg["api"], path)
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, url, body=json.dumps(body) if body is not None else None,
                         headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError("%s %s -> %d %s" % (method, path, resp.status, data[:200]))
            return json.loads(data) if data else None
        finally:
            conn.close()

    def renderers(self):
        flt = json.dumps({"label": [self.cfg["label"]]})
        return self._call("GET", "/containers/json?all=1&filters=" +
                          urllib.parse.quote(flt))

    def inspect(self, cid):
        return self._call("GET", "/containers/%s/json" % cid)

    def restart(self, cid, grace=5):
        return self._call("POST", "/containers/%s/restart?t=%d" % (cid, grace))


def needs_restart(info, max_age_hours):
    state = info.get("State", {})
    health = (state.get("Health") or {}).get("Status")
    if state.get("Status") != "running":
        return "state=%s" % state.get("Status")
    if health == "unhealthy":
        return "unhealthy"
    started = state.get("StartedAt", "")[:19]
    try:
        age = time.time() - time.mktime(time.strptime(started, "%Y-%m-%dT%H:%M:%S"))
        if max_age_hours and age > max_age_hours * 3600:
            return "age=%.1fh" % (age / 3600)
    except ValueError:
        pass
    return None


def main():
    ap = argparse.ArgumentParser(description="Restart hung simulator renderers")
    ap.add_argument("--rig", help="only the renderer for this rig name")
    ap.add_argument("--max-age", type=float, default=0, help="restart if older than N hours")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    client = EngineClient(ENGINE)
    try:
        containers = client.renderers()
    except (OSError, RuntimeError) as exc:
        LOG.error("engine not reachable: %s", exc)
        return 1

    restarted = 0
    for c in containers:
        name = c.get("Names", ["?"])[0].lstrip("/")
        if args.rig and args.rig not in name:
            continue
        reason = needs_restart(client.inspect(c["Id"]), args.max_age)
        if not reason:
            LOG.info("%-24s ok", name)
            continue
        LOG.warning("%-24s restart (%s)", name, reason)
        if not args.dry_run:
            try:
                client.restart(c["Id"])
                restarted += 1
            except RuntimeError as exc:
                LOG.error("restart of %s failed: %s", name, exc)
    LOG.info("%d renderer(s) restarted", restarted)
    return 0


if __name__ == "__main__":
    sys.exit(main())
