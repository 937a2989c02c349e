#!/usr/bin/env python3
"""Status and restart helper for the results site containers.

The results site runs as a few containers on the finish-area server
(web, api, worker). This talks to the local container engine directly so
the volunteers do not need the CLI, shows their state, and restarts the
ones that are unhealthy.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

LOG = logging.getLogger("stack")

ENGINE = {
    "sock_dir": "/var/run",
    "sock_name": "dock" + "er.sock",
    "api": "v1.43",
    "prefix": "results-",
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
    def __init__(self, cfg):
        self.cfg = cfg
        self.path = "%s/%s" % (cfg["sock_dir"], cfg["sock_name"])

    def _call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        try:
            hdrs = {"Content-Type": "application/json"} if body is not None else {}
            data = json.dumps(body) if body is not None else None
            conn.request(method, "/%s%s" % (self.cfg["api"], url), body=data, headers=hdrs)
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status >= 400:
                raise RuntimeError("%s %s -> %s %s" % (method, url, resp.status, raw[:200]))
            return json.loads(raw) if raw else None
        finally:
            conn.close()

    def containers(self):
        items = self._call("GET", "/containers/json?all=1") or []
        pref = "/" + self.cfg["prefix"]
        return [c for c in items if any(n.startswith(pref) for n in c.get("Names", []))]

    def restart(self, cid):
        self._call("POST", "/containers/%s/restart?t=10" % cid)


def is_unhealthy(c):
    status = c.get("Status", "")
    return c.get("State") != "running" or "unhealthy" in status


def show(items):
    for c in items:
        name = c["Names"][0].lstrip("/")
        print("%-24s %-10s %s" % (name, c.get("State"), c.get("Status")))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("action", choices=["status", "heal", "restart"])
    ap.add_argument("--name", help="container to restart (for 'restart')")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    eng = Engine(ENGINE)
    try:
        items = eng.containers()
    except (OSError, RuntimeError) as exc:
        LOG.error("container engine not reachable: %s", exc)
        return 1

    if args.action == "status":
        show(items)
        return 0

    if args.action == "restart":
        wanted = [c for c in items if args.name and args.name in c["Names"][0]]
        if not wanted:
            LOG.error("no container matches %r", args.name)
            return 1
    else:
        wanted = [c for c in items if is_unhealthy(c)]

    for c in wanted:
        name = c["Names"][0].lstrip("/")
        LOG.info("restarting %s", name)
        try:
            eng.restart(c["Id"])
        except (OSError, RuntimeError) as exc:
            LOG.error("restart of %s failed: %s", name, exc)
    if not wanted:
        LOG.info("all results containers healthy")
    return 0


if __name__ == "__main__":
    sys.exit(main())
