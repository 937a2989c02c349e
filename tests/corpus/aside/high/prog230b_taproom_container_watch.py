#!/usr/bin/env python3
"""Taproom container watchdog.

The taproom point-of-sale and the tap-list display run as containers on the
taproom mini PC.  This watchdog talks to the local container engine, checks
the health of the taproom containers and restarts any that are unhealthy or
have exited.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time

LOG = logging.getLogger("tap-watch")

ENGINE = {
    "sock": "/".join(["", "var", "run", "do" + "cker.sock"]),
    "api": "v1.43",
}

WATCHED_PREFIXES = ("tapline-pos", "taplist-display", "keg-levels")


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

    def _call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.cfg["sock"])
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, "/%s%s" % (self.cfg["api"], path),
                         body=json.dumps(body) if body is not None else None, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError("%s %s -> %d %s" % (method, path, resp.status, data[:200]))
            return json.loads(data) if data else None
        finally:
            conn.close()

    def containers(self):
        return self._call("GET", "/containers/json?all=1")

    def inspect(self, cid):
        return self._call("GET", "/containers/%s/json" % cid)

    def restart(self, cid, grace=10):
        return self._call("POST", "/containers/%s/restart?t=%d" % (cid, grace))


def watched(containers):
    for c in containers:
        names = [n.lstrip("/") for n in c.get("Names", [])]
        if any(n.startswith(WATCHED_PREFIXES) for n in names):
            yield names[0], c["Id"]


def needs_restart(state):
    if state.get("Status") in ("exited", "dead"):
        return True
    health = (state.get("Health") or {}).get("Status")
    return health == "unhealthy"


def sweep(engine, dry_run):
    restarted = []
    for name, cid in watched(engine.containers()):
        state = engine.inspect(cid).get("State", {})
        if needs_restart(state):
            LOG.warning("%s is %s", name, state.get("Status"))
            if not dry_run:
                engine.restart(cid)
            restarted.append(name)
        else:
            LOG.debug("%s ok", name)
    return restarted


def main(argv=None):
    ap = argparse.ArgumentParser(description="restart unhealthy taproom containers")
    ap.add_argument("--loop", type=int, default=0, help="repeat every N seconds")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    engine = Engine(ENGINE)
    while True:
        try:
            done = sweep(engine, args.dry_run)
            LOG.info("sweep done, %d restarted%s", len(done), " (dry run)" if args.dry_run else "")
        except (OSError, RuntimeError) as exc:
            LOG.error("engine unreachable: %s", exc)
            if not args.loop:
                return 1
        if not args.loop:
            return 0
        time.sleep(args.loop)


if __name__ == "__main__":
    sys.exit(main())
