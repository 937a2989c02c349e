#!/usr/bin/env python3
"""Launch-field weather station ingest, run as a container.

The club's Davis station at the launch field logs through a USB console.  The
ingest software (weewx with our go/no-go extension) ships as an image, so this
helper talks to the local Docker engine directly - no docker CLI on the field
box - to pull the image, (re)create the ingest container with the console
device and the ./wxdata archive mounted, and follow its log.
"""

import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path
from urllib.parse import quote, urlencode

log = logging.getLogger("wx-ingest")

ENGINE_SOCKET = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"
NAME = "field-wx-ingest"


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.socket_path)
        self.sock = s


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, url, body=None, stream=False, ok=(200, 201, 204, 304)):
        conn = EngineConnection(self.path, timeout=None if stream else 120)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, API + url, body=payload, headers=headers)
        resp = conn.getresponse()
        if stream:
            return resp
        data = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:300]!r}")
        return json.loads(data) if data and data[:1] in b"[{" else None

    def pull(self, image):
        repo, _, tag = image.partition(":")
        resp = self.call("POST", "/images/create?" + urlencode({"fromImage": repo, "tag": tag or "latest"}),
                         stream=True)
        for line in resp:
            try:
                msg = json.loads(line)
            except ValueError:
                continue
            if "error" in msg:
                raise RuntimeError(msg["error"])
            if msg.get("status", "").startswith(("Status", "Digest")):
                log.info(msg["status"])

    def remove_existing(self, name):
        try:
            self.call("DELETE", f"/containers/{quote(name)}?force=true", ok=(204, 404))
        except RuntimeError as exc:
            log.warning("could not remove old container: %s", exc)

    def create(self, name, spec):
        return self.call("POST", f"/containers/create?name={quote(name)}", body=spec)["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")

    def follow_logs(self, cid):
        resp = self.call("GET", f"/containers/{cid}/logs?follow=1&stdout=1&stderr=1&tail=20", stream=True)
        while True:
            header = resp.read(8)
            if len(header) < 8:
                break
            size = int.from_bytes(header[4:], "big")
            sys.stdout.write(resp.read(size).decode(errors="replace"))
            sys.stdout.flush()


def container_spec(image, device, archive, station_id):
    return {
        "Image": image,
        "Env": [f"WX_STATION_ID={station_id}", "WX_CONSOLE=/dev/davis", "TZ=Europe/London"],
        "HostConfig": {
            "Binds": [f"{archive}:/var/lib/weewx"],
            "Devices": [{"PathOnHost": device, "PathInContainer": "/dev/davis",
                         "CgroupPermissions": "rwm"}],
            "RestartPolicy": {"Name": "unless-stopped"},
            "PortBindings": {"8080/tcp": [{"HostIp": "127.0.0.1", "HostPort": "8080"}]},
        },
        "ExposedPorts": {"8080/tcp": {}},
        "Labels": {"club.role": "wx-ingest"},
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--image", default="ghcr.io/cotswold-bc/weewx-gonogo:5.1")
    ap.add_argument("--device", default="/dev/ttyUSB0")
    ap.add_argument("--archive", default="wxdata")
    ap.add_argument("--station", default="launch-field-north")
    ap.add_argument("--no-pull", action="store_true")
    ap.add_argument("--detach", action="store_true", help="don't follow the log")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    archive = Path(args.archive).resolve()
    archive.mkdir(exist_ok=True)
    engine = Engine()
    try:
        if not args.no_pull:
            engine.pull(args.image)
        engine.remove_existing(NAME)
        cid = engine.create(NAME, container_spec(args.image, args.device, str(archive), args.station))
        engine.start(cid)
        log.info("started %s (%s)", NAME, cid[:12])
        time.sleep(1)
        if not args.detach:
            engine.follow_logs(cid)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine: %s", exc)
        return 1
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
