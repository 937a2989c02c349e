#!/usr/bin/env python3
"""Manage the snack bar menu-board containers on the rink media box.

The menu screens above the snack bar are driven by a couple of containers
(menu renderer, price feed). Staff use this to see their state and to
restart them when a screen freezes mid-session.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from dataclasses import dataclass

log = logging.getLogger("menu-containers")

ENGINE_SOCKET = os.environ.get("ENGINE_SOCKET", "/".join(("", "var", "run", "docker.sock")))
API_VERSION = "v1.43"
LABEL = "rink.role=menuboard"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


@dataclass
class Engine:
    socket_path: str

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.socket_path)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, f"/{API_VERSION}{path}",
                         body=json.dumps(body) if body is not None else None, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
            return json.loads(raw) if raw else None
        finally:
            conn.close()


def menu_containers(engine):
    filters = json.dumps({"label": [LABEL]})
    return engine.call("GET", f"/containers/json?all=1&filters={filters}")


def show(engine, _name):
    for c in menu_containers(engine):
        name = c["Names"][0].lstrip("/")
        print(f"{name:28} {c['State']:10} {c['Status']}")
    return 0


def restart(engine, name):
    engine.call("POST", f"/containers/{name}/restart?t=5")
    log.info("restarted %s", name)
    return 0


def restart_all(engine, _name):
    for c in menu_containers(engine):
        restart(engine, c["Id"][:12])
    return 0


def logs(engine, name):
    conn = UnixHTTPConnection(engine.socket_path)
    conn.request("GET", f"/{API_VERSION}/containers/{name}/logs?stdout=1&stderr=1&tail=50")
    data = conn.getresponse().read()
    conn.close()
    print(data.decode("utf-8", errors="replace"))
    return 0


COMMANDS = {
    "list": show,
    "restart": restart,
    "restart-all": restart_all,
    "logs": logs,
}


def main():
    parser = argparse.ArgumentParser(description="Snack bar menu-board containers")
    parser.add_argument("command", choices=sorted(COMMANDS))
    parser.add_argument("name", nargs="?")
    parser.add_argument("--socket", default=ENGINE_SOCKET)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.command in ("restart", "logs") and not args.name:
        parser.error(f"{args.command} needs a container name")
    engine = Engine(args.socket)
    try:
        return COMMANDS[args.command](engine, args.name)
    except (OSError, RuntimeError) as exc:
        log.error("engine call failed: %s", exc)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
