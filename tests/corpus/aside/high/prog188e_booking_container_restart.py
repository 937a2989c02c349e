#!/usr/bin/env python3
"""Restart the booking web container on the back-office mini server.

The online table-booking site runs in Docker on the office box; when it
hangs on a Friday night the duty manager runs this instead of calling
the contractor.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import time

log = logging.getLogger("booking_restart")

SOCK = os.environ.get("DOCKER_SOCK", "/" + "/".join(["var", "run", "docker.sock"]))
API = "/v1.41"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def containers(self):
        return self.call("GET", "/containers/json?all=1")

    def find(self, name):
        for c in self.containers():
            if any(n.lstrip("/") == name for n in c.get("Names", [])):
                return c
        return None


ACTIONS = {
    "restart": lambda e, cid: e.call("POST", f"/containers/{cid}/restart?t=10"),
    "stop": lambda e, cid: e.call("POST", f"/containers/{cid}/stop?t=10"),
    "start": lambda e, cid: e.call("POST", f"/containers/{cid}/start"),
}


def wait_running(engine, name, seconds=60):
    deadline = time.time() + seconds
    while time.time() < deadline:
        c = engine.find(name)
        if c and c.get("State") == "running":
            return True
        time.sleep(2)
    return False


def main():
    ap = argparse.ArgumentParser(description="restart booking site container")
    ap.add_argument("--name", default=os.environ.get("BOOKING_CONTAINER", "booking-web"))
    ap.add_argument("--action", choices=sorted(ACTIONS), default="restart")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine(SOCK)
    c = engine.find(args.name)
    if not c:
        raise SystemExit(f"no container named {args.name}")
    log.info("%s is %s (%s)", args.name, c.get("State"), c.get("Status"))
    ACTIONS[args.action](engine, c["Id"])
    if args.action != "stop":
        ok = wait_running(engine, args.name)
        log.info("%s %s", args.name, "back up" if ok else "did not come back")


if __name__ == "__main__":
    main()
