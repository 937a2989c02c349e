#!/usr/bin/env python3
"""Launch the overhead scoreboard bridge container on the lane server.

The scoreboard bridge reads the pinsetter serial boxes and drives the
overhead monitors over HDMI-CEC. It ships as a container image; this
launcher talks to the local Docker engine directly (no docker CLI on the
kiosk image), replaces any old bridge container and starts a new one with
the serial and video devices passed through.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time

log = logging.getLogger("sb_launch")

DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"
NAME = "scoreboard-bridge"


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
    def __init__(self, sock=DOCKER_SOCK):
        self.sock = sock

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + path, json.dumps(body) if body is not None else None, headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data and data[:1] in b"{[" else None

    def pull(self, image):
        repo, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag or 'latest'}")

    def remove(self, name):
        try:
            self.call("DELETE", f"/containers/{name}?force=true", ok=(204,))
            log.info("removed old %s", name)
        except RuntimeError:
            pass


def container_spec(image, lanes, devices):
    host_cfg = {
        "Privileged": True,
        "NetworkMode": "host",
        "RestartPolicy": {"Name": "unless-stopped"},
        "Binds": ["/dev:/dev", "/run/udev:/run/udev:ro"],
        "Devices": [{"PathOnHost": d, "PathInContainer": d, "CgroupPermissions": "rwm"}
                    for d in devices],
    }
    return {
        "Image": image,
        "Env": [f"LANES={lanes}", "CEC_ADAPTER=/dev/cec0"],
        "Labels": {"hall.role": "scoreboard"},
        "HostConfig": host_cfg,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--image", default="registry.hall.local/scoreboard-bridge:3.2")
    ap.add_argument("--lanes", default="1-12")
    ap.add_argument("--device", action="append", default=[],
                    help="extra device to pass through (repeatable)")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    eng = Engine()
    try:
        if not args.no_pull:
            log.info("pulling %s", args.image)
            eng.pull(args.image)
        eng.remove(NAME)
        spec = container_spec(args.image, args.lanes, args.device or ["/dev/cec0"])
        created = eng.call("POST", f"/containers/create?name={NAME}", spec)
        cid = created["Id"]
        eng.call("POST", f"/containers/{cid}/start")
        time.sleep(2)
        state = eng.call("GET", f"/containers/{cid}/json")["State"]
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("launch failed: %s", exc)
        return 1
    log.info("%s %s (%s)", NAME, state.get("Status"), cid[:12])
    return 0 if state.get("Running") else 1


if __name__ == "__main__":
    sys.exit(main())
