#!/usr/bin/env python3
"""Stream a photo slideshow into a virtual webcam for video calls.

Loads the v4l2loopback kernel module (via sudo modprobe) to create
/dev/video<N>, then has ffmpeg render the photos of a folder as a looping
slideshow straight into that device, where Zoom/Meet/OBS can pick it up.
"""
import argparse
import logging
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

log = logging.getLogger("slidecam")
PHOTO_EXT = {".jpg", ".jpeg", ".png", ".webp"}


class LoopbackDevice:
    def __init__(self, number, label):
        self.number = number
        self.label = label
        self.path = f"/dev/video{number}"

    def loaded(self):
        with open("/proc/modules") as fh:
            return any(line.startswith("v4l2loopback ") for line in fh)

    def load(self):
        if self.loaded() and os.path.exists(self.path):
            log.info("v4l2loopback already provides %s", self.path)
            return
        cmd = ["sudo", "modprobe", "v4l2loopback", f"video_nr={self.number}",
               f"card_label={self.label}", "exclusive_caps=1"]
        log.info("loading module: %s", shlex.join(cmd))
        subprocess.run(cmd, check=True)
        if not os.path.exists(self.path):
            raise RuntimeError(f"{self.path} did not appear")

    def unload(self):
        subprocess.run(["sudo", "modprobe", "-r", "v4l2loopback"], check=False)
        log.info("unloaded v4l2loopback")


def write_concat_list(photos, seconds):
    fd, name = tempfile.mkstemp(prefix="slidecam-", suffix=".txt")
    with os.fdopen(fd, "w") as fh:
        for photo in photos:
            fh.write(f"file '{photo.as_posix()}'\nduration {seconds}\n")
        fh.write(f"file '{photos[-1].as_posix()}'\n")
    return name


def stream(device, concat_file, width, height, fps):
    vf = (f"scale={width}:{height}:force_original_aspect_ratio=decrease,"
          f"pad={width}:{height}:(ow-iw)/2:(oh-ih)/2:black,fps={fps},format=yuv420p")
    cmd = ["ffmpeg", "-hide_banner", "-loglevel", "warning", "-re",
           "-stream_loop", "-1", "-f", "concat", "-safe", "0", "-i", concat_file,
           "-vf", vf, "-f", "v4l2", device.path]
    log.info("streaming to %s (Ctrl-C to stop)", device.path)
    return subprocess.call(cmd)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder", type=Path)
    ap.add_argument("--device", type=int, default=10)
    ap.add_argument("--label", default="Slideshow Cam")
    ap.add_argument("--seconds", type=float, default=6.0)
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--fps", type=int, default=15)
    ap.add_argument("--unload", action="store_true", help="unload module on exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="[slidecam] %(message)s")

    if shutil.which("ffmpeg") is None:
        log.error("ffmpeg is required")
        return 2
    photos = sorted(p.resolve() for p in args.folder.iterdir() if p.suffix.lower() in PHOTO_EXT)
    if not photos:
        log.error("no photos in %s", args.folder)
        return 1
    width, height = (int(v) for v in args.size.lower().split("x"))

    device = LoopbackDevice(args.device, args.label)
    concat_file = write_concat_list(photos, args.seconds)
    try:
        device.load()
        return stream(device, concat_file, width, height, args.fps)
    except (subprocess.CalledProcessError, RuntimeError) as exc:
        log.error("%s", exc)
        return 1
    except KeyboardInterrupt:
        return 0
    finally:
        os.unlink(concat_file)
        if args.unload:
            device.unload()


if __name__ == "__main__":
    sys.exit(main())
