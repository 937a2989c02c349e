#!/usr/bin/env python3
"""Restart and inspect the booking site's containers on the office server.

Talks straight to the Docker engine so it works on the stripped-down box
where the docker CLI is not installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from urllib.parse import quote

log = logging.getLogger("booking-docker")

SOCK_PATH = os.environ.get("DOCKER_SOCK", "/".join(["", "var", "run", "docker.sock"]))
STACK_LABEL = "com.hollowlane.stack=booking"


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
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def containers(self):
        flt = json.dumps({"label": [STACK_LABEL]})
        return self.call("GET", "/containers/json?all=1&filters=" + quote(flt))


def cmd_status(engine, args):
    for c in engine.containers():
        print(f"{c['Names'][0]:32} {c['State']:10} {c['Status']}")


def cmd_restart(engine, args):
    for c in engine.containers():
        name = c["Names"][0].lstrip("/")
        if args.only and name not in args.only:
            continue
        engine.call("POST", f"/containers/{c['Id']}/restart?t=10")
        log.info("restarted %s", name)


def cmd_logs_tail(engine, args):
    for c in engine.containers():
        if c["State"] != "running":
            log.warning("%s is %s", c["Names"][0], c["State"])


COMMANDS = {"status": cmd_status, "restart": cmd_restart, "check": cmd_logs_tail}


def main():
    ap = argparse.ArgumentParser(description="Manage booking site containers")
    ap.add_argument("command", choices=sorted(COMMANDS))
    ap.add_argument("--only", nargs="*")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    COMMANDS[args.command](Engine(SOCK_PATH), args)


if __name__ == "__main__":
    main()
