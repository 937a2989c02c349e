#!/usr/bin/env python3
"""Start RIP worker containers for the large-format line.

Each printer gets its own RIP worker container that reads the shared spool,
rasterises and streams to the printer over USB or the network. This script
talks to the local engine API directly so it works on the stripped-down RIP
hosts that have no CLI installed.

    rip_container_launcher.py up latex570 --spool /srv/spool/latex570
    rip_container_launcher.py down latex570
    rip_container_launcher.py ls
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("rip-launch")

ENGINE_SOCKET = "/var/run/docker.sock"
IMAGE = "registry.shop.lan/rip/worker:7.2"
LABEL = "shop.rip.printer"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, url, body=payload, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None


def worker_spec(printer, spool, image):
    return {
        "Image": image,
        "Hostname": f"rip-{printer}",
        "Env": [f"RIP_PRINTER={printer}", "RIP_SPOOL=/spool"],
        "Labels": {LABEL: printer},
        "HostConfig": {
            "Binds": [f"{spool}:/spool", "/dev/bus/usb:/dev/bus/usb"],
            "Privileged": True,
            "NetworkMode": "host",
            "RestartPolicy": {"Name": "unless-stopped"},
        },
    }


def up(engine, args):
    name = f"rip-{args.printer}"
    try:
        engine.call("POST", f"/images/create?fromImage={args.image}")
    except RuntimeError as exc:
        log.warning("pull failed, using local image: %s", exc)
    created = engine.call("POST", f"/containers/create?name={name}",
                          worker_spec(args.printer, args.spool, args.image))
    engine.call("POST", f"/containers/{created['Id']}/start")
    log.info("started %s (%s)", name, created["Id"][:12])


def down(engine, args):
    name = f"rip-{args.printer}"
    engine.call("POST", f"/containers/{name}/stop?t=20")
    engine.call("DELETE", f"/containers/{name}")
    log.info("removed %s", name)


def ls(engine, _args):
    filters = json.dumps({"label": [LABEL]})
    from urllib.parse import quote
    rows = engine.call("GET", f"/containers/json?all=1&filters={quote(filters)}")
    for c in rows or []:
        print(f"{c['Labels'].get(LABEL, '?'):<16} {c['State']:<10} {c['Status']}")


def main():
    ap = argparse.ArgumentParser(description="RIP worker containers")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p_up = sub.add_parser("up")
    p_up.add_argument("printer")
    p_up.add_argument("--spool", required=True)
    p_up.add_argument("--image", default=IMAGE)
    p_down = sub.add_parser("down")
    p_down.add_argument("printer")
    sub.add_parser("ls")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine()
    try:
        {"up": up, "down": down, "ls": ls}[args.cmd](engine, args)
    except (OSError, RuntimeError) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
