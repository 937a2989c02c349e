#!/usr/bin/env python3
"""Log cooler and freezer temperatures from 1-Wire probes on the pantry Pi.

Makes sure the 1-Wire bus is up (loads the kernel modules if the overlay
didn't), sets every probe to the requested resolution and appends readings
to a daily CSV in the working directory for the health inspector's log.
"""
import argparse
import csv
import logging
import os
import shlex
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

log = logging.getLogger("w1-logger")

W1_ROOT = Path("/sys/bus/w1/devices")
MODULES = ("w1-gpio", "w1-therm")
RESOLUTION_BITS = {9: "93.75ms", 10: "187.5ms", 11: "375ms", 12: "750ms"}


class BusError(RuntimeError):
    pass


class OneWireBus:
    def __init__(self, root=W1_ROOT, use_sudo=True):
        self.root = root
        self.prefix = ["sudo", "-n"] if use_sudo and os.geteuid() != 0 else []

    def _run(self, *cmd):
        full = self.prefix + list(cmd)
        log.debug("running %s", shlex.join(full))
        res = subprocess.run(full, capture_output=True, text=True)
        if res.returncode != 0:
            raise BusError(f"{shlex.join(full)} failed: {res.stderr.strip()}")

    def ensure_up(self):
        if self.root.exists() and any(self.root.glob("28-*")):
            return
        for mod in MODULES:
            log.info("loading %s", mod)
            self._run("modprobe", mod)
        for _ in range(10):
            if any(self.root.glob("28-*")):
                return
            time.sleep(1)
        raise BusError("no DS18B20 probes appeared on the bus")

    def probes(self):
        return sorted(p for p in self.root.glob("28-*") if p.is_dir())

    def set_resolution(self, probe, bits):
        node = probe / "resolution"
        if not node.exists():
            log.debug("%s has no resolution node (old kernel)", probe.name)
            return
        try:
            node.write_text(f"{bits}\n")
        except PermissionError:
            self._run("sh", "-c", f"echo {bits} > {shlex.quote(str(node))}")
        log.info("%s set to %d-bit (%s conversion)", probe.name, bits, RESOLUTION_BITS[bits])

    @staticmethod
    def read(probe):
        temp_node = probe / "temperature"
        if temp_node.exists():
            raw = temp_node.read_text().strip()
            return int(raw) / 1000.0 if raw else None
        lines = (probe / "w1_slave").read_text().splitlines()
        if len(lines) < 2 or not lines[0].endswith("YES"):
            return None
        return int(lines[1].split("t=")[1]) / 1000.0


def load_names(path):
    names = {}
    if path and path.exists():
        for line in path.read_text().splitlines():
            if "=" in line and not line.lstrip().startswith("#"):
                k, v = line.split("=", 1)
                names[k.strip()] = v.strip()
    return names


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--interval", type=int, default=300)
    ap.add_argument("--resolution", type=int, choices=sorted(RESOLUTION_BITS), default=11)
    ap.add_argument("--names", type=Path, default=Path("probes.conf"),
                    help="lines of probe_id = Walk-in cooler")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--no-sudo", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    bus = OneWireBus(use_sudo=not args.no_sudo)
    try:
        bus.ensure_up()
        for probe in bus.probes():
            bus.set_resolution(probe, args.resolution)
    except BusError as exc:
        log.error("%s", exc)
        return 1
    names = load_names(args.names)

    while True:
        out = Path(f"temps_{datetime.now():%Y-%m-%d}.csv")
        new = not out.exists()
        with out.open("a", newline="") as fh:
            w = csv.writer(fh)
            if new:
                w.writerow(["time", "probe", "location", "celsius"])
            for probe in bus.probes():
                try:
                    temp = bus.read(probe)
                except (OSError, ValueError, IndexError) as exc:
                    log.warning("%s read failed: %s", probe.name, exc)
                    continue
                if temp is None:
                    continue
                w.writerow([datetime.now().isoformat(timespec="seconds"), probe.name,
                            names.get(probe.name, ""), f"{temp:.2f}"])
        if args.once:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
