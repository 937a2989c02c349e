#!/usr/bin/env python3
"""(Re)start the Cantaloupe IIIF image server container for the digitisation
preview environment.

Talks to the local Docker Engine API directly (no docker CLI or SDK on the
preview hosts), pulls the pinned image, replaces any previous container with
the same name and starts a fresh one with the pyramid store bind-mounted
read-only.  Settings come from cantaloupe-preview.json in the working
directory.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

LOG = logging.getLogger("cantaloupe-launcher")
DEFAULTS = {
    "image": "ghcr.io/digilab/cantaloupe:5.0.6",
    "name": "iiif-preview",
    "pyramids": "pyramids",
    "port": 8182,
    "heap": "2g",
}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path: str):
        self.sock_path = sock_path

    def call(self, method: str, path: str, body=None, query=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        if query:
            path = f"{path}?{urlencode(query)}"
        payload = json.dumps(body) if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, "/v1.43" + path, body=payload, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
        try:
            return json.loads(raw) if raw else None
        except ValueError:
            return raw.decode(errors="replace")

    def pull(self, image: str) -> None:
        name, _, tag = image.rpartition(":")
        LOG.info("pulling %s", image)
        self.call("POST", "/images/create", query={"fromImage": name, "tag": tag})

    def remove(self, name: str) -> None:
        try:
            self.call("DELETE", f"/containers/{name}", query={"force": "true"}, ok=(204,))
            LOG.info("removed old container %s", name)
        except RuntimeError as exc:
            if " 404 " not in str(exc):
                raise

    def create(self, cfg: dict) -> str:
        pyramids = str(Path(cfg["pyramids"]).resolve())
        spec = {
            "Image": cfg["image"],
            "Env": [f"JAVA_HEAP={cfg['heap']}", "CANTALOUPE_FILESYSTEMSOURCE_BASICLOOKUPSTRATEGY_PATH_PREFIX=/imageroot/"],
            "ExposedPorts": {"8182/tcp": {}},
            "Labels": {"org.digilab.role": "iiif-preview"},
            "HostConfig": {
                "Binds": [f"{pyramids}:/imageroot:ro"],
                "PortBindings": {"8182/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(cfg["port"])}]},
                "RestartPolicy": {"Name": "unless-stopped"},
                "Memory": 4 * 1024 ** 3,
            },
        }
        out = self.call("POST", "/containers/create", body=spec, query={"name": cfg["name"]})
        return out["Id"]

    def start(self, cid: str) -> None:
        self.call("POST", f"/containers/{cid}/start")


def wait_healthy(port: int, timeout: int = 90) -> bool:
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/iiif/3")
            if conn.getresponse().status < 500:
                return True
        except OSError:
            pass
        time.sleep(3)
    return False


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", type=Path, default=Path("cantaloupe-preview.json"))
    ap.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", "/var/run/docker.sock"))
    ap.add_argument("--no-pull", dest="pull", action="store_false")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = dict(DEFAULTS)
    if args.config.exists():
        cfg.update(json.loads(args.config.read_text()))
    engine = Engine(args.socket)
    try:
        if args.pull:
            engine.pull(cfg["image"])
        engine.remove(cfg["name"])
        cid = engine.create(cfg)
        engine.start(cid)
    except (OSError, RuntimeError) as exc:
        LOG.error("docker engine error: %s", exc)
        return 1
    LOG.info("started %s (%s)", cfg["name"], cid[:12])
    if wait_healthy(int(cfg["port"])):
        LOG.info("IIIF endpoint up at http://127.0.0.1:%s/iiif/3", cfg["port"])
        return 0
    LOG.warning("container started but endpoint not answering yet")
    return 2


if __name__ == "__main__":
    sys.exit(main())
