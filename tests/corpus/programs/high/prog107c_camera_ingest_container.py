#!/usr/bin/env python3
"""Start (or restart) the yard camera ingest container.

The ingest image reads the USB capture cards on the shear and baler cameras
and writes H.264 segments to ./footage.  It is started straight through the
Engine API so the yard PCs don't need the docker CLI or SDK installed.

    camera_ingest_container.py --image registry.yard.local/cam-ingest:4.2
"""
import argparse
import glob
import http.client
import json
import logging
import os
import socket
import sys
import time

LOG = logging.getLogger("cam-ingest")
ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/docker.sock")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.unix_path)


class Engine:
    def __init__(self, sock_path: str):
        self.sock_path = sock_path

    def call(self, method: str, path: str, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + path, json.dumps(body) if body is not None else None, headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:300]!r}")
        return json.loads(raw) if raw else None

    def remove_if_present(self, name: str) -> None:
        try:
            self.call("DELETE", f"/containers/{name}?force=true", ok=(204,))
            LOG.info("removed old container %s", name)
        except RuntimeError as exc:
            if " 404 " not in str(exc):
                raise

    def pull(self, image: str) -> None:
        repo, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag or 'latest'}")


def capture_devices() -> list:
    devs = sorted(glob.glob("/dev/video*")) + sorted(glob.glob("/dev/bus/usb/*/*"))
    return [{"PathOnHost": d, "PathInContainer": d, "CgroupPermissions": "rwm"} for d in devs]


def container_spec(image: str, footage: str, segment_s: int) -> dict:
    return {
        "Image": image,
        "Env": [f"SEGMENT_SECONDS={segment_s}", "OUTPUT_DIR=/footage"],
        "Labels": {"yard.role": "camera-ingest"},
        "HostConfig": {
            "Binds": [f"{footage}:/footage:rw", "/run/udev:/run/udev:ro"],
            "Devices": capture_devices(),
            # capture cards re-enumerate after a bus reset, so give the
            # container the whole device tree
            "Privileged": True,
            "RestartPolicy": {"Name": "unless-stopped"},
            "LogConfig": {"Type": "json-file", "Config": {"max-size": "20m", "max-file": "3"}},
        },
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--image", default="registry.yard.local/cam-ingest:4.2")
    ap.add_argument("--name", default="yard-cam-ingest")
    ap.add_argument("--footage", default=os.path.abspath("footage"))
    ap.add_argument("--segment", type=int, default=300)
    ap.add_argument("--no-pull", dest="pull", action="store_false")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    os.makedirs(args.footage, exist_ok=True)
    engine = Engine(ENGINE_SOCK)
    try:
        if args.pull:
            LOG.info("pulling %s", args.image)
            engine.pull(args.image)
        engine.remove_if_present(args.name)
        created = engine.call("POST", f"/containers/create?name={args.name}",
                              container_spec(args.image, args.footage, args.segment))
        cid = created["Id"]
        engine.call("POST", f"/containers/{cid}/start")
        time.sleep(3)
        state = engine.call("GET", f"/containers/{cid}/json")["State"]
        LOG.info("container %s is %s", cid[:12], state.get("Status"))
        return 0 if state.get("Running") else 1
    except (OSError, RuntimeError, KeyError) as exc:
        LOG.error("could not start ingest container: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
