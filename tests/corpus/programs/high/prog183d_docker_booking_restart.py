#!/usr/bin/env python3
"""Restart the booking-site containers on the shop's small server.

The bridal booking site (calendar, consultation form, deposit page) runs in
Docker on the back-office box. When the calendar hangs, staff run this to
restart the stack without needing the docker CLI.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import time

log = logging.getLogger("booking-restart")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
STACK_LABEL = os.environ.get("PV_STACK_LABEL", "com.petalveil.stack=booking")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class DockerClient:
    def __init__(self, sock_path: str):
        self.sock_path = sock_path

    def request(self, method: str, path: str, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, path, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw else None

    def containers(self, label: str):
        filters = json.dumps({"label": [label]})
        return self.request("GET", f"/containers/json?all=1&filters={filters}")

    def restart(self, cid: str, timeout: int = 10):
        self.request("POST", f"/containers/{cid}/restart?t={timeout}")

    def state(self, cid: str) -> str:
        info = self.request("GET", f"/containers/{cid}/json")
        return info["State"]["Status"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--only", help="restart only containers whose name contains this")
    ap.add_argument("--list", action="store_true", help="just list the stack")
    ap.add_argument("--wait", type=int, default=20)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    client = DockerClient(DOCKER_SOCK)
    stack = client.containers(STACK_LABEL)
    if not stack:
        log.error("no containers labelled %s", STACK_LABEL)
        return 1

    for c in stack:
        name = c["Names"][0].lstrip("/")
        if args.list:
            print(f"{name:<30} {c['State']:<10} {c['Image']}")
            continue
        if args.only and args.only not in name:
            continue
        log.info("restarting %s", name)
        client.restart(c["Id"])

    if args.list:
        return 0

    deadline = time.time() + args.wait
    while time.time() < deadline:
        states = {c["Names"][0]: client.state(c["Id"]) for c in stack}
        if all(s == "running" for s in states.values()):
            log.info("all booking containers running")
            return 0
        time.sleep(2)
    log.warning("some containers not running: %s", states)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
