#!/usr/bin/env python3
"""Start, stop and inspect the label renderer container on the shop server.

The renderer turns cheese label templates into printer-ready files; this
talks to the local container engine directly so no CLI is needed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys

log = logging.getLogger("labelctl")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/" + "/".join(("var", "run", "docker.sock")))
IMAGE = os.environ.get("LABEL_IMAGE", "registry.example.com/shop/label-render:1.4")
NAME = "label-render"


class UnixConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self._path)
        self.sock = s


def call(method, url, body=None):
    conn = UnixConnection(ENGINE_SOCK)
    payload = json.dumps(body).encode() if body is not None else None
    conn.request(method, url, body=payload, headers={"Content-Type": "application/json"})
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
    return json.loads(data) if data else {}


def cmd_start(args):
    spec = {
        "Image": IMAGE,
        "Env": [f"LABEL_DPI={args.dpi}"],
        "HostConfig": {
            "Binds": [f"{os.path.abspath(args.templates)}:/templates:ro"],
            "PortBindings": {"8631/tcp": [{"HostIp": "127.0.0.1", "HostPort": "8631"}]},
            "RestartPolicy": {"Name": "unless-stopped"},
        },
        "ExposedPorts": {"8631/tcp": {}},
    }
    created = call("POST", f"/containers/create?name={NAME}", spec)
    call("POST", f"/containers/{created['Id']}/start")
    log.info("started %s (%s)", NAME, created["Id"][:12])


def cmd_stop(_args):
    call("POST", f"/containers/{NAME}/stop?t=5")
    call("DELETE", f"/containers/{NAME}")
    log.info("stopped and removed %s", NAME)


def cmd_status(_args):
    info = call("GET", f"/containers/{NAME}/json")
    state = info.get("State", {})
    print(f"{NAME}: {state.get('Status', 'unknown')} since {state.get('StartedAt', '?')}")


COMMANDS = {name[4:]: fn for name, fn in globals().items() if name.startswith("cmd_")}


def main():
    ap = argparse.ArgumentParser(description="Label renderer control")
    ap.add_argument("action", choices=sorted(COMMANDS))
    ap.add_argument("--templates", default="./label_templates")
    ap.add_argument("--dpi", type=int, default=203)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.path.exists(ENGINE_SOCK):
        log.error("container engine socket %s not found", ENGINE_SOCK)
        return 1
    try:
        COMMANDS[args.action](args)
    except (OSError, RuntimeError) as exc:
        log.error("%s failed: %s", args.action, exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
