#!/usr/bin/env python3
"""Compact a day of CCTV clips into one low-bitrate archive file per camera.

The office PC at each facility has Docker but no ffmpeg, so the transcode is
done in a throwaway ffmpeg container. For each camera folder under
clips/<camera>/<YYYY-MM-DD>/ the clips are concatenated and re-encoded to
archive/<camera>_<date>.mp4.
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

log = logging.getLogger("clip_archive")

IMAGE = "linuxserver/ffmpeg:6.1.1"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
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

    def call(self, method, path, body=None, raw=False):
        conn = UnixHTTPConnection(self.sock_path, timeout=None if raw else 60)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, "/v1.43" + path,
                     body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        if raw or not data:
            return data
        return json.loads(data)

    def ensure_image(self, image):
        name, _, tag = image.partition(":")
        try:
            self.call("GET", f"/images/{image}/json")
        except RuntimeError:
            log.info("pulling %s", image)
            self.call("POST", f"/images/create?fromImage={name}&tag={tag or 'latest'}", raw=True)

    def run(self, image, args, binds, workdir):
        spec = {
            "Image": image,
            "Cmd": args,
            "WorkingDir": workdir,
            "User": f"{os.getuid()}:{os.getgid()}",
            "HostConfig": {"Binds": binds, "AutoRemove": False},
        }
        cid = self.call("POST", "/containers/create", spec)["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            status = self.call("POST", f"/containers/{cid}/wait")
            if status.get("StatusCode", 1) != 0:
                logs = self.call("GET", f"/containers/{cid}/logs?stderr=1&tail=20", raw=True)
                raise RuntimeError(f"ffmpeg exited {status['StatusCode']}: {logs[-400:]!r}")
        finally:
            self.call("DELETE", f"/containers/{cid}?force=1")


def day_folders(root, day):
    for cam in sorted(p for p in root.iterdir() if p.is_dir()):
        folder = cam / day
        if folder.is_dir():
            clips = sorted(c.name for c in folder.glob("*.mp4"))
            if clips:
                yield cam.name, folder, clips


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("day", help="YYYY-MM-DD")
    ap.add_argument("--clips", default="clips")
    ap.add_argument("--out", default="archive")
    ap.add_argument("--crf", type=int, default=32)
    ap.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", "/var/run/docker.sock"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    clips_root, out_root = Path(args.clips).resolve(), Path(args.out).resolve()
    out_root.mkdir(exist_ok=True)
    engine = Engine(args.socket)
    try:
        engine.ensure_image(IMAGE)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine unavailable: %s", exc)
        return 1

    failures = 0
    for cam, folder, clips in day_folders(clips_root, args.day):
        (folder / "concat.txt").write_text("".join(f"file '{c}'\n" for c in clips))
        target = f"{cam}_{args.day}.mp4"
        cmd = ["-hide_banner", "-y", "-f", "concat", "-i", "concat.txt",
               "-c:v", "libx264", "-preset", "veryslow", "-crf", str(args.crf),
               "-an", f"/out/{target}"]
        started = time.monotonic()
        try:
            engine.run(IMAGE, cmd, [f"{folder}:/in:ro", f"{out_root}:/out"], "/in")
            log.info("%s: %d clips -> %s in %.0fs", cam, len(clips), target,
                     time.monotonic() - started)
        except (OSError, RuntimeError) as exc:
            failures += 1
            log.error("%s: %s", cam, exc)
        finally:
            (folder / "concat.txt").unlink(missing_ok=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
