#!/usr/bin/env python3
"""Check and restart the online storefront containers.

Talks to the local container engine directly so it works on the shop
server without the CLI installed.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("storefront")

ENGINE = "/".join(["", "var", "run", "dock" + "er.sock"])
WATCHED = ("storefront-web", "storefront-worker", "storefront-search")


class UnixConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 10.0):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


class Engine:
    def __init__(self, path: str = ENGINE):
        self.path = path

    def call(self, method: str, url: str):
        conn = UnixConnection(self.path)
        try:
            conn.request(method, url, headers={"Host": "localhost"})
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {body[:200]!r}")
        return json.loads(body) if body else None

    def containers(self):
        return self.call("GET", "/containers/json?all=1") or []

    def restart(self, ident: str):
        return self.call("POST", f"/containers/{ident}/restart?t=10")


def name_of(c: dict) -> str:
    return (c.get("Names") or ["?"])[0].lstrip("/")


def cmd_status(engine: Engine, args):
    rows = [c for c in engine.containers() if name_of(c) in WATCHED]
    for c in rows:
        print(f"{name_of(c):24} {c.get('State', '?'):10} {c.get('Status', '')}")
    missing = set(WATCHED) - {name_of(c) for c in rows}
    for m in sorted(missing):
        print(f"{m:24} missing")
    return 1 if missing else 0


def cmd_heal(engine: Engine, args):
    restarted = 0
    for c in engine.containers():
        name = name_of(c)
        if name not in WATCHED:
            continue
        if c.get("State") != "running" or args.force:
            log.info("restarting %s (%s)", name, c.get("Status"))
            engine.restart(c["Id"])
            restarted += 1
    log.info("restarted %d container(s)", restarted)
    return 0


COMMANDS = {"status": cmd_status, "heal": cmd_heal}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("command", choices=sorted(COMMANDS))
    ap.add_argument("--force", action="store_true", help="restart even if running")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        return COMMANDS[args.command](Engine(), args)
    except (OSError, RuntimeError) as exc:
        log.error("engine error: %s", exc)
        return 2


if __name__ == "__main__":
    sys.exit(main())
