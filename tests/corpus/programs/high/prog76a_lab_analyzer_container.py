#!/usr/bin/env python3
"""In-house analyzer bridge launcher.

The chemistry and haematology analyzers in the lab room speak ASTM over
RS-232.  The bridge image (vetlab/astm-bridge) turns their output into
HL7 for the practice-management system.  This launcher (re)creates the
bridge container with the serial adapters passed through, talking to the
local Docker engine directly so the lab PC does not need the docker CLI.
"""
import argparse
import glob
import http.client
import json
import logging
import socket
import sys
import time
import urllib.parse

log = logging.getLogger("labbridge")

DOCKER_SOCK = "/var/run/docker.sock"
API_VERSION = "v1.43"
CONTAINER_NAME = "astm-bridge"


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
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, query=None):
        url = f"/{API_VERSION}{path}"
        if query:
            url += "?" + urllib.parse.urlencode(query)
        conn = UnixHTTPConnection(self.sock_path)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, url, body=payload, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
            data = json.loads(raw) if raw and raw[:1] in (b"{", b"[") else raw
            return resp.status, data
        finally:
            conn.close()


def serial_adapters():
    devs = sorted(glob.glob("/dev/serial/by-id/*")) or sorted(glob.glob("/dev/ttyUSB*"))
    return devs


def container_spec(image, pms_url, devices):
    return {
        "Image": image,
        "Env": [f"PMS_HL7_ENDPOINT={pms_url}", "ASTM_BAUD=9600", "TZ=Europe/London"],
        "Labels": {"clinic.role": "lab-bridge"},
        "HostConfig": {
            "Privileged": True,
            "NetworkMode": "host",
            "RestartPolicy": {"Name": "unless-stopped"},
            "Binds": ["/dev:/dev", "./bridge-data:/data"],
            "Devices": [{"PathOnHost": d, "PathInContainer": d,
                         "CgroupPermissions": "rwm"} for d in devices],
        },
    }


def recreate(engine, image, pms_url):
    status, _ = engine.call("GET", f"/containers/{CONTAINER_NAME}/json")
    if status == 200:
        log.info("removing existing %s", CONTAINER_NAME)
        engine.call("DELETE", f"/containers/{CONTAINER_NAME}", query={"force": "true"})

    devices = serial_adapters()
    if not devices:
        log.warning("no USB serial adapters found; bridge will start without analyzers")
    for d in devices:
        log.info("passing through %s", d)

    status, data = engine.call("POST", "/containers/create",
                               body=container_spec(image, pms_url, devices),
                               query={"name": CONTAINER_NAME})
    if status == 404:
        raise SystemExit(f"image {image} not present locally - pull it first")
    if status not in (200, 201):
        raise SystemExit(f"create failed: {status} {data}")
    cid = data["Id"]

    for attempt in range(3):
        status, data = engine.call("POST", f"/containers/{cid}/start")
        if status in (204, 304):
            log.info("bridge started (%s)", cid[:12])
            return cid
        log.warning("start attempt %d failed: %s %s", attempt + 1, status, data)
        time.sleep(3)
    raise SystemExit("bridge did not start")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--image", default="vetlab/astm-bridge:2.4")
    ap.add_argument("--pms", default="mllp://pms.clinic.example:2575")
    ap.add_argument("--socket", default=DOCKER_SOCK)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        recreate(Engine(args.socket), args.image, args.pms)
    except (FileNotFoundError, ConnectionRefusedError, PermissionError) as exc:
        log.error("cannot talk to the Docker engine at %s: %s", args.socket, exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
