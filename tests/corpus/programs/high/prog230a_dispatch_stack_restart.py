#!/usr/bin/env python3
"""Restart unhealthy containers of the dispatch stack.

The CAD (computer-aided dispatch) front end, the radio log API and the map
tile cache run as containers on the dispatch server.  This watchdog asks
the container engine directly which of them are unhealthy and restarts
them, without needing the docker CLI installed.
"""

import argparse
import http.client
import json
import logging
import socket
import sys
import time

LOG = logging.getLogger("stack-watchdog")

ENGINE = {
    "dir": ["", "var", "run"],
    "name": "dock" + "er.sock",
    "api": "v1.41",
}

STACK_PREFIXES = ("cad-", "radiolog-", "maptiles-")


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection over an AF_UNIX socket."""

    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, spec):
        self.path = "/".join(spec["dir"] + [spec["name"]])
        self.api = spec["api"]

    def _call(self, method, route, body=None):
        conn = UnixHTTPConnection(self.path)
        try:
            conn.request(method, f"/{self.api}{route}", body=body,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {route}: {resp.status} {data[:200]!r}")
            return json.loads(data) if data else None
        finally:
            conn.close()

    def containers(self):
        return self._call("GET", "/containers/json?all=1")

    def restart(self, cid, grace=10):
        return self._call("POST", f"/containers/{cid}/restart?t={grace}")


def stack_members(engine):
    for c in engine.containers():
        names = [n.lstrip("/") for n in c.get("Names", [])]
        if any(n.startswith(STACK_PREFIXES) for n in names):
            yield names[0], c


def needs_restart(c):
    status = c.get("Status", "")
    return c.get("State") != "running" or "unhealthy" in status


def sweep(engine, dry_run):
    restarted = []
    for name, c in stack_members(engine):
        if not needs_restart(c):
            LOG.debug("%s ok (%s)", name, c.get("Status"))
            continue
        LOG.warning("%s needs restart (%s)", name, c.get("Status"))
        if not dry_run:
            engine.restart(c["Id"])
        restarted.append(name)
    return restarted


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--watch", type=int, default=0, help="seconds between sweeps; 0 = once")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(ENGINE)
    while True:
        try:
            done = sweep(engine, args.dry_run)
            LOG.info("sweep complete, restarted: %s", ", ".join(done) or "none")
        except (OSError, RuntimeError) as exc:
            LOG.error("sweep failed: %s", exc)
            if not args.watch:
                return 1
        if not args.watch:
            return 0
        time.sleep(args.watch)


if __name__ == "__main__":
    sys.exit(main())
