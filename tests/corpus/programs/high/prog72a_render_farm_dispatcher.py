#!/usr/bin/env python3
"""Dispatch video render jobs from the newsroom edit queue to local containers.

Each job in jobs/*.json names a source clip, an output preset and a
target.  The dispatcher starts one ffmpeg container per job on the local
engine, waits for it, and moves the job file to done/ or failed/.
GPU encodes need the NVIDIA device nodes, so containers run with full
device access.
"""
import argparse
import http.client
import json
import logging
import os
import shutil
import socket
import time
from pathlib import Path

LOG = logging.getLogger("renderfarm")

ENGINE_SOCK = os.environ.get("RENDER_ENGINE_SOCK", "/var/run/docker.sock")
IMAGE = os.environ.get("RENDER_IMAGE", "newsroom/ffmpeg-nvenc:6.1")

PRESETS = {
    "web1080": ["-c:v", "h264_nvenc", "-preset", "p5", "-b:v", "6M", "-c:a", "aac", "-b:a", "160k"],
    "social9x16": ["-vf", "crop=ih*9/16:ih,scale=1080:1920", "-c:v", "h264_nvenc", "-b:v", "5M", "-c:a", "aac"],
    "proxy": ["-vf", "scale=-2:540", "-c:v", "h264_nvenc", "-b:v", "1500k", "-c:a", "aac", "-b:a", "96k"],
}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
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

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def run_job(self, name, cmd, media_dir):
        spec = {
            "Image": IMAGE,
            "Cmd": cmd,
            "WorkingDir": "/media",
            "HostConfig": {
                "Binds": [f"{media_dir}:/media"],
                "Privileged": True,
                "AutoRemove": False,
            },
            "Labels": {"newsroom.renderfarm": "1"},
        }
        cid = self.call("POST", f"/containers/create?name={name}", spec)["Id"]
        self.call("POST", f"/containers/{cid}/start")
        result = self.call("POST", f"/containers/{cid}/wait")
        self.call("DELETE", f"/containers/{cid}?force=1")
        return result.get("StatusCode", 1)


def build_cmd(job):
    preset = PRESETS[job["preset"]]
    return ["ffmpeg", "-hide_banner", "-y", "-hwaccel", "cuda",
            "-i", job["source"], *preset, job["output"]]


def process(engine, job_file, media_dir, done, failed):
    job = json.loads(job_file.read_text())
    name = f"render-{job_file.stem}-{int(time.time())}"
    LOG.info("job %s: %s -> %s (%s)", job_file.stem, job["source"], job["output"], job["preset"])
    try:
        rc = engine.run_job(name, build_cmd(job), media_dir)
    except (RuntimeError, OSError, KeyError) as exc:
        LOG.error("job %s failed to run: %s", job_file.stem, exc)
        rc = -1
    dest = done if rc == 0 else failed
    shutil.move(str(job_file), dest / job_file.name)
    LOG.info("job %s finished rc=%s", job_file.stem, rc)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--jobs", default="jobs")
    ap.add_argument("--media", default=os.path.abspath("media"))
    ap.add_argument("--poll", type=int, default=15)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    jobs = Path(args.jobs)
    done, failed = jobs / "done", jobs / "failed"
    for d in (jobs, done, failed):
        d.mkdir(parents=True, exist_ok=True)
    engine = Engine(ENGINE_SOCK)
    while True:
        for jf in sorted(jobs.glob("*.json")):
            process(engine, jf, args.media, done, failed)
        if args.once:
            break
        time.sleep(args.poll)


if __name__ == "__main__":
    main()
