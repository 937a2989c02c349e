#!/usr/bin/env python3
"""Fuel dock till runner.

Keeps the fuel dock point-of-sale container up to date on the pontoon box:
pulls the configured till image, replaces the running container when the
image changed, and passes through the pump controller and receipt printer.
Talks to the local Docker Engine API directly so the box needs no docker CLI.
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

log = logging.getLogger("tillrunner")

DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.unix_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, stream=False):
        conn = UnixHTTPConnection(self.sock_path, timeout=300)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + path, json.dumps(body) if body is not None else None, headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        if stream or not data:
            return data
        return json.loads(data)

    def pull(self, image):
        name, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={quote(name)}&tag={quote(tag or 'latest')}", stream=True)
        return self.call("GET", f"/images/{quote(image, '')}/json")["Id"]

    def container(self, name):
        try:
            return self.call("GET", f"/containers/{name}/json")
        except RuntimeError:
            return None

    def replace(self, name, spec):
        if self.container(name):
            self.call("POST", f"/containers/{name}/stop?t=20")
            self.call("DELETE", f"/containers/{name}")
        cid = self.call("POST", f"/containers/create?name={name}", spec)["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid


def container_spec(cfg, image_id):
    t = cfg["till"]
    devices = [{"PathOnHost": d, "PathInContainer": d, "CgroupPermissions": "rwm"}
               for d in t.get("devices", ["/dev/ttyUSB0", "/dev/usb/lp0"])]
    return {
        "Image": image_id,
        "Env": [f"TILL_SITE={t['site']}", f"TILL_PUMPS={t.get('pumps', 4)}"],
        "HostConfig": {
            "Privileged": t.get("privileged", True),
            "Devices": devices,
            "Binds": [f"{Path(t.get('data_dir', 'tilldata')).resolve()}:/var/lib/till"],
            "NetworkMode": "host",
            "RestartPolicy": {"Name": "unless-stopped"},
        },
        "Labels": {"harbour.role": "fuel-till", "harbour.site": t["site"]},
    }


def reconcile(engine, cfg):
    t = cfg["till"]
    image_id = engine.pull(t["image"])
    cur = engine.container(t["name"])
    if cur and cur["Image"] == image_id and cur["State"]["Running"]:
        log.info("till container up to date (%s)", image_id[:19])
        return False
    cid = engine.replace(t["name"], container_spec(cfg, image_id))
    log.info("till container replaced -> %s", cid[:12])
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="till.toml")
    ap.add_argument("--watch", type=int, default=0, help="re-check every N seconds")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    with open(args.config, "rb") as fh:
        cfg = tomllib.load(fh)
    engine = Engine(cfg.get("docker", {}).get("socket", DOCKER_SOCK))
    while True:
        try:
            reconcile(engine, cfg)
        except (OSError, RuntimeError, KeyError) as exc:
            log.error("reconcile failed: %s", exc)
            if not args.watch:
                return 1
        if not args.watch:
            return 0
        time.sleep(args.watch)


if __name__ == "__main__":
    sys.exit(main())
