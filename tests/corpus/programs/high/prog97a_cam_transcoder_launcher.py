#!/usr/bin/env python3
"""Start the cattery pen-camera transcoder.

The USB cameras on the cattery pens output raw YUYV; owners' phones want
H.264 over HLS. This launcher starts one ffmpeg transcoder per camera in a
container (the jrottenberg/ffmpeg image) and writes the HLS segments into
./hls/<pen>/ for the web front end to serve.

    ./cam_transcoder_launcher.py --pens pens.json [--restart]
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
from pathlib import Path

log = logging.getLogger("transcoder")

IMAGE = "jrottenberg/ffmpeg:6.1-ubuntu"
LABEL = "kennelcam.transcoder"


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
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            payload = json.dumps(body) if body is not None else None
            conn.request(method, f"/v1.43{path}", payload,
                         {"Content-Type": "application/json"})
            resp = conn.getresponse()
            data = resp.read()
            if resp.status not in ok:
                raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
            return json.loads(data) if data else None
        finally:
            conn.close()

    def find(self, name):
        flt = json.dumps({"name": [f"^/{name}$"]})
        from urllib.parse import quote
        res = self.call("GET", f"/containers/json?all=1&filters={quote(flt)}")
        return res[0] if res else None


def ffmpeg_args(pen):
    return [
        "-hide_banner", "-loglevel", "warning",
        "-f", "v4l2", "-input_format", "yuyv422",
        "-video_size", pen.get("size", "1280x720"), "-framerate", str(pen.get("fps", 15)),
        "-i", pen["device"],
        "-c:v", "libx264", "-preset", "veryfast", "-tune", "zerolatency",
        "-g", str(pen.get("fps", 15) * 2),
        "-f", "hls", "-hls_time", "2", "-hls_list_size", "6",
        "-hls_flags", "delete_segments", f"/out/{pen['name']}/index.m3u8",
    ]


def container_spec(pen, out_dir):
    return {
        "Image": IMAGE,
        "Cmd": ffmpeg_args(pen),
        "Labels": {LABEL: pen["name"]},
        "HostConfig": {
            "Privileged": True,  # v4l2 ioctls on the pen cameras
            "Binds": [f"{out_dir}:/out", "/dev:/dev"],
            "RestartPolicy": {"Name": "unless-stopped"},
        },
    }


def launch(engine, pen, out_dir, restart):
    name = f"pencam-{pen['name']}"
    (out_dir / pen["name"]).mkdir(parents=True, exist_ok=True)
    existing = engine.find(name)
    if existing:
        if not restart and existing["State"] == "running":
            log.info("%s already running", name)
            return
        engine.call("DELETE", f"/containers/{existing['Id']}?force=1")
    created = engine.call("POST", f"/containers/create?name={name}",
                          container_spec(pen, out_dir.resolve()))
    engine.call("POST", f"/containers/{created['Id']}/start")
    log.info("started %s (%s)", name, created["Id"][:12])


def main(argv=None):
    ap = argparse.ArgumentParser(description="Launch pen-camera HLS transcoders")
    ap.add_argument("--pens", type=Path, default=Path("pens.json"))
    ap.add_argument("--out", type=Path, default=Path("hls"))
    ap.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", "/var/run/docker.sock"))
    ap.add_argument("--restart", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        pens = json.loads(args.pens.read_text())
    except (OSError, ValueError) as exc:
        log.error("cannot read %s: %s", args.pens, exc)
        return 1

    engine = Engine(args.socket)
    failures = 0
    for pen in pens:
        try:
            launch(engine, pen, args.out, args.restart)
        except (OSError, RuntimeError) as exc:
            failures += 1
            log.error("pen %s: %s", pen.get("name"), exc)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
