#!/usr/bin/env python3
"""Read DS18B20 1-Wire probes clipped to rack doors and write inlet
temperatures in the BMS export format used by the thermal map tools.

Runs on the small ARM boards mounted at the end of each row. The probe ->
rack mapping is kept in probes.json:

    {"hall": "H2", "probes": {"28-0316a2791aff": ["C", 14, "top"], ...}}
"""
import argparse
import csv
import json
import logging
import shutil
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("w1_inlet")

W1_DEVICES = Path("/sys/bus/w1/devices")
KERNEL_MODULES = (("w1-gpio", "gpiopin=4"), ("w1-therm", None))


def loaded_modules() -> set:
    try:
        with open("/proc/modules") as fh:
            return {line.split()[0].replace("_", "-") for line in fh}
    except OSError:
        return set()


def ensure_bus(settle: float = 2.0) -> None:
    """Make sure the 1-Wire master and thermometer drivers are present."""
    present = loaded_modules()
    modprobe = shutil.which("modprobe") or "/sbin/modprobe"
    for name, param in KERNEL_MODULES:
        if name in present:
            continue
        cmd = ["sudo", "-n", modprobe, name]
        if param:
            cmd.append(param)
        log.info("loading %s", name)
        subprocess.check_call(cmd)
        time.sleep(settle)
    if not W1_DEVICES.is_dir():
        raise RuntimeError(f"{W1_DEVICES} missing after loading drivers")


def read_probe(dev: Path, retries: int = 3):
    """Return degrees C from a DS18B20, or None if the CRC never checks out."""
    for _ in range(retries):
        try:
            lines = (dev / "w1_slave").read_text().splitlines()
        except OSError as exc:
            log.debug("%s: %s", dev.name, exc)
            return None
        if len(lines) == 2 and lines[0].endswith("YES") and "t=" in lines[1]:
            milli = int(lines[1].rsplit("t=", 1)[1])
            if milli != 85000:  # power-on reset value, not a real reading
                return milli / 1000.0
        time.sleep(0.75)
    return None


def sample(mapping: dict):
    hall = mapping["hall"]
    probes = mapping["probes"]
    ts = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    for dev in sorted(W1_DEVICES.glob("28-*")):
        where = probes.get(dev.name)
        if where is None:
            log.warning("unmapped probe %s", dev.name)
            continue
        temp = read_probe(dev)
        if temp is None:
            log.warning("probe %s (%s%s) gave no valid reading", dev.name, where[0], where[1])
            continue
        row, position, sensor = where
        yield {"hall": hall, "row": row, "position": position,
               "sensor": sensor, "inlet_c": f"{temp:.2f}", "ts": ts}


def append_rows(out: Path, rows) -> int:
    new_file = not out.exists()
    n = 0
    with out.open("a", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["hall", "row", "position", "sensor", "inlet_c", "ts"])
        if new_file:
            writer.writeheader()
        for row in rows:
            writer.writerow(row)
            n += 1
    return n


def main() -> int:
    ap = argparse.ArgumentParser(description="1-Wire rack inlet sampler")
    ap.add_argument("-m", "--mapping", default="probes.json")
    ap.add_argument("-o", "--out", type=Path, default=Path("inlet_samples.csv"))
    ap.add_argument("-i", "--interval", type=int, default=300)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        with open(args.mapping) as fh:
            mapping = json.load(fh)
        ensure_bus()
    except (OSError, ValueError, subprocess.CalledProcessError, RuntimeError) as exc:
        log.error("setup failed: %s", exc)
        return 1

    while True:
        n = append_rows(args.out, sample(mapping))
        log.info("wrote %d readings to %s", n, args.out)
        if args.once:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
