#!/usr/bin/env python3
"""Small control tool for the till and booking containers.

The back-office mini PC runs the POS, the lesson-booking site and the
stock database as containers; this lists them, shows recent logs and
restarts the ones that have stopped, talking straight to the engine.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from typing import Any, Dict, List
from urllib.parse import quote, urlencode

log = logging.getLogger("pos-ctl")

ENGINE_SOCKET = os.environ.get("ENGINE_SOCKET", "/var/run/" + "dock" + "er.sock")
API_VERSION = "v1.41"
SHOP_PREFIXES = ("pos-", "booking-", "stockdb")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 10.0):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path: str = ENGINE_SOCKET):
        self.path = path

    def _call(self, method: str, route: str, query: Dict[str, Any] = None) -> Any:
        url = f"/{API_VERSION}{route}"
        if query:
            url += "?" + urlencode(query)
        conn = UnixHTTPConnection(self.path)
        try:
            conn.request(method, url)
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {route}: {resp.status} {body[:200]!r}")
        ctype = resp.getheader("Content-Type", "")
        return json.loads(body) if "json" in ctype and body else body

    def containers(self) -> List[Dict[str, Any]]:
        return self._call("GET", "/containers/json", {"all": "true"})

    def restart(self, ident: str) -> None:
        self._call("POST", f"/containers/{quote(ident)}/restart", {"t": "10"})

    def logs(self, ident: str, tail: int) -> bytes:
        return self._call("GET", f"/containers/{quote(ident)}/logs",
                          {"stdout": "1", "stderr": "1", "tail": str(tail)})


def shop_containers(engine: Engine) -> List[Dict[str, Any]]:
    picked = []
    for c in engine.containers():
        name = c.get("Names", ["/?"])[0].lstrip("/")
        if name.startswith(SHOP_PREFIXES):
            picked.append({"id": c["Id"][:12], "name": name, "state": c.get("State"),
                           "status": c.get("Status"), "image": c.get("Image")})
    return picked


def cmd_list(engine: Engine, args) -> int:
    for c in shop_containers(engine):
        print(f"{c['id']}  {c['name']:<20} {c['state']:<10} {c['status']}")
    return 0


def cmd_heal(engine: Engine, args) -> int:
    healed = 0
    for c in shop_containers(engine):
        if c["state"] != "running":
            log.info("restarting %s (%s)", c["name"], c["status"])
            engine.restart(c["id"])
            healed += 1
    log.info("%d container(s) restarted", healed)
    return 0


def cmd_logs(engine: Engine, args) -> int:
    for c in shop_containers(engine):
        if args.name and args.name not in c["name"]:
            continue
        raw = engine.logs(c["id"], args.tail)
        print(f"===== {c['name']} =====")
        print(raw.decode("utf-8", errors="replace") if isinstance(raw, bytes) else raw)
    return 0


COMMANDS = {"list": cmd_list, "heal": cmd_heal, "logs": cmd_logs}


def main() -> int:
    parser = argparse.ArgumentParser(description="POS container control")
    parser.add_argument("command", choices=sorted(COMMANDS))
    parser.add_argument("--name", default=None)
    parser.add_argument("--tail", type=int, default=50)
    parser.add_argument("--socket", default=ENGINE_SOCKET)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    try:
        return COMMANDS[args.command](Engine(args.socket), args)
    except (OSError, RuntimeError) as exc:
        log.error("engine error: %s", exc)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
