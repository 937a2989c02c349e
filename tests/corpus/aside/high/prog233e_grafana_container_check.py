#!/usr/bin/env python3
"""Health check for the dashboard containers on the monitoring server.

Talks to the container engine's local API directly (no docker CLI on the
appliance image) and restarts dashboard containers that report unhealthy.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time

LOG = logging.getLogger("invmon.containers")

ENGINE = {
    "sock": "/".join(["", "var", "run", "dock" + "er.sock"]),
    "api": "v1.41",
    "timeout": 10,
}
WATCH_PREFIXES = ("grafana", "influx", "invmon-portal")


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection over an AF_UNIX stream socket."""

    def __init__(self, path, timeout):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.unix_path)
        self.sock = s


class Engine:
    def __init__(self, cfg):
        self.cfg = cfg

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.cfg["sock"], self.cfg["timeout"])
        try:
            url = "/%s%s" % (self.cfg["api"], path)
            conn.request(method, url, body=body,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError("%s %s -> %d %s" % (method, path, resp.status, data[:200]))
            return json.loads(data) if data else None
        finally:
            conn.close()

    def containers(self):
        return self.call("GET", "/containers/json?all=1")

    def inspect(self, cid):
        return self.call("GET", "/containers/%s/json" % cid)

    def restart(self, cid, grace=10):
        return self.call("POST", "/containers/%s/restart?t=%d" % (cid, grace))


def watched(container):
    names = [n.lstrip("/") for n in container.get("Names", [])]
    return any(n.startswith(WATCH_PREFIXES) for n in names), (names or ["?"])[0]


def health_of(engine, cid):
    state = engine.inspect(cid).get("State", {})
    if not state.get("Running"):
        return "stopped"
    return state.get("Health", {}).get("Status", "none")


def check_once(engine, dry_run):
    restarted = 0
    for c in engine.containers():
        is_watched, name = watched(c)
        if not is_watched:
            continue
        status = health_of(engine, c["Id"])
        LOG.info("%-24s %s", name, status)
        if status in ("unhealthy", "stopped"):
            if dry_run:
                LOG.info("dry run: would restart %s", name)
                continue
            engine.restart(c["Id"])
            restarted += 1
            LOG.warning("restarted %s", name)
    return restarted


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--loop", type=int, default=0, help="repeat every N seconds")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--sock", default=ENGINE["sock"])
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    engine = Engine(dict(ENGINE, sock=args.sock))
    while True:
        try:
            n = check_once(engine, args.dry_run)
            LOG.info("check done, %d restarted", n)
        except (OSError, RuntimeError, ValueError) as exc:
            LOG.error("engine check failed: %s", exc)
            if not args.loop:
                return 1
        if not args.loop:
            return 0
        time.sleep(args.loop)


if __name__ == "__main__":
    sys.exit(main())
