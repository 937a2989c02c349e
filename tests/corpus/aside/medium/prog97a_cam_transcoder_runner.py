#!/usr/bin/env python3
"""Run the cattery pen-camera transcoders.

The USB cameras on the cattery pens output raw YUYV; owners' phones want
H.264 over HLS. This runner starts one ffmpeg process per camera and writes
the HLS segments into ./hls/<pen>/ for the web front end to serve, and
restarts any transcoder that dies (cameras drop off the bus now and then).

    ./cam_transcoder_runner.py --pens pens.json
"""
import argparse
import json
import logging
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("transcoder")


def ffmpeg_args(pen, out_dir):
    return [
        "-hide_banner", "-loglevel", "warning",
        "-f", "v4l2", "-input_format", "yuyv422",
        "-video_size", pen.get("size", "1280x720"), "-framerate", str(pen.get("fps", 15)),
        "-i", pen["device"],
        "-c:v", "libx264", "-preset", "veryfast", "-tune", "zerolatency",
        "-g", str(pen.get("fps", 15) * 2),
        "-f", "hls", "-hls_time", "2", "-hls_list_size", "6",
        "-hls_flags", "delete_segments", str(out_dir / pen["name"] / "index.m3u8"),
    ]


class Transcoder:
    def __init__(self, ffmpeg, pen, out_dir):
        self.ffmpeg = ffmpeg
        self.pen = pen
        self.out_dir = out_dir
        self.proc = None
        self.restarts = 0

    def start(self):
        (self.out_dir / self.pen["name"]).mkdir(parents=True, exist_ok=True)
        logfile = open(self.out_dir / f"{self.pen['name']}.log", "ab")
        self.proc = subprocess.Popen([self.ffmpeg, *ffmpeg_args(self.pen, self.out_dir)],
                                     stdout=subprocess.DEVNULL, stderr=logfile)
        logfile.close()
        log.info("pen %s: ffmpeg pid %d", self.pen["name"], self.proc.pid)

    def check(self):
        if self.proc and self.proc.poll() is not None:
            self.restarts += 1
            log.warning("pen %s exited with %s, restarting (#%d)",
                        self.pen["name"], self.proc.returncode, self.restarts)
            time.sleep(min(30, 2 ** min(self.restarts, 5)))
            self.start()

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def main(argv=None):
    ap = argparse.ArgumentParser(description="Run pen-camera HLS transcoders")
    ap.add_argument("--pens", type=Path, default=Path("pens.json"))
    ap.add_argument("--out", type=Path, default=Path("hls"))
    ap.add_argument("--ffmpeg", default=shutil.which("ffmpeg") or "ffmpeg")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        pens = json.loads(args.pens.read_text())
    except (OSError, ValueError) as exc:
        log.error("cannot read %s: %s", args.pens, exc)
        return 1

    workers = [Transcoder(args.ffmpeg, pen, args.out) for pen in pens]
    stopping = False

    def _stop(signum, _frame):
        nonlocal stopping
        log.info("signal %d, stopping transcoders", signum)
        stopping = True

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)

    for w in workers:
        try:
            w.start()
        except OSError as exc:
            log.error("pen %s: %s", w.pen.get("name"), exc)
    while not stopping:
        for w in workers:
            w.check()
        time.sleep(2)
    for w in workers:
        w.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
