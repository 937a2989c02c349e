#!/usr/bin/env python3
"""Detect USB OBD-II adapters and install stable /dev/obd-* names for them.

Walks /sys/class/tty, matches the vendor/product IDs of the adapters we ship
to workshops, installs a udev rule file and reloads udev so the scan tool
can always open /dev/obd-<model>-<serial> regardless of plug order.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass, asdict
from pathlib import Path

LOG = logging.getLogger("obd_udev")
SYS_TTY = Path("/sys/class/tty")
RULES_DIR = Path(os.environ.get("UDEV_RULES_DIR", "/etc/udev/rules.d"))

KNOWN = {
    ("0403", "6001"): "ftdi-elm327",
    ("0403", "6015"): "obdlink-sx",
    ("1a86", "7523"): "ch340-elm327",
    ("10c4", "ea60"): "cp210x-elm327",
    ("0c72", "000c"): "peak-pcan-usb",
    ("0bfd", "0120"): "kvaser-leaf",
}


@dataclass
class Adapter:
    tty: str
    vendor: str
    product: str
    serial: str
    model: str

    @property
    def symlink(self):
        suffix = self.serial[-6:].lower() if self.serial else self.tty
        return f"obd-{self.model}-{suffix}"


def _read_attr(dev_dir: Path, name: str) -> str:
    for parent in [dev_dir, *dev_dir.parents][:5]:
        attr = parent / name
        if attr.is_file():
            return attr.read_text().strip()
    return ""


def scan(sys_tty: Path = SYS_TTY):
    for entry in sorted(sys_tty.glob("tty[UA][SC][BM]*")):
        dev = entry / "device"
        if not dev.exists():
            continue
        real = dev.resolve()
        vendor, product = _read_attr(real, "idVendor"), _read_attr(real, "idProduct")
        model = KNOWN.get((vendor, product))
        if model:
            yield Adapter(entry.name, vendor, product, _read_attr(real, "serial"), model)


def render_rules(adapters):
    lines = ["# Managed by obd_adapter_udev - local edits will be overwritten", ""]
    for a in adapters:
        match = ['SUBSYSTEM=="tty"', f'ATTRS{{idVendor}}=="{a.vendor}"',
                 f'ATTRS{{idProduct}}=="{a.product}"']
        if a.serial:
            match.append(f'ATTRS{{serial}}=="{a.serial}"')
        lines.append(", ".join(match) +
                     f', SYMLINK+="{a.symlink}", GROUP="dialout", MODE="0660"')
    return "\n".join(lines) + "\n"


def ensure_root():
    if os.geteuid() == 0:
        return
    sudo = shutil.which("sudo")
    if not sudo:
        raise SystemExit("root required to install udev rules and sudo not found")
    LOG.info("re-running under sudo")
    os.execv(sudo, [sudo, "-E", sys.executable, os.path.abspath(__file__), *sys.argv[1:]])


def install_rules(text: str, name: str):
    target = RULES_DIR / name
    staged = target.with_suffix(".new")
    staged.write_text(text)
    os.chmod(staged, 0o644)
    os.replace(staged, target)
    LOG.info("installed %s", target)
    for cmd in (["udevadm", "control", "--reload-rules"],
                ["udevadm", "trigger", "--subsystem-match=tty", "--action=add"]):
        subprocess.run(cmd, check=True)


def main(argv=None):
    p = argparse.ArgumentParser(description="install udev names for OBD adapters")
    p.add_argument("--name", default="99-obd-adapters.rules")
    p.add_argument("--inventory", default="adapters.json")
    p.add_argument("--print-only", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    adapters = list(scan())
    if not adapters:
        LOG.warning("no known OBD adapters attached")
        return 1
    rules = render_rules(adapters)
    if args.print_only:
        sys.stdout.write(rules)
        return 0

    ensure_root()
    install_rules(rules, args.name)
    Path(args.inventory).write_text(json.dumps(
        [asdict(a) | {"symlink": a.symlink} for a in adapters], indent=2))
    for a in adapters:
        print(f"/dev/{a.symlink} -> /dev/{a.tty}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
