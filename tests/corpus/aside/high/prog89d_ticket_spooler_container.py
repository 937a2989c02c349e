#!/usr/bin/env python3
"""(Re)deploy the ticket/label spooler container on a store print box.

The spooler image bundles CUPS plus the vendor ESC/POS and label filters
so every store runs the same driver set. This tool pulls the configured
tag, replaces the running container and wires up the USB printers. It
talks to the Docker engine API directly so the print box does not need
the docker CLI installed.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
import tomllib
from pathlib import Path
from urllib.parse import quote

log = logging.getLogger("spooler_deploy")

DEFAULT_CFG = {
    "image": "registry.pawnsys.net/store/ticket-spooler",
    "tag": "2024.6",
    "name": "ticket-spooler",
    "socket": "/var/run/docker.sock",
    "ports": {"631/tcp": 631, "9100/tcp": 9100},
    "spool_volume": "spooler-data",
}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self) -> None:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path: str):
        self.sock_path = sock_path

    def call(self, method: str, path: str, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, "/v1.43" + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:300]!r}")
        if data and resp.getheader("Content-Type", "").startswith("application/json"):
            return json.loads(data)
        return data

    def pull(self, image: str, tag: str) -> None:
        self.call("POST", f"/images/create?fromImage={quote(image)}&tag={quote(tag)}")

    def remove_if_present(self, name: str) -> None:
        try:
            self.call("POST", f"/containers/{name}/stop?t=15", ok=(204, 304))
        except RuntimeError as exc:
            if "404" not in str(exc):
                raise
            return
        self.call("DELETE", f"/containers/{name}", ok=(204, 404))


def usb_printer_nodes() -> list:
    nodes = sorted(str(p) for p in Path("/dev/usb").glob("lp*"))
    return nodes or ["/dev/bus/usb"]


def container_spec(cfg: dict) -> dict:
    ports = {k: [{"HostPort": str(v)}] for k, v in cfg["ports"].items()}
    return {
        "Image": f"{cfg['image']}:{cfg['tag']}",
        "Env": [f"STORE_ID={cfg.get('store', '000')}", "CUPS_REMOTE_ADMIN=no"],
        "ExposedPorts": {k: {} for k in cfg["ports"]},
        "Labels": {"com.pawnsys.role": "spooler"},
        "HostConfig": {
            "Privileged": True,
            "PortBindings": ports,
            "Binds": [f"{cfg['spool_volume']}:/var/spool/cups", "/dev/bus/usb:/dev/bus/usb"],
            "Devices": [{"PathOnHost": d, "PathInContainer": d, "CgroupPermissions": "rwm"}
                        for d in usb_printer_nodes() if d.startswith("/dev/usb/")],
        },
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", type=Path, default=Path("spooler.toml"))
    ap.add_argument("--tag", help="override image tag")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = dict(DEFAULT_CFG)
    if args.config.exists():
        cfg.update(tomllib.loads(args.config.read_text()))
    if args.tag:
        cfg["tag"] = args.tag

    engine = Engine(cfg["socket"])
    try:
        if not args.no_pull:
            log.info("pulling %s:%s", cfg["image"], cfg["tag"])
            engine.pull(cfg["image"], cfg["tag"])
        engine.remove_if_present(cfg["name"])
        created = engine.call("POST", f"/containers/create?name={cfg['name']}", container_spec(cfg))
        engine.call("POST", f"/containers/{created['Id']}/start")
    except (OSError, RuntimeError) as exc:
        log.error("deploy failed: %s", exc)
        return 1

    for _ in range(10):
        info = engine.call("GET", f"/containers/{cfg['name']}/json")
        if info["State"].get("Running"):
            log.info("spooler %s running (%s)", cfg["name"], info["Id"][:12])
            return 0
        time.sleep(2)
    log.error("spooler did not come up; check container logs")
    return 1


if __name__ == "__main__":
    sys.exit(main())
