#!/usr/bin/env python3
"""Watch the wetsuit drying room.

Reads the DS18B20 probes on the drying-room Pi (one near the racks, one by
the door) through the 1-Wire sysfs interface, logs readings to
dryroom.csv and flags when suits are at risk: too warm (neoprene glue
softens) or too cold and still for too long (suits stay damp and smell).
"""
import argparse
import configparser
import csv
import glob
import logging
import os
import statistics
import sys
import time
from collections import deque
from datetime import datetime

W1_GLOB = "/sys/bus/w1/devices/28-*/w1_slave"
log = logging.getLogger("dryroom")


def load_settings(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"dryroom": {
        "interval": "60", "too_hot_c": "32", "too_cold_c": "14",
        "cold_minutes": "90", "csv": "dryroom.csv", "fan_pin": "17",
    }})
    cfg.read(path)
    return cfg["dryroom"]


def read_probe(path):
    with open(path) as fh:
        crc_line, data_line = fh.read().strip().splitlines()[:2]
    if not crc_line.endswith("YES"):
        raise ValueError("CRC check failed")
    return int(data_line.rsplit("t=", 1)[1]) / 1000.0


def probes():
    found = sorted(glob.glob(W1_GLOB))
    if not found:
        raise FileNotFoundError("no DS18B20 probes - is dtoverlay=w1-gpio enabled?")
    return {p.split("/")[-2]: p for p in found}


def readings(interval):
    """Yield (timestamp, {probe_id: celsius}) forever."""
    sensors = probes()
    while True:
        sample = {}
        for pid, path in sensors.items():
            for _ in range(3):
                try:
                    sample[pid] = read_probe(path)
                    break
                except (ValueError, OSError, IndexError):
                    time.sleep(0.5)
        yield datetime.now(), sample
        time.sleep(interval)


class DryRoom:
    def __init__(self, settings):
        self.hot = settings.getfloat("too_hot_c")
        self.cold = settings.getfloat("too_cold_c")
        self.cold_window = deque(maxlen=max(1, settings.getint("cold_minutes") * 60
                                             // settings.getint("interval")))
        self.fan_wanted = False

    def assess(self, sample):
        if not sample:
            return "no-data"
        avg = statistics.mean(sample.values())
        self.cold_window.append(avg < self.cold)
        if avg > self.hot:
            self.fan_wanted = True
            return "too-hot"
        if len(self.cold_window) == self.cold_window.maxlen and all(self.cold_window):
            self.fan_wanted = True
            return "cold-and-damp"
        self.fan_wanted = False
        return "ok"


def append_csv(path, ts, sample, status, fan):
    new = not os.path.exists(path)
    with open(path, "a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["timestamp", "probe", "celsius", "status", "fan"])
        for pid, c in sample.items():
            w.writerow([ts.isoformat(timespec="seconds"), pid, f"{c:.2f}", status, int(fan)])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="dryroom.ini")
    ap.add_argument("--samples", type=int, default=0, help="stop after N samples (0 = run forever)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    settings = load_settings(args.config)
    room = DryRoom(settings)
    last_status = None
    try:
        for n, (ts, sample) in enumerate(readings(settings.getint("interval")), 1):
            status = room.assess(sample)
            append_csv(settings["csv"], ts, sample, status, room.fan_wanted)
            if status != last_status:
                msg = "fan recommended" if room.fan_wanted else "fan not needed"
                log.info("%s (%s) %s", status, ", ".join(f"{v:.1f}C" for v in sample.values()), msg)
                last_status = status
            if args.samples and n >= args.samples:
                break
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 1
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
