#!/usr/bin/env python3
"""Check and restart the label-printer spooler containers on the packing host.

Talks to the local container engine API directly so the packing PCs do not
need the CLI installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from dataclasses import dataclass

log = logging.getLogger("label-spool")

ENGINE_SOCK = os.environ.get(
    "ENGINE_SOCK", "/".join(["", "var", "run", "dock" + "er.sock"]))
NAME_PREFIX = os.environ.get("SPOOL_PREFIX", "labelspool-")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


@dataclass
class Spooler:
    cid: str
    name: str
    state: str
    status: str


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def _request(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            headers = {"Content-Type": "application/json"} if body else {}
            conn.request(method, path, body=body, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            return resp.status, (json.loads(data) if data else None)
        finally:
            conn.close()

    def spoolers(self):
        status, items = self._request("GET", "/containers/json?all=1")
        if status != 200:
            raise RuntimeError(f"engine returned {status}")
        found = []
        for c in items:
            names = [n.lstrip("/") for n in c.get("Names", [])]
            for n in names:
                if n.startswith(NAME_PREFIX):
                    found.append(Spooler(c["Id"][:12], n, c.get("State", ""),
                                         c.get("Status", "")))
        return found

    def restart(self, cid):
        status, _ = self._request("POST", f"/containers/{cid}/restart?t=5")
        return status == 204

    def start(self, cid):
        status, _ = self._request("POST", f"/containers/{cid}/start")
        return status in (204, 304)


def cmd_status(engine, args):
    for sp in engine.spoolers():
        print(f"{sp.name:<28} {sp.cid} {sp.state:<10} {sp.status}")


def cmd_heal(engine, args):
    for sp in engine.spoolers():
        if sp.state != "running":
            ok = engine.start(sp.cid)
            log.info("started %s: %s", sp.name, ok)


def cmd_restart(engine, args):
    targets = set(args.names or [])
    for sp in engine.spoolers():
        if not targets or sp.name in targets:
            ok = engine.restart(sp.cid)
            log.info("restarted %s: %s", sp.name, ok)


COMMANDS = {"status": cmd_status, "heal": cmd_heal, "restart": cmd_restart}


def main():
    ap = argparse.ArgumentParser(description="label spooler container helper")
    ap.add_argument("command", choices=sorted(COMMANDS))
    ap.add_argument("names", nargs="*")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not os.path.exists(ENGINE_SOCK):
        log.error("engine socket %s not present", ENGINE_SOCK)
        return 1
    COMMANDS[args.command](Engine(ENGINE_SOCK), args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
