#!/usr/bin/env python3
"""Noise level logger for rehearsal rooms.

Samples the room microphone with ALSA's arecord in short windows, converts the
RMS level to an approximate dB(A)-ish SPL figure using a per-room calibration
offset, and appends readings to a daily CSV. Readings over the licence limit
are written to alerts.log so the duty manager can speak to the band.
"""

import argparse
import array
import csv
import json
import logging
import math
import os
import subprocess
import sys
import time
from datetime import datetime

LOG = logging.getLogger("noise")

DEFAULT_CFG = {
    "device": "plughw:1,0",
    "rate": 22050,
    "window_seconds": 2,
    "interval_seconds": 10,
    "calibration_db": 94.0,
    "limit_db": 105.0,
    "room": "room-1",
    "log_dir": "noise_logs",
}


def load_config(path):
    cfg = dict(DEFAULT_CFG)
    if os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    return cfg


class Sampler:
    def __init__(self, device, rate, seconds):
        self.device = device
        self.rate = rate
        self.seconds = seconds

    def capture(self):
        cmd = ["arecord", "-q", "-D", self.device, "-f", "S16_LE", "-c", "1",
               "-r", str(self.rate), "-d", str(self.seconds), "-t", "raw"]
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              timeout=self.seconds + 5, check=False)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.decode(errors="replace").strip() or "arecord failed")
        samples = array.array("h")
        samples.frombytes(proc.stdout[: len(proc.stdout) // 2 * 2])
        return samples


def level_db(samples, calibration_db):
    if not samples:
        return float("nan")
    mean_sq = sum(s * s for s in samples) / len(samples)
    rms = math.sqrt(mean_sq) / 32768.0
    dbfs = 20 * math.log10(rms) if rms > 0 else -120.0
    return round(dbfs + calibration_db, 1)


def daily_csv(log_dir, room):
    os.makedirs(log_dir, exist_ok=True)
    path = os.path.join(log_dir, "%s_%s.csv" % (room, datetime.now().strftime("%Y%m%d")))
    new = not os.path.exists(path)
    fh = open(path, "a", newline="", encoding="utf-8")
    writer = csv.writer(fh)
    if new:
        writer.writerow(["timestamp", "room", "level_db", "over_limit"])
    return fh, writer


def run(cfg, once=False):
    sampler = Sampler(cfg["device"], int(cfg["rate"]), int(cfg["window_seconds"]))
    peak = 0.0
    while True:
        try:
            level = level_db(sampler.capture(), float(cfg["calibration_db"]))
        except (RuntimeError, subprocess.TimeoutExpired, FileNotFoundError) as exc:
            LOG.error("capture failed: %s", exc)
            if once:
                return 1
            time.sleep(cfg["interval_seconds"])
            continue
        over = level >= float(cfg["limit_db"])
        peak = max(peak, level)
        fh, writer = daily_csv(cfg["log_dir"], cfg["room"])
        with fh:
            writer.writerow([datetime.now().isoformat(timespec="seconds"), cfg["room"], level, int(over)])
        if over:
            with open(os.path.join(cfg["log_dir"], "alerts.log"), "a", encoding="utf-8") as al:
                al.write("%s %s %.1f dB over limit %.1f\n" % (datetime.now().isoformat(timespec="seconds"),
                                                              cfg["room"], level, cfg["limit_db"]))
            LOG.warning("%s at %.1f dB (limit %.1f)", cfg["room"], level, cfg["limit_db"])
        else:
            LOG.info("%s %.1f dB (session peak %.1f)", cfg["room"], level, peak)
        if once:
            return 0
        time.sleep(max(0, cfg["interval_seconds"] - cfg["window_seconds"]))


def main():
    ap = argparse.ArgumentParser(description="Rehearsal room noise level logger")
    ap.add_argument("-c", "--config", default="noise.json")
    ap.add_argument("--room")
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    if args.room:
        cfg["room"] = args.room
    try:
        return run(cfg, once=args.once)
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
