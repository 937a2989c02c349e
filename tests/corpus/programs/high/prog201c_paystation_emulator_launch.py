#!/usr/bin/env python3
"""Launch the pay station emulator for acceptance testing.

The emulator image needs the card reader and receipt printer serial lines,
so it is started through the local container engine API with device access.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys

LOG = logging.getLogger("ps-emulator")

ENGINE = {
    "socket": "/var/run/" + "docker" + ".sock",
    "image": "registry.example.com/parking/paystation-emu:3.4",
    "name": "paystation-emu",
}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(self._path)
        self.sock = sock


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        conn.request(method, url, json.dumps(body) if body is not None else None, headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}


def host_config(tariff_dir):
    return {
        "Privileged": True,
        "NetworkMode": "host",
        "Binds": [f"{tariff_dir}:/opt/emu/tariffs:ro", "/dev:/dev"],
        "RestartPolicy": {"Name": "no"},
    }


def launch(engine, image, name, tariff_dir, station_id):
    spec = {
        "Image": image,
        "Env": [f"STATION_ID={station_id}", "EMU_MODE=acceptance"],
        "HostConfig": host_config(tariff_dir),
    }
    try:
        engine.call("DELETE", f"/containers/{name}?force=true")
    except RuntimeError:
        pass
    created = engine.call("POST", f"/containers/create?name={name}", spec)
    engine.call("POST", f"/containers/{created['Id']}/start")
    return created["Id"]


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--image", default=ENGINE["image"])
    p.add_argument("--name", default=ENGINE["name"])
    p.add_argument("--tariffs", default="./tariffs")
    p.add_argument("--station", default="PS-TEST-01")
    p.add_argument("--stop", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine(ENGINE["socket"])
    try:
        if args.stop:
            engine.call("POST", f"/containers/{args.name}/stop")
            LOG.info("stopped %s", args.name)
            return 0
        cid = launch(engine, args.image, args.name,
                     os.path.abspath(args.tariffs), args.station)
        LOG.info("emulator %s started (%s)", args.name, cid[:12])
    except (OSError, RuntimeError) as exc:
        LOG.error("engine call failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
