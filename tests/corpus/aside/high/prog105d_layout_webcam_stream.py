#!/usr/bin/env python3
"""Cab-ride / layout camera feed for exhibitions.

Takes the USB camera on the layout, overlays the name of the train currently
in the fiddle yard exit (read from now_running.txt, which the operators
update from the control panel) and publishes the result as a virtual webcam
so OBS, Zoom and the big screen at the stand can all use it at once.
Optionally also pushes to the club's YouTube live stream.
"""
import argparse
import logging
import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("layoutcam")

LOOPBACK_NR = 42
LOOPBACK_LABEL = "LayoutCam"


class VirtualCamera:
    def __init__(self, nr=LOOPBACK_NR, label=LOOPBACK_LABEL):
        self.nr = nr
        self.label = label

    @property
    def device(self):
        return Path(f"/dev/video{self.nr}")

    def _module_args(self):
        return ["v4l2loopback", "devices=1", f"video_nr={self.nr}",
                f"card_label={self.label}", "exclusive_caps=1"]

    def ensure(self):
        if self.device.exists():
            log.info("virtual camera %s already present", self.device)
            return
        elevate = shutil.which("pkexec") or "sudo"
        cmd = [elevate, "modprobe", *self._module_args()]
        log.info("loading loopback module: %s", shlex.join(cmd))
        subprocess.run(cmd, check=True)
        for _ in range(20):
            if self.device.exists():
                return
            time.sleep(0.25)
        raise RuntimeError(f"{self.device} did not appear")


def overlay_filter(caption_file):
    font = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    return (f"drawtext=fontfile={font}:textfile={caption_file}:reload=1:"
            "x=24:y=h-th-24:fontsize=36:fontcolor=white:box=1:boxcolor=black@0.5:boxborderw=10")


def build_ffmpeg(args, vcam):
    key = os.environ.get("YOUTUBE_STREAM_KEY")
    if args.youtube and not key:
        log.warning("--youtube given but YOUTUBE_STREAM_KEY is not set; local only")
    push = bool(args.youtube and key)

    cmd = ["ffmpeg", "-hide_banner", "-loglevel", "warning",
           "-f", "v4l2", "-input_format", "mjpeg", "-video_size", args.size,
           "-framerate", str(args.fps), "-i", args.camera]
    if push:
        cmd += ["-f", "lavfi", "-i", "anullsrc=r=44100:cl=stereo"]
    cmd += ["-filter_complex", f"[0:v]{overlay_filter(args.caption)},split=2[local][web]"]
    cmd += ["-map", "[local]", "-pix_fmt", "yuv420p", "-f", "v4l2", str(vcam.device)]
    if push:
        cmd += ["-map", "[web]", "-map", "1:a",
                "-c:v", "libx264", "-preset", "veryfast", "-b:v", "2500k", "-g", str(args.fps * 2),
                "-c:a", "aac", "-f", "flv", f"rtmp://a.rtmp.youtube.com/live2/{key}"]
    else:
        cmd[cmd.index("-filter_complex") + 1] = f"[0:v]{overlay_filter(args.caption)}[local]"
    return cmd


def run_forever(cmd):
    stop = False

    def _stop(*_):
        nonlocal stop
        stop = True

    signal.signal(signal.SIGINT, _stop)
    signal.signal(signal.SIGTERM, _stop)
    restarts = 0
    while not stop:
        proc = subprocess.Popen(cmd)
        while proc.poll() is None and not stop:
            time.sleep(0.5)
        if stop:
            proc.terminate()
            proc.wait(timeout=10)
            break
        restarts += 1
        log.warning("ffmpeg exited with %s, restart #%d in 3s", proc.returncode, restarts)
        time.sleep(3)


def main():
    ap = argparse.ArgumentParser(description="Layout camera with train caption overlay")
    ap.add_argument("--camera", default="/dev/video0")
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--fps", type=int, default=25)
    ap.add_argument("--caption", default="now_running.txt")
    ap.add_argument("--youtube", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not shutil.which("ffmpeg"):
        log.error("ffmpeg not found")
        return 1
    caption = Path(args.caption)
    if not caption.exists():
        caption.write_text("Welcome to the Dunmore Valley MRC layout\n")

    vcam = VirtualCamera()
    try:
        vcam.ensure()
    except (subprocess.CalledProcessError, RuntimeError) as exc:
        log.error("could not create virtual camera: %s", exc)
        return 1
    run_forever(build_ffmpeg(args, vcam))
    return 0


if __name__ == "__main__":
    sys.exit(main())
