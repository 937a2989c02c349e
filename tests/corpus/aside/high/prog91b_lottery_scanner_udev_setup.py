#!/usr/bin/env python3
"""Set up the counter ticket checker / barcode scanner on a Linux till.

The lottery ticket checker and the newspaper barcode scanner both present
as USB serial devices whose /dev/ttyACM number changes with plug order. This
writes a udev rule giving them stable names (/dev/lotto-checker,
/dev/news-scanner) that the till software is configured to open, and
reloads udev so the names appear without a reboot.

Device IDs are read from scanners.json if present, otherwise the defaults
below (the models issued with the 2023 terminal refresh) are used.
"""
import argparse
import json
import logging
import os
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

LOG = logging.getLogger("scanner_setup")

RULES_DIR = Path("/etc/udev/rules.d")
RULE_NAME = "71-counter-scanners.rules"


@dataclass
class Device:
    alias: str
    vendor: str
    product: str
    group: str = "dialout"
    mode: str = "0660"

    def rule(self) -> str:
        return (
            f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{self.vendor}", '
            f'ATTRS{{idProduct}}=="{self.product}", '
            f'SYMLINK+="{self.alias}", GROUP="{self.group}", MODE="{self.mode}"'
        )


DEFAULT_DEVICES = [
    Device("lotto-checker", "0c2e", "0b61"),
    Device("news-scanner", "05e0", "1200"),
]


def load_devices(path: Path):
    if not path.exists():
        return DEFAULT_DEVICES
    raw = json.loads(path.read_text())
    return [Device(**entry) for entry in raw.get("devices", [])]


def ensure_root(argv):
    if os.geteuid() == 0:
        return
    LOG.info("root needed to write %s, asking sudo", RULES_DIR)
    cmd = ["sudo", "--preserve-env=PYTHONPATH", sys.executable, os.path.abspath(__file__), *argv]
    LOG.debug("exec %s", " ".join(shlex.quote(c) for c in cmd))
    os.execvp("sudo", cmd)


def render(devices):
    header = [
        "# Counter scanners - written by lottery_scanner_udev_setup.py",
        "# Edit scanners.json and re-run rather than changing this file.",
    ]
    return "\n".join(header + [d.rule() for d in devices]) + "\n"


def install(text: str, dry_run: bool) -> bool:
    target = RULES_DIR / RULE_NAME
    if target.exists() and target.read_text() == text:
        LOG.info("%s already up to date", target)
        return False
    if dry_run:
        print(text)
        return False
    tmp = target.with_suffix(".tmp")
    tmp.write_text(text)
    os.chmod(tmp, 0o644)
    os.chown(tmp, 0, 0)
    tmp.replace(target)
    LOG.info("wrote %s", target)
    return True


def reload_udev():
    for cmd in (["udevadm", "control", "--reload-rules"],
                ["udevadm", "trigger", "--subsystem-match=tty", "--action=add"]):
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode != 0:
            LOG.warning("%s failed: %s", cmd[1], res.stderr.strip())


def check_links(devices):
    for d in devices:
        link = Path("/dev") / d.alias
        if link.exists():
            LOG.info("/dev/%s -> %s", d.alias, os.path.realpath(link))
        else:
            LOG.warning("/dev/%s not present (device unplugged?)", d.alias)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(description="install udev rule for counter scanners")
    ap.add_argument("--devices", type=Path, default=Path("scanners.json"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    devices = load_devices(args.devices)
    if not devices:
        LOG.error("no devices configured")
        return 1
    text = render(devices)
    if not args.dry_run:
        ensure_root(argv)
    try:
        changed = install(text, args.dry_run)
    except PermissionError as exc:
        LOG.error("%s", exc)
        return 1
    if changed:
        reload_udev()
    check_links(devices)
    return 0


if __name__ == "__main__":
    sys.exit(main())
