#!/usr/bin/env python3
"""Transcode the pitchside camera recordings for the club's highlights page.

The camera on the scaffold tower records huge .mts files. Rather than
install ffmpeg and its codecs on the clubhouse box, we run the ffmpeg image
through the Docker engine already there for the website, one container per
file, and drop 720p MP4s into ./highlights.

    python match_video_transcode.py recordings/2024-09-14/*.MTS
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

log = logging.getLogger("transcode")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
IMAGE = "jrottenberg/ffmpeg:6.1-alpine"
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.unix_path)


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, timeout=60, raw=False):
        conn = UnixHTTPConnection(self.sock_path, timeout=timeout)
        try:
            data = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if data else {}
            conn.request(method, API + path, body=data, headers=headers)
            resp = conn.getresponse()
            payload = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {payload[:200]!r}")
        if raw or not payload:
            return payload
        return json.loads(payload)

    def ensure_image(self, image):
        name, _, tag = image.partition(":")
        try:
            self.call("GET", f"/images/{image}/json")
        except RuntimeError:
            log.info("pulling %s", image)
            self.call("POST", f"/images/create?fromImage={name}&tag={tag or 'latest'}", timeout=900)

    def run_once(self, image, cmd, binds, timeout):
        spec = {"Image": image, "Cmd": cmd, "WorkingDir": "/work",
                "HostConfig": {"Binds": binds, "AutoRemove": False}}
        cid = self.call("POST", "/containers/create", spec)["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            status = self.call("POST", f"/containers/{cid}/wait", timeout=timeout)
            logs = self.call("GET", f"/containers/{cid}/logs?stderr=1&tail=20", raw=True)
            return status.get("StatusCode", -1), logs
        finally:
            self.call("DELETE", f"/containers/{cid}?force=1")


def transcode(engine, src, out_dir, height, crf, timeout):
    src = src.resolve()
    out_dir = out_dir.resolve()
    target = out_dir / (src.stem + ".mp4")
    if target.exists() and target.stat().st_mtime > src.stat().st_mtime:
        log.info("%s already done", target.name)
        return True
    cmd = ["-y", "-i", f"/in/{src.name}", "-vf", f"scale=-2:{height}",
           "-c:v", "libx264", "-preset", "veryfast", "-crf", str(crf),
           "-c:a", "aac", "-b:a", "128k", "-movflags", "+faststart", f"/out/{target.name}"]
    binds = [f"{src.parent}:/in:ro", f"{out_dir}:/out"]
    started = time.monotonic()
    code, logs = engine.run_once(IMAGE, cmd, binds, timeout)
    if code != 0:
        log.error("ffmpeg failed on %s (exit %s): %s", src.name, code,
                  logs.decode("utf-8", "replace")[-500:])
        return False
    log.info("%s -> %s in %.0fs", src.name, target.name, time.monotonic() - started)
    return True


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("files", nargs="+", type=Path)
    p.add_argument("--out", type=Path, default=Path("highlights"))
    p.add_argument("--height", type=int, default=720)
    p.add_argument("--crf", type=int, default=23)
    p.add_argument("--timeout", type=int, default=3600)
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.exists(DOCKER_SOCK):
        log.error("docker engine socket %s not found", DOCKER_SOCK)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    engine = Engine(DOCKER_SOCK)
    try:
        engine.ensure_image(IMAGE)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine unavailable: %s", exc)
        return 1

    failed = 0
    for src in args.files:
        if not src.is_file():
            log.warning("skipping %s: not a file", src)
            continue
        try:
            ok = transcode(engine, src, args.out, args.height, args.crf, args.timeout)
        except (OSError, RuntimeError) as exc:
            log.error("%s: %s", src, exc)
            ok = False
        failed += not ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
