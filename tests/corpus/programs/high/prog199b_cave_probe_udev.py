#!/usr/bin/env python3
"""Set up the USB temperature/humidity probes used in the aging caves.

Gives each probe a stable device name (/dev/cave-probe-N) so the logging
software does not lose track of them when they are re-plugged.
"""
import argparse
import logging
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("caveprobe")

RULES_DIR = Path("/", "etc", "udev", "rules.d")
RULE_FILE = "99-cave-probes.rules"


@dataclass(frozen=True)
class Probe:
    serial: str
    index: int
    vendor: str = "0403"
    product: str = "6001"

    def rule(self):
        return (f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{self.vendor}", '
                f'ATTRS{{idProduct}}=="{self.product}", ATTRS{{serial}}=="{self.serial}", '
                f'SYMLINK+="cave-probe-{self.index}", GROUP="dialout", MODE="0660"')


def elevated(cmd):
    prefix = [] if os.geteuid() == 0 else ["sudo"]
    return prefix + cmd


def run(cmd, **kw):
    log.debug("running %s", " ".join(cmd))
    return subprocess.run(elevated(cmd), check=True, **kw)


def install_rules(probes, dry_run):
    body = "# cave probes, managed by caveprobe\n" + "\n".join(p.rule() for p in probes) + "\n"
    target = RULES_DIR / RULE_FILE
    if dry_run:
        print(body)
        return
    run(["tee", str(target)], input=body.encode(), stdout=subprocess.DEVNULL)
    run(["chmod", "0644", str(target)])
    log.info("wrote %d rules to %s", len(probes), target)


def reload_rules():
    steps = {"reload": ["udevadm", "control", "--reload-rules"],
             "trigger": ["udevadm", "trigger", "--subsystem-match=tty"]}
    for name, cmd in steps.items():
        run(cmd)
        log.info("udev %s done", name)


def open_ports(dev_glob="ttyUSB"):
    for dev in sorted(Path("/dev").glob(dev_glob + "*")):
        run(["chown", "root:dialout", str(dev)])
        run(["chmod", "0660", str(dev)])
        log.info("permissions fixed on %s", dev)


def parse_probes(items):
    probes = []
    for i, serial in enumerate(items, start=1):
        if not serial.isalnum():
            raise ValueError(f"odd serial number: {serial!r}")
        probes.append(Probe(serial=serial, index=i))
    return probes


def main():
    ap = argparse.ArgumentParser(description="Cave probe udev setup")
    ap.add_argument("serials", nargs="+", help="probe serial numbers in cave order")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        probes = parse_probes(args.serials)
        install_rules(probes, args.dry_run)
        if not args.dry_run:
            reload_rules()
            open_ports()
    except (ValueError, subprocess.CalledProcessError) as exc:
        log.error("setup failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
