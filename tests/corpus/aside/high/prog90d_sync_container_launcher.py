#!/usr/bin/env python3
"""Run the shop inventory sync image on the packing-station box.

The sync job ships as a container image (ghcr.io/knotty-yarns/shopsync).
This launcher talks to the local container engine directly so the station
does not need the docker CLI installed: it pulls the image, starts a
one-shot container with the shop config mounted and the label printer's
USB bus passed through (the same job prints pick lists), streams the logs
and reports the exit status.

    ./sync_container_launcher.py --config launcher.json
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from urllib.parse import quote

log = logging.getLogger("sync-launcher")

DEFAULTS = {
    "engine_socket": "/var/run/docker.sock",
    "image": "ghcr.io/knotty-yarns/shopsync:stable",
    "name": "shopsync-run",
    "config_dir": os.path.abspath("shopsync"),
    "env_passthrough": ["SHOPIFY_ADMIN_TOKEN", "ETSY_API_KEY", "ETSY_ACCESS_TOKEN"],
    "usb_passthrough": True,
}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    api = "/v1.43"

    def __init__(self, socket_path):
        self.socket_path = socket_path

    def call(self, method, path, body=None, stream=False, timeout=60):
        conn = UnixHTTPConnection(self.socket_path, timeout=timeout)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, self.api + path, body=payload, headers=headers)
        resp = conn.getresponse()
        if stream:
            return resp
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def pull(self, image):
        repo, _, tag = image.rpartition(":")
        resp = self.call("POST", f"/images/create?fromImage={quote(repo)}&tag={quote(tag)}",
                         stream=True, timeout=600)
        for line in resp:
            status = json.loads(line).get("status", "")
            if status.startswith(("Digest", "Status")):
                log.info("%s", status)
        resp.close()

    def remove(self, name):
        try:
            self.call("DELETE", f"/containers/{name}?force=true")
        except RuntimeError:
            pass


def container_spec(cfg):
    env = [f"{k}={os.environ[k]}" for k in cfg["env_passthrough"] if k in os.environ]
    host_config = {
        "Binds": [f"{cfg['config_dir']}:/etc/shopsync:ro"],
        "AutoRemove": False,
        "NetworkMode": "bridge",
    }
    if cfg["usb_passthrough"]:
        host_config["Privileged"] = True
        host_config["Binds"].append("/dev/bus/usb:/dev/bus/usb")
    return {"Image": cfg["image"], "Env": env, "Cmd": ["shopsync", "run", "--once"],
            "HostConfig": host_config, "Labels": {"app": "shopsync"}}


def run_once(engine, cfg):
    engine.remove(cfg["name"])
    created = engine.call("POST", f"/containers/create?name={cfg['name']}", container_spec(cfg))
    cid = created["Id"]
    engine.call("POST", f"/containers/{cid}/start")
    log.info("started %s (%s)", cfg["name"], cid[:12])
    logs = engine.call("GET", f"/containers/{cid}/logs?follow=true&stdout=true&stderr=true",
                       stream=True, timeout=3600)
    while True:
        header = logs.read(8)
        if len(header) < 8:
            break
        size = int.from_bytes(header[4:], "big")
        sys.stdout.write(logs.read(size).decode(errors="replace"))
    result = engine.call("POST", f"/containers/{cid}/wait", timeout=3600)
    return result.get("StatusCode", 1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="launcher.json")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = dict(DEFAULTS)
    if os.path.exists(args.config):
        with open(args.config) as fh:
            cfg.update(json.load(fh))
    if not os.path.exists(cfg["engine_socket"]):
        log.error("container engine socket %s not found", cfg["engine_socket"])
        return 2

    engine = Engine(cfg["engine_socket"])
    started = time.monotonic()
    if not args.no_pull:
        engine.pull(cfg["image"])
    code = run_once(engine, cfg)
    log.info("sync finished with status %s in %.0fs", code, time.monotonic() - started)
    return code


if __name__ == "__main__":
    sys.exit(main())
