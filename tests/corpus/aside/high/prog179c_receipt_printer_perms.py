#!/usr/bin/env python3
"""Fix permissions for the USB receipt and tag printers on a counter PC.

The thermal receipt printer and the tag printer re-enumerate whenever the
counter PC wakes from sleep, and the POS loses access to them. This tool
installs a device rule and fixes the current device nodes.
"""
import argparse
import grp
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("printerperms")

RULES_DIR = Path("/etc/udev/rules.d")
RULE_NAME = "72-counter-printers.rules"

# vendor/product pairs of the printers in use across the shops
PRINTERS = {
    "receipt": ("04b8", "0202"),   # thermal receipt printer
    "tags": ("0922", "0020"),      # tag/label printer
}

RULE_TEMPLATE = (
    'SUBSYSTEM=="usb", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
    'MODE="0664", GROUP="{group}"\n'
)


def build_rules(group):
    lines = ["# counter printers - managed by printerperms\n"]
    for name, (vid, pid) in PRINTERS.items():
        lines.append(f"# {name}\n")
        lines.append(RULE_TEMPLATE.format(vid=vid, pid=pid, group=group))
    return "".join(lines)


def install_rules(text, dry_run):
    target = RULES_DIR / RULE_NAME
    if target.exists() and target.read_text() == text:
        log.info("rules already current at %s", target)
        return False
    if dry_run:
        print(text)
        return False
    target.write_text(text)
    os.chmod(target, 0o644)
    log.info("wrote %s", target)
    return True


def reload_rules():
    for argv in (["udevadm", "control", "--reload-rules"],
                 ["udevadm", "trigger", "--subsystem-match=usb"]):
        subprocess.run(argv, check=False)


def fix_current_nodes(group):
    gid = grp.getgrnam(group).gr_gid
    fixed = 0
    for node in sorted(Path("/dev/usb").glob("lp*")):
        os.chown(node, 0, gid)
        os.chmod(node, 0o664)
        fixed += 1
        log.info("fixed %s", node)
    return fixed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--group", default=os.environ.get("PRINTER_GROUP", "lp"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("must run as root (try: sudo %s)", sys.argv[0])
        sys.exit(1)

    changed = install_rules(build_rules(args.group), args.dry_run)
    if args.dry_run:
        return
    if changed:
        reload_rules()
    n = fix_current_nodes(args.group)
    log.info("%d printer node(s) fixed", n)


if __name__ == "__main__":
    main()
