#!/usr/bin/env python3
"""Start or restart the keypad bridge container on the front-desk box.

The door keypads hang off an RS-485 adapter plugged into the front-desk
machine.  The vendor ships the bridge that talks to them as a container
image; this script (re)creates that container with the serial adapter and
the code database mounted, and waits for its health endpoint.

    door_controller_bridge.py up      # create/replace and start
    door_controller_bridge.py status
    door_controller_bridge.py down
"""

import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

LOG = logging.getLogger("doorbridge")
ENGINE_SOCK = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock").replace("unix://", "")
NAME = "keypad-bridge"
IMAGE = os.environ.get("BRIDGE_IMAGE", "registry.keypadlink.io/bridge:4.2")
SERIAL = os.environ.get("BRIDGE_SERIAL", "/dev/ttyUSB0")
DATA_DIR = os.path.abspath(os.environ.get("BRIDGE_DATA", "bridge-data"))


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


def api(method, path, body=None, ok=(200, 201, 204, 304)):
    conn = EngineConnection(ENGINE_SOCK)
    headers = {"Content-Type": "application/json"} if body is not None else {}
    conn.request(method, f"/v1.43{path}", body=json.dumps(body) if body is not None else None,
                 headers=headers)
    resp = conn.getresponse()
    raw = resp.read()
    conn.close()
    if resp.status == 404:
        return None
    if resp.status not in ok:
        raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
    return json.loads(raw) if raw else {}


def container_spec():
    return {
        "Image": IMAGE,
        "Env": [f"KEYPAD_PORT={SERIAL}", "BRIDGE_LISTEN=:8870"],
        "ExposedPorts": {"8870/tcp": {}},
        "HostConfig": {
            "Privileged": True,
            "NetworkMode": "host",
            "RestartPolicy": {"Name": "unless-stopped"},
            "Binds": [f"{DATA_DIR}:/var/lib/bridge", "/dev:/dev"],
        },
        "Labels": {"studio.role": "door-bridge"},
    }


def pull():
    name, _, tag = IMAGE.rpartition(":")
    LOG.info("pulling %s", IMAGE)
    api("POST", f"/images/create?fromImage={name}&tag={tag}")


def down():
    if api("GET", f"/containers/{NAME}/json") is None:
        LOG.info("%s not present", NAME)
        return
    api("POST", f"/containers/{NAME}/stop?t=10")
    api("DELETE", f"/containers/{NAME}?force=true")
    LOG.info("%s removed", NAME)


def up(wait):
    os.makedirs(DATA_DIR, exist_ok=True)
    if not os.path.exists(SERIAL):
        LOG.warning("%s not present yet; the bridge will retry inside the container", SERIAL)
    pull()
    down()
    created = api("POST", f"/containers/create?name={NAME}", container_spec())
    api("POST", f"/containers/{created['Id']}/start")
    LOG.info("started %s (%s)", NAME, created["Id"][:12])
    deadline = time.time() + wait
    while time.time() < deadline:
        info = api("GET", f"/containers/{NAME}/json") or {}
        health = info.get("State", {}).get("Health", {}).get("Status")
        if health in (None, "healthy"):
            LOG.info("bridge is %s", health or "running")
            return 0
        time.sleep(2)
    LOG.error("bridge did not become healthy in %ss", wait)
    return 1


def status():
    info = api("GET", f"/containers/{NAME}/json")
    if info is None:
        print("not created")
        return 1
    state = info["State"]
    print(f"{NAME}: {state['Status']} since {state.get('StartedAt', '?')}")
    return 0 if state.get("Running") else 1


def main():
    ap = argparse.ArgumentParser(description="manage the keypad bridge container")
    ap.add_argument("action", choices=["up", "down", "status"])
    ap.add_argument("--wait", type=int, default=60)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        if args.action == "up":
            return up(args.wait)
        if args.action == "down":
            down()
            return 0
        return status()
    except (OSError, RuntimeError) as exc:
        LOG.error("%s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
