#!/usr/bin/env python3
"""Transcode ROV inspection video to client deliverable formats.

Watches an inbox folder for raw capture files (ProRes / high-bitrate H.264
from the pilot and survey cameras) and runs them through the company's
ffmpeg image with hardware encoding, producing a 1080p H.265 deliverable and
a low-bitrate proxy with the burnt-in overlay.  Jobs are described in
jobs.toml; completed files move to done/.
"""
import argparse
import logging
import os
import shutil
import sys
import tomllib
import time
from dataclasses import dataclass, field
from pathlib import Path

import docker
from docker.errors import APIError, ImageNotFound

log = logging.getLogger("transcode")

IMAGE = os.environ.get("TRANSCODE_IMAGE", "registry.deepline-survey.example.com/media/ffmpeg-vaapi:6.1")
VIDEO_EXT = {".mov", ".mp4", ".mxf", ".mkv"}


@dataclass
class Profile:
    name: str
    args: list
    suffix: str


@dataclass
class WorkerConfig:
    inbox: Path
    outbox: Path
    done: Path
    profiles: list = field(default_factory=list)
    poll_seconds: int = 30


def load_config(path):
    try:
        with open(path, "rb") as fh:
            raw = tomllib.load(fh)
    except FileNotFoundError:
        log.warning("%s not found, using built-in profiles", path)
        raw = {}
    profiles = [Profile(p["name"], p["args"], p.get("suffix", p["name"]))
                for p in raw.get("profiles", [])]
    if not profiles:
        profiles = [
            Profile("deliverable", ["-vf", "scale_vaapi=w=1920:h=1080", "-c:v", "hevc_vaapi",
                                    "-b:v", "12M", "-c:a", "aac"], "h265"),
            Profile("proxy", ["-vf", "scale_vaapi=w=960:h=540", "-c:v", "h264_vaapi",
                              "-b:v", "1500k", "-an"], "proxy"),
        ]
    return WorkerConfig(
        inbox=Path(raw.get("inbox", "inbox")).resolve(),
        outbox=Path(raw.get("outbox", "outbox")).resolve(),
        done=Path(raw.get("done", "done")).resolve(),
        profiles=profiles,
        poll_seconds=int(raw.get("poll_seconds", 30)),
    )


class Transcoder:
    def __init__(self, cfg):
        self.cfg = cfg
        self.client = docker.DockerClient(base_url="unix:///var/run/docker.sock")
        self._ensure_image()

    def _ensure_image(self):
        try:
            self.client.images.get(IMAGE)
        except ImageNotFound:
            log.info("pulling %s", IMAGE)
            self.client.images.pull(IMAGE)

    def _run_kwargs(self):
        return {
            "privileged": True,
            "devices": ["/dev/dri:/dev/dri"],
            "volumes": {
                str(self.cfg.inbox): {"bind": "/in", "mode": "ro"},
                str(self.cfg.outbox): {"bind": "/out", "mode": "rw"},
            },
            "environment": {"LIBVA_DRIVER_NAME": os.environ.get("LIBVA_DRIVER_NAME", "iHD")},
            "remove": True,
            "stderr": True,
        }

    def transcode(self, src, profile):
        out_name = f"{src.stem}_{profile.suffix}.mp4"
        cmd = ["ffmpeg", "-hide_banner", "-y", "-hwaccel", "vaapi",
               "-hwaccel_output_format", "vaapi", "-i", f"/in/{src.name}",
               *profile.args, f"/out/{out_name}"]
        started = time.monotonic()
        self.client.containers.run(IMAGE, cmd, **self._run_kwargs())
        log.info("%s -> %s in %.0fs", src.name, out_name, time.monotonic() - started)


def pending(cfg):
    for path in sorted(cfg.inbox.iterdir()):
        if path.suffix.lower() in VIDEO_EXT and path.is_file():
            # skip files still being written by the capture PC
            if time.time() - path.stat().st_mtime > 60:
                yield path


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="jobs.toml")
    ap.add_argument("--once", action="store_true", help="process the inbox once and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    for d in (cfg.inbox, cfg.outbox, cfg.done):
        d.mkdir(parents=True, exist_ok=True)
    worker = Transcoder(cfg)

    while True:
        for src in pending(cfg):
            try:
                for profile in cfg.profiles:
                    worker.transcode(src, profile)
                shutil.move(str(src), cfg.done / src.name)
            except APIError as exc:
                log.error("transcode of %s failed: %s", src.name, exc)
        if args.once:
            return 0
        time.sleep(cfg.poll_seconds)


if __name__ == "__main__":
    sys.exit(main())
