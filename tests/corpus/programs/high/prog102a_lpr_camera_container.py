#!/usr/bin/env python3
"""(Re)deploy the number-plate recognition container on a lane box.

The ANPR engine ships as a container image from the camera vendor.  It
needs the lane camera's V4L2 device and the Coral accelerator, so this
deployer creates the container with the host devices mapped in and
restarts it whenever the configured image tag changes.

It talks straight to the Docker Engine API so the lane boxes do not need
the docker CLI or the docker Python SDK installed.
"""

import argparse
import http.client
import json
import logging
import socket
import sys
import urllib.parse
from pathlib import Path

LOG = logging.getLogger("lpr-deploy")
ENGINE_SOCK = "/var/run/docker.sock"
API_VERSION = "v1.43"
NAME = "lane-anpr"


class EngineConnection(http.client.HTTPConnection):
    """HTTPConnection that speaks over the engine's unix socket."""

    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.unix_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, query=None):
        url = f"/{API_VERSION}{path}"
        if query:
            url += "?" + urllib.parse.urlencode(query)
        conn = EngineConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:300]!r}")
        return resp.status, (json.loads(data) if data.strip().startswith(b"{") else data)


def container_spec(cfg):
    devices = [{"PathOnHost": d, "PathInContainer": d, "CgroupPermissions": "rwm"}
               for d in cfg.get("devices", ["/dev/video0", "/dev/apex_0"])]
    return {
        "Image": cfg["image"],
        "Env": [f"LANE_ID={cfg['lane']}", f"SITE_CODE={cfg['site']}",
                f"MEMBER_FEED={cfg.get('member_feed', 'http://127.0.0.1:8088/plates')}"],
        "Labels": {"com.washclub.role": "anpr", "com.washclub.lane": str(cfg["lane"])},
        "HostConfig": {
            "Privileged": True,
            "Devices": devices,
            "NetworkMode": "host",
            "RestartPolicy": {"Name": "unless-stopped"},
            "Binds": [f"{Path(cfg.get('data_dir', 'anpr_data')).resolve()}:/data"],
        },
    }


def current_image(engine):
    status, info = engine.call("GET", f"/containers/{NAME}/json")
    if status == 404:
        return None
    return info.get("Config", {}).get("Image")


def redeploy(engine, cfg, pull):
    if pull:
        repo, _, tag = cfg["image"].rpartition(":")
        LOG.info("pulling %s", cfg["image"])
        engine.call("POST", "/images/create", query={"fromImage": repo, "tag": tag})
    if current_image(engine) is not None:
        LOG.info("removing old %s", NAME)
        engine.call("DELETE", f"/containers/{NAME}", query={"force": "true"})
    engine.call("POST", "/containers/create", body=container_spec(cfg), query={"name": NAME})
    engine.call("POST", f"/containers/{NAME}/start")
    LOG.info("%s started from %s", NAME, cfg["image"])


def main():
    ap = argparse.ArgumentParser(description="deploy the lane ANPR container")
    ap.add_argument("--config", default="anpr.json")
    ap.add_argument("--socket", default=ENGINE_SOCK)
    ap.add_argument("--no-pull", action="store_true")
    ap.add_argument("--force", action="store_true", help="redeploy even if tag unchanged")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        cfg = json.loads(Path(args.config).read_text())
    except (OSError, ValueError) as exc:
        LOG.error("cannot read %s: %s", args.config, exc)
        return 1

    engine = Engine(args.socket)
    try:
        running = current_image(engine)
        if running == cfg["image"] and not args.force:
            LOG.info("%s already on %s", NAME, running)
            return 0
        Path(cfg.get("data_dir", "anpr_data")).mkdir(exist_ok=True)
        redeploy(engine, cfg, pull=not args.no_pull)
    except (OSError, RuntimeError) as exc:
        LOG.error("deploy failed: %s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
