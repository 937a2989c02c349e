#!/usr/bin/env python3
"""(Re)deploy the scoreboard driver container on the pavilion mini-PC.

The driver image talks to the LED panel over USB serial and GPIO, which is
why it needs full device access. Uses the Docker Engine API directly so the
mini-PC doesn't need the docker CLI or SDK installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket

LOG = logging.getLogger("lhcc.sb_container")

ENGINE_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
IMAGE = os.environ.get("LHCC_SB_IMAGE", "registry.example.com/lhcc/scoreboard-driver:2.4")
NAME = "lhcc-scoreboard"


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self.unix_path)
        self.sock = s


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = EngineConnection(self.path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError("%s %s -> %s %s" % (method, url, resp.status, data[:200]))
        return resp.status, (json.loads(data) if data.strip() else None)

    def pull(self, image):
        repo, _, tag = image.rpartition(":")
        self.call("POST", "/images/create?fromImage=%s&tag=%s" % (repo, tag))

    def remove(self, name):
        status, _ = self.call("DELETE", "/containers/%s?force=true" % name)
        return status != 404

    def create(self, name, spec):
        _, out = self.call("POST", "/containers/create?name=%s" % name, spec)
        return out["Id"]

    def start(self, cid):
        self.call("POST", "/containers/%s/start" % cid)


def driver_spec(image, panel_port):
    return {
        "Image": image,
        "Env": ["PANEL_PORT=%s" % panel_port, "CLUB=lhcc"],
        "HostConfig": {
            "Privileged": True,
            "RestartPolicy": {"Name": "unless-stopped"},
            "Binds": ["/dev:/dev", "/srv/lhcc/scoreboard:/data"],
            "NetworkMode": "host",
        },
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--panel-port", default="/dev/ttyUSB0")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    engine = Engine(ENGINE_SOCK)
    if not args.no_pull:
        LOG.info("pulling %s", args.image)
        engine.pull(args.image)
    if engine.remove(NAME):
        LOG.info("removed old %s", NAME)
    cid = engine.create(NAME, driver_spec(args.image, args.panel_port))
    engine.start(cid)
    LOG.info("scoreboard driver running as %s", cid[:12])


if __name__ == "__main__":
    main()
