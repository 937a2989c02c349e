#!/usr/bin/env python3
"""Restart the live results board container when it stops refreshing.

The club's finish-area screen runs as a container on the field laptop.
This checks when the board last refreshed its standings file and, if it
looks stuck, asks the local container engine to restart it.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

LOG = logging.getLogger("board_restart")

ENGINE_SOCKET = "/".join(["", "var", "run", "dock" + "er.sock"])
API = "/v1.41"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def request(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        try:
            conn.request(method, API + url, body=body,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
            return json.loads(data) if data else None
        finally:
            conn.close()

    def find(self, name):
        for c in self.request("GET", "/containers/json?all=1") or []:
            if any(n.lstrip("/") == name for n in c.get("Names", [])):
                return c
        return None

    def restart(self, cid, wait=5):
        self.request("POST", f"/containers/{cid}/restart?t={wait}")


def board_is_stale(standings_path, max_age):
    try:
        age = time.time() - os.path.getmtime(standings_path)
    except OSError:
        LOG.warning("standings file %s missing", standings_path)
        return True
    LOG.debug("standings age %.0fs", age)
    return age > max_age


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--name", default="results-board")
    ap.add_argument("--standings", default="board/standings.json")
    ap.add_argument("--max-age", type=int, default=120, help="seconds")
    ap.add_argument("--force", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.force and not board_is_stale(args.standings, args.max_age):
        LOG.info("board is fresh, nothing to do")
        return 0

    engine = Engine()
    try:
        container = engine.find(args.name)
        if container is None:
            LOG.error("no container named %s", args.name)
            return 1
        LOG.info("restarting %s (%s)", args.name, container.get("State"))
        engine.restart(container["Id"])
    except (OSError, RuntimeError) as exc:
        LOG.error("engine request failed: %s", exc)
        return 2
    LOG.info("restart requested")
    return 0


if __name__ == "__main__":
    sys.exit(main())
