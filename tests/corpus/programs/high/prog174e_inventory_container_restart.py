#!/usr/bin/env python3
"""Restart the stock-inventory container on the back-office server.

The inventory web app occasionally wedges after a large lot import; the
office manager runs this to bounce it without learning docker commands.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

log = logging.getLogger("inv_restart")

SOCK_PATH = os.environ.get("DOCKER_SOCK", "/var/run/" + "docker" + ".sock")
API = os.environ.get("DOCKER_API", "v1.43")


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
    def __init__(self, path=SOCK_PATH):
        self.path = path

    def call(self, method, endpoint, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, f"/{API}{endpoint}", body=payload, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {endpoint}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw else None

    def containers(self, name_filter):
        flt = json.dumps({"name": [name_filter]})
        return self.call("GET", f"/containers/json?all=1&filters={flt}")

    def restart(self, cid, grace):
        return self.call("POST", f"/containers/{cid}/restart?t={grace}")

    def inspect(self, cid):
        return self.call("GET", f"/containers/{cid}/json")


def wait_healthy(engine, cid, timeout):
    deadline = time.time() + timeout
    while time.time() < deadline:
        state = engine.inspect(cid)["State"]
        health = state.get("Health", {}).get("Status", "none")
        if state.get("Running") and health in ("healthy", "none"):
            return True
        time.sleep(2)
    return False


def main():
    ap = argparse.ArgumentParser(description="Bounce the inventory container")
    ap.add_argument("--name", default=os.environ.get("INV_CONTAINER", "stampdesk-inventory"))
    ap.add_argument("--grace", type=int, default=20)
    ap.add_argument("--wait", type=int, default=90)
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine()
    found = engine.containers(args.name)
    if args.list or not found:
        for c in found:
            print(c["Id"][:12], c["Names"][0], c["State"], c["Status"])
        if not found:
            log.error("no container matching %s", args.name)
            return 1
        return 0

    for c in found:
        cid = c["Id"]
        log.info("restarting %s (%s)", c["Names"][0], cid[:12])
        engine.restart(cid, args.grace)
        ok = wait_healthy(engine, cid, args.wait)
        log.info("%s is %s", c["Names"][0], "healthy" if ok else "NOT healthy yet")
    return 0


if __name__ == "__main__":
    sys.exit(main())
