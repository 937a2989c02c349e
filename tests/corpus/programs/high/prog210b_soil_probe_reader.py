#!/usr/bin/env python3
"""Soil probe reader for the container beds.

Loads the 1-wire kernel modules, sets the DS18B20 probes to the requested
resolution and appends bed temperatures to a CSV log.
"""
import argparse
import csv
import datetime as dt
import glob
import logging
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("soil-probe")
W1_ROOT = "/sys/bus/w1/devices"
MODULES = ["w1-gpio", "w1-therm"]


def load_modules():
    for mod in MODULES:
        result = subprocess.run(["sudo", "modprobe", mod], capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"modprobe {mod}: {result.stderr.strip()}")
        LOG.info("module %s loaded", mod)


def set_resolution(device_dir, bits):
    target = Path(device_dir) / "resolution"
    if not target.exists():
        return False
    cmd = f"echo {int(bits)} | sudo tee {target} >/dev/null"
    return subprocess.run(["bash", "-c", cmd]).returncode == 0


def read_probe(device_dir):
    text = (Path(device_dir) / "w1_slave").read_text().splitlines()
    if len(text) < 2 or not text[0].strip().endswith("YES"):
        return None
    _, _, raw = text[1].partition("t=")
    return int(raw) / 1000.0 if raw else None


class BedMap:
    def __init__(self, path):
        self.names = {}
        if path and Path(path).exists():
            with open(path, newline="") as fh:
                for row in csv.reader(fh):
                    if len(row) >= 2:
                        self.names[row[0].strip()] = row[1].strip()

    def name(self, probe_id):
        return self.names.get(probe_id, probe_id)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--beds", default="beds.csv", help="probe_id,bed_name map")
    parser.add_argument("--out", default="soil_temps.csv")
    parser.add_argument("--resolution", type=int, choices=[9, 10, 11, 12], default=11)
    parser.add_argument("--samples", type=int, default=1)
    parser.add_argument("--interval", type=int, default=60)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        load_modules()
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 1

    devices = sorted(glob.glob(f"{W1_ROOT}/28-*"))
    if not devices:
        LOG.error("no probes found under %s", W1_ROOT)
        return 1
    for dev in devices:
        if not set_resolution(dev, args.resolution):
            LOG.warning("could not set resolution on %s", dev)

    beds = BedMap(args.beds)
    new_file = not Path(args.out).exists()
    with open(args.out, "a", newline="") as fh:
        writer = csv.writer(fh)
        if new_file:
            writer.writerow(["timestamp", "bed", "probe", "celsius"])
        for i in range(args.samples):
            stamp = dt.datetime.now().isoformat(timespec="seconds")
            for dev in devices:
                probe = Path(dev).name
                temp = read_probe(dev)
                if temp is None:
                    LOG.warning("bad read from %s", probe)
                    continue
                writer.writerow([stamp, beds.name(probe), probe, f"{temp:.2f}"])
            fh.flush()
            if i + 1 < args.samples:
                time.sleep(args.interval)
    LOG.info("logged %d probe(s) x %d sample(s)", len(devices), args.samples)
    return 0


if __name__ == "__main__":
    sys.exit(main())
