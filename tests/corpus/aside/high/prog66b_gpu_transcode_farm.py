#!/usr/bin/env python3
"""Fan a batch of transcodes out over local GPU containers.

Each input file becomes one short-lived ``jrottenberg/ffmpeg`` container with
the GPU render node passed through, so ffmpeg builds with NVENC/VAAPI never
need to be installed on the host. Talks to the Docker Engine API directly to
avoid pulling in docker-py on the render nodes.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

log = logging.getLogger("gpufarm")

IMAGE = os.environ.get("FARM_IMAGE", "jrottenberg/ffmpeg:6.1-vaapi")
ENGINE_SOCK = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock").removeprefix("unix://")
API = "/v1.43"


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 60):
        super().__init__("localhost", timeout=timeout)
        self._sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._sock_path)
        self.sock = s


def engine(method: str, path: str, body: dict | None = None, timeout: float = 60):
    conn = EngineConnection(ENGINE_SOCK, timeout)
    payload = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if payload else {}
    conn.request(method, API + path, body=payload, headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
    ctype = resp.getheader("Content-Type", "")
    return json.loads(data) if data and "json" in ctype else data


def container_spec(src: Path, out_dir: Path, codec: str) -> dict:
    media = src.parent.resolve()
    return {
        "Image": IMAGE,
        "Cmd": ["-hide_banner", "-y",
                "-hwaccel", "vaapi", "-hwaccel_device", "/dev/dri/renderD128",
                "-hwaccel_output_format", "vaapi",
                "-i", f"/in/{src.name}",
                "-c:v", codec, "-b:v", "4M", "-c:a", "copy",
                f"/out/{src.stem}.mp4"],
        "Labels": {"gpufarm": "1"},
        "HostConfig": {
            "Binds": [f"{media}:/in:ro", f"{out_dir.resolve()}:/out"],
            "Privileged": True,
            "Devices": [{"PathOnHost": "/dev/dri", "PathInContainer": "/dev/dri",
                         "CgroupPermissions": "rwm"}],
            "AutoRemove": False,
        },
    }


def run_one(src: Path, out_dir: Path, codec: str) -> tuple[Path, int]:
    created = engine("POST", f"/containers/create?name=gpufarm-{src.stem}-{int(time.time())}",
                     container_spec(src, out_dir, codec))
    cid = created["Id"]
    try:
        engine("POST", f"/containers/{cid}/start")
        result = engine("POST", f"/containers/{cid}/wait", timeout=6 * 3600)
        code = result.get("StatusCode", -1)
        if code != 0:
            logs = engine("GET", f"/containers/{cid}/logs?stderr=1&tail=20")
            log.error("%s failed (%d): %s", src.name, code,
                      logs.decode(errors="replace") if isinstance(logs, bytes) else logs)
        return src, code
    finally:
        engine("DELETE", f"/containers/{cid}?force=1")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("inputs", nargs="+", type=Path)
    ap.add_argument("-o", "--out", type=Path, default=Path("farm_out"))
    ap.add_argument("--codec", default="h264_vaapi", choices=("h264_vaapi", "hevc_vaapi", "av1_vaapi"))
    ap.add_argument("-j", "--parallel", type=int, default=2)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(threadName)s %(message)s")

    args.out.mkdir(parents=True, exist_ok=True)
    try:
        engine("POST", f"/images/create?fromImage={IMAGE.split(':')[0]}&tag={IMAGE.split(':')[-1]}",
               timeout=900)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine unavailable at %s: %s", ENGINE_SOCK, exc)
        return 1

    failures = 0
    with ThreadPoolExecutor(max_workers=args.parallel) as pool:
        for src, code in pool.map(lambda p: run_one(p, args.out, args.codec), args.inputs):
            if code == 0:
                log.info("ok  %s", src.name)
            else:
                failures += 1
    log.info("%d/%d succeeded", len(args.inputs) - failures, len(args.inputs))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
