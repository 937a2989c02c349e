#!/usr/bin/env python3
"""Run the flag-state ERS exporter image against today's logbook.

The flag-state authority ships its ERS/FLUX exporter as a container image.
It reads the logbook database, builds the FLUX XML messages and hands them
to the satellite modem itself.  This wrapper talks straight to the Docker
Engine API (no docker CLI on the wheelhouse PC), runs one export, prints the
exporter's log and cleans the container up.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
import urllib.parse

log = logging.getLogger("ers-container")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"
IMAGE = "registry.flux-ers.eu/exporter:2.3.1"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=120):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, query=None, raw=False):
        conn = UnixHTTPConnection(self.sock_path)
        url = API + path
        if query:
            url += "?" + urllib.parse.urlencode(query)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        if raw:
            return data
        return json.loads(data) if data else {}

    def ensure_image(self, image):
        try:
            self.call("GET", f"/images/{image}/json")
        except RuntimeError:
            name, _, tag = image.rpartition(":")
            log.info("pulling %s", image)
            self.call("POST", "/images/create", query={"fromImage": name, "tag": tag}, raw=True)


def container_spec(args):
    workdir = os.path.abspath(args.workdir)
    return {
        "Image": args.image,
        "Env": [f"ERS_VESSEL_CFR={args.cfr}", f"ERS_DATE={args.date}",
                "ERS_DB=/data/logbook.sqlite", "ERS_MODEM=/dev/ttyACM0"],
        "Cmd": ["export", "--send"] if args.send else ["export"],
        "HostConfig": {
            # exporter drives the Iridium modem directly
            "Privileged": True,
            "Binds": [f"{workdir}:/data", "/dev:/dev"],
            "NetworkMode": "host",
        },
        "Labels": {"fleet.job": "ers-export"},
    }


def run_export(engine, args):
    engine.ensure_image(args.image)
    created = engine.call("POST", "/containers/create", body=container_spec(args),
                          query={"name": f"ers-export-{int(time.time())}"})
    cid = created["Id"]
    log.info("container %s created", cid[:12])
    try:
        engine.call("POST", f"/containers/{cid}/start", raw=True)
        result = engine.call("POST", f"/containers/{cid}/wait")
        logs = engine.call("GET", f"/containers/{cid}/logs",
                           query={"stdout": 1, "stderr": 1}, raw=True)
        for line in logs.split(b"\n"):
            if len(line) > 8:
                print(line[8:].decode(errors="replace"))
        return result.get("StatusCode", 1)
    finally:
        try:
            engine.call("DELETE", f"/containers/{cid}", query={"force": 1}, raw=True)
        except RuntimeError as exc:
            log.warning("cleanup failed: %s", exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cfr", required=True)
    ap.add_argument("--date", default=time.strftime("%Y-%m-%d"))
    ap.add_argument("--workdir", default=".")
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--send", action="store_true", help="transmit over the modem")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.path.exists(os.path.join(args.workdir, "logbook.sqlite")):
        log.error("no logbook.sqlite in %s", args.workdir)
        return 2
    engine = Engine(DOCKER_SOCK)
    try:
        rc = run_export(engine, args)
    except (OSError, RuntimeError) as exc:
        log.error("export failed: %s", exc)
        return 1
    log.info("exporter finished with status %s", rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
