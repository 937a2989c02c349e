#!/usr/bin/env python3
"""Tethered capture for specimen photography.

Runs gphoto2 inside the studio's capture image so the same gphoto2/libgphoto2
build is used on every bench, regardless of what the host distro ships. The
camera is reached through the host USB bus; frames land in
./captures/<accession>/ with the shot angle in the file name.

    tether_capture ACC-2024-0113 --angles left right dorsal ventral
"""
import argparse
import logging
import os
import sys
import time
from pathlib import Path

import docker
from docker.errors import APIError, ImageNotFound

log = logging.getLogger("tether")

IMAGE = os.environ.get("CAPTURE_IMAGE", "ghcr.io/studio-tools/gphoto2:2.5.28")
DEFAULT_ANGLES = ("left", "right", "dorsal", "ventral")


class CaptureRig:
    def __init__(self, image=IMAGE, client=None):
        self.image = image
        self.client = client or docker.from_env()

    def ensure_image(self):
        try:
            self.client.images.get(self.image)
        except ImageNotFound:
            log.info("pulling %s", self.image)
            self.client.images.pull(self.image)

    def _run(self, command, out_dir):
        out_dir.mkdir(parents=True, exist_ok=True)
        container = self.client.containers.run(
            self.image,
            command=command,
            privileged=True,
            volumes={
                "/dev/bus/usb": {"bind": "/dev/bus/usb", "mode": "rw"},
                str(out_dir.resolve()): {"bind": "/captures", "mode": "rw"},
            },
            working_dir="/captures",
            user=f"{os.getuid()}:{os.getgid()}",
            detach=True,
        )
        try:
            result = container.wait(timeout=90)
            output = container.logs().decode(errors="replace")
        finally:
            container.remove(force=True)
        return result.get("StatusCode", 1), output

    def detect(self):
        code, out = self._run(["gphoto2", "--auto-detect"], Path("captures"))
        cameras = [l for l in out.splitlines()[2:] if l.strip()]
        return code == 0 and bool(cameras), cameras

    def shoot(self, accession, angle, seq):
        out_dir = Path("captures") / accession
        name = f"{accession}_{angle}_{seq:02d}.%C"
        code, out = self._run(
            ["gphoto2", "--capture-image-and-download", "--force-overwrite",
             "--filename", name], out_dir)
        if code != 0:
            raise RuntimeError(out.strip().splitlines()[-1] if out.strip() else "capture failed")
        return out_dir


def main(argv=None):
    ap = argparse.ArgumentParser(description="tethered specimen capture")
    ap.add_argument("accession")
    ap.add_argument("--angles", nargs="+", default=list(DEFAULT_ANGLES))
    ap.add_argument("--per-angle", type=int, default=1, help="frames per angle")
    ap.add_argument("--pause", type=float, default=4.0,
                    help="seconds between angles to reposition the specimen")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        rig = CaptureRig()
        rig.ensure_image()
        ok, cameras = rig.detect()
    except (APIError, docker.errors.DockerException) as exc:
        log.error("docker unavailable: %s", exc)
        return 2
    if not ok:
        log.error("no camera detected on USB")
        return 1
    log.info("camera: %s", cameras[0].strip())

    for angle in args.angles:
        input(f"position specimen for '{angle}' and press Enter ")
        for seq in range(1, args.per_angle + 1):
            try:
                where = rig.shoot(args.accession, angle, seq)
                log.info("%s %s #%d -> %s", args.accession, angle, seq, where)
            except RuntimeError as exc:
                log.error("%s #%d failed: %s", angle, seq, exc)
        time.sleep(args.pause)
    return 0


if __name__ == "__main__":
    sys.exit(main())
