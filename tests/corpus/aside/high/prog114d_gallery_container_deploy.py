#!/usr/bin/env python3
"""Deploy (or redeploy) the passenger photo gallery on the office server.

Reads settings from gallery_deploy.json, pulls the gallery
image, replaces the running container and waits for its health endpoint.
Talks to the container engine's local API directly so the office box doesn't
need the CLI installed.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

log = logging.getLogger("gallery-deploy")

DEFAULTS = {
    "engine_socket": "/var/run/docker.sock",
    "image": "registry.cloudhop-balloons.example/gallery",
    "tag": "stable",
    "name": "photo-gallery",
    "photos_dir": "/srv/gallery/photos",
    "port": 8088,
    "env": {"GALLERY_TITLE": "Your flight with Cloudhop"},
}


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = EngineConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, "/v1.43" + path,
                     body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status == 404:
            return None
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return data

    def pull(self, image, tag):
        q = urllib.parse.urlencode({"fromImage": image, "tag": tag})
        self.call("POST", f"/images/create?{q}")

    def remove(self, name):
        self.call("POST", f"/containers/{name}/stop?t=10")
        self.call("DELETE", f"/containers/{name}?force=true")

    def create(self, cfg):
        spec = {
            "Image": f"{cfg['image']}:{cfg['tag']}",
            "Env": [f"{k}={v}" for k, v in cfg["env"].items()],
            "ExposedPorts": {"8000/tcp": {}},
            "HostConfig": {
                "Binds": [f"{cfg['photos_dir']}:/app/photos:ro"],
                "PortBindings": {"8000/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(cfg["port"])}]},
            },
        }
        data = self.call("POST", f"/containers/create?name={cfg['name']}", spec)
        return json.loads(data)["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")


def load_config(path):
    cfg = dict(DEFAULTS)
    p = Path(path)
    if p.exists():
        cfg.update(json.loads(p.read_text()))
    return cfg


def wait_healthy(port, seconds=60):
    url = f"http://127.0.0.1:{port}/healthz"
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=3) as r:
                if r.status == 200:
                    return True
        except OSError:
            pass
        time.sleep(2)
    return False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="gallery_deploy.json")
    ap.add_argument("--tag")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    if args.tag:
        cfg["tag"] = args.tag
    engine = Engine(cfg["engine_socket"])
    try:
        if not args.no_pull:
            log.info("pulling %s:%s", cfg["image"], cfg["tag"])
            engine.pull(cfg["image"], cfg["tag"])
        engine.remove(cfg["name"])
        cid = engine.create(cfg)
        engine.start(cid)
        log.info("started %s (%s)", cfg["name"], cid[:12])
    except (OSError, RuntimeError) as exc:
        log.error("deploy failed: %s", exc)
        return 1
    if wait_healthy(cfg["port"]):
        log.info("gallery healthy on port %s", cfg["port"])
        return 0
    log.error("gallery did not become healthy")
    return 1


if __name__ == "__main__":
    sys.exit(main())
