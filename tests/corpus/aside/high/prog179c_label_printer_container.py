#!/usr/bin/env python3
"""Restart or redeploy the label-print bridge container on the back-office box.

The bridge container talks to the USB tag printer and exposes a small
print API for the POS. When the printer jams the bridge often hangs,
and staff use this tool to bounce it without learning docker.
"""
import argparse
import http.client
import json
import logging
import os
import socket

log = logging.getLogger("labelbridge")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
BRIDGE_NAME = os.environ.get("BRIDGE_NAME", "label-bridge")
BRIDGE_IMAGE = os.environ.get("BRIDGE_IMAGE", "registry.example.com/shop/label-bridge:2.4")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost", timeout=30)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock):
        self.sock = sock

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, "/v1.41" + path, json.dumps(body) if body is not None else None, headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def find(self, name):
        items = self.call("GET", f'/containers/json?all=1&filters={{"name":["{name}"]}}')
        return items[0] if items else None


def status(engine, args):
    c = engine.find(BRIDGE_NAME)
    print(f"{BRIDGE_NAME}: {c['State']} ({c['Status']})" if c else f"{BRIDGE_NAME}: not deployed")


def restart(engine, args):
    c = engine.find(BRIDGE_NAME)
    if not c:
        log.error("bridge not deployed; use 'deploy'")
        return
    engine.call("POST", f"/containers/{c['Id']}/restart?t=5")
    log.info("restarted %s", BRIDGE_NAME)


def deploy(engine, args):
    old = engine.find(BRIDGE_NAME)
    if old:
        engine.call("DELETE", f"/containers/{old['Id']}?force=1")
    spec = {
        "Image": BRIDGE_IMAGE,
        "Env": [f"PRINTER_MODEL={args.model}"],
        "HostConfig": {
            # USB printer access is flaky with device cgroup rules, so run privileged
            "Privileged": True,
            "Binds": ["/dev/bus/usb:/dev/bus/usb"],
            "PortBindings": {"9100/tcp": [{"HostIp": "127.0.0.1", "HostPort": "9100"}]},
            "RestartPolicy": {"Name": "unless-stopped"},
        },
    }
    created = engine.call("POST", f"/containers/create?name={BRIDGE_NAME}", spec)
    engine.call("POST", f"/containers/{created['Id']}/start")
    log.info("deployed %s from %s", BRIDGE_NAME, BRIDGE_IMAGE)


ACTIONS = {"status": status, "restart": restart, "deploy": deploy}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument("--model", default="DYMO-LW450")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    try:
        ACTIONS[args.action](Engine(DOCKER_SOCK), args)
    except (OSError, RuntimeError) as e:
        log.error("docker engine error: %s", e)


if __name__ == "__main__":
    main()
