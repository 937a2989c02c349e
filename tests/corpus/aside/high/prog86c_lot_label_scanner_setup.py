#!/usr/bin/env python3
"""Set up the USB lot-label scanners on a viewing-day workstation.

The handheld scanners the porters use during viewing show up as HID raw
devices.  The catalogue app reads them directly, so the device nodes need to
be readable by the desk user and keep a stable name (/dev/lotscanN) across
replugs.  This writes a udev rule for every scanner model listed in
scanners.json, reloads udev and fixes up any scanner already plugged in.
"""
import argparse
import glob
import json
import logging
import os
import stat
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("scanner_setup")

RULES_DIR = Path("/etc/udev/rules.d")
RULE_NAME = "71-lot-scanners.rules"
DEFAULT_MODELS = [
    {"vendor": "05e0", "product": "1200", "label": "Symbol LS2208"},
    {"vendor": "0c2e", "product": "0b61", "label": "Honeywell 1450g"},
]


class ScannerRules:
    def __init__(self, models, group):
        self.models = models
        self.group = group

    def lines(self):
        yield "# lot-label scanners for the catalogue desk"
        for i, m in enumerate(self.models):
            yield (f'# {m.get("label", "scanner")}')
            yield ('SUBSYSTEM=="hidraw", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", '
                   'MODE="0660", GROUP="%s", SYMLINK+="lotscan%d"'
                   % (m["vendor"], m["product"], self.group, i))

    def text(self):
        return "\n".join(self.lines()) + "\n"

    def install(self, rules_dir=RULES_DIR):
        target = rules_dir / RULE_NAME
        new = self.text()
        if target.exists() and target.read_text() == new:
            log.info("%s already up to date", target)
            return False
        target.write_text(new)
        os.chmod(target, 0o644)
        log.info("wrote %s", target)
        return True


def reload_udev():
    for argv in (["udevadm", "control", "--reload-rules"],
                 ["udevadm", "trigger", "--subsystem-match=hidraw"]):
        proc = subprocess.run(argv, capture_output=True, text=True)
        if proc.returncode:
            log.warning("%s: %s", " ".join(argv), proc.stderr.strip())


def _matches(devnode, models):
    sysdir = Path("/sys/class/hidraw") / Path(devnode).name / "device"
    try:
        uevent = (sysdir / "uevent").read_text()
    except OSError:
        return False
    for m in models:
        needle = f"{m['vendor'].upper()}:{m['product'].upper()}"
        if needle in uevent.upper():
            return True
    return False


def fix_present(models, mode):
    fixed = 0
    for node in glob.glob("/dev/hidraw*"):
        if not _matches(node, models):
            continue
        current = stat.S_IMODE(os.stat(node).st_mode)
        if current != mode:
            os.chmod(node, mode)
            fixed += 1
            log.info("set %s to %o", node, mode)
    return fixed


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--models", type=Path, default=Path("scanners.json"))
    ap.add_argument("--group", default="plugdev")
    ap.add_argument("--node-mode", default="666",
                    help="mode for scanners already plugged in (octal)")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    models = DEFAULT_MODELS
    if args.models.exists():
        try:
            models = json.loads(args.models.read_text())["scanners"]
        except (ValueError, KeyError) as exc:
            log.error("bad %s: %s", args.models, exc)
            return 2

    try:
        changed = ScannerRules(models, args.group).install()
        if changed:
            reload_udev()
        n = fix_present(models, int(args.node_mode, 8))
    except PermissionError as exc:
        log.error("need root for %s", exc.filename)
        return 1
    log.info("%d scanner model(s) configured, %d device(s) updated", len(models), n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
