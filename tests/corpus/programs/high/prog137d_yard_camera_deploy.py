#!/usr/bin/env python3
"""Deploy the number-plate reader container at the weighbridge gate.

Talks to the local container engine directly (no docker CLI on the gate PC),
pulls the reader image, and starts it with access to the USB camera so
lorry registrations are matched to weighbridge tickets automatically.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("deploy")

ENGINE_SOCK = "/var/run/" + "docker" + ".sock"
IMAGE = "registry.example.com/yard/plate-reader:2.4"
NAME = "plate-reader"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        data = json.dumps(body).encode() if body is not None else None
        conn.request(method, path, body=data, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw and raw[:1] in b"[{" else raw

    def pull(self, image):
        repo, tag = image.rsplit(":", 1)
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")

    def remove(self, name):
        try:
            self.call("DELETE", f"/containers/{name}?force=true")
        except RuntimeError:
            pass

    def run(self, name, image, host_cfg, env):
        spec = {"Image": image, "Env": env, "HostConfig": host_cfg}
        created = self.call("POST", f"/containers/create?name={name}", spec)
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]


def host_config(camera):
    # the camera driver needs raw device access, simplest to give it all
    return {
        "Privileged": True,
        "NetworkMode": "host",
        "Devices": [{"PathOnHost": camera, "PathInContainer": "/dev/video0",
                     "CgroupPermissions": "rwm"}],
        "RestartPolicy": {"Name": "unless-stopped"},
        "Binds": ["/srv/weighbridge/tickets:/data/tickets"],
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--camera", default="/dev/video0")
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--ticket-api", default="http://127.0.0.1:8080/tickets")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    eng = Engine(ENGINE_SOCK)
    try:
        if not args.no_pull:
            log.info("pulling %s", args.image)
            eng.pull(args.image)
        eng.remove(NAME)
        cid = eng.run(NAME, args.image, host_config(args.camera),
                      [f"TICKET_API={args.ticket_api}", "CONFIDENCE=0.82"])
        log.info("started %s (%s)", NAME, cid[:12])
    except (OSError, RuntimeError) as exc:
        log.error("deploy failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
