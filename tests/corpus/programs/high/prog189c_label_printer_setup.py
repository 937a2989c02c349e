#!/usr/bin/env python3
"""Set up the shipping-label printer on a packing-bench PC.

Installs a udev rule so the thermal label printer gets a stable device
name and is usable by the packing group, then reloads udev and fixes the
current device node so staff don't need to replug it.
"""
import argparse
import grp
import logging
import os
import subprocess
from pathlib import Path

log = logging.getLogger("label-printer")

VENDOR_ID = os.environ.get("PRINTER_VID", "0fe6")
PRODUCT_ID = os.environ.get("PRINTER_PID", "811e")
GROUP = os.environ.get("PACKING_GROUP", "packing")
RULES_DIR = Path("/etc/udev/rules.d")
RULE_FILE = RULES_DIR / "72-label-printer.rules"
DEVICE_NODES = [Path("/dev/usb/lp0"), Path("/dev/label-printer")]

RULE_TEMPLATE = (
    'SUBSYSTEM=="usbmisc", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
    'GROUP="{group}", MODE="0660", SYMLINK+="label-printer"\n'
)


def render_rule(vid, pid, group):
    return RULE_TEMPLATE.format(vid=vid, pid=pid, group=group)


def require_root():
    if os.geteuid() != 0:
        log.error("run this with sudo; it writes to %s", RULES_DIR)
        raise SystemExit(1)


def write_rule(text):
    if RULE_FILE.exists() and RULE_FILE.read_text() == text:
        log.info("rule unchanged")
        return False
    RULE_FILE.write_text(text)
    os.chmod(RULE_FILE, 0o644)
    log.info("installed %s", RULE_FILE)
    return True


def reload_udev():
    subprocess.run(["udevadm", "control", "--reload-rules"], check=True)
    subprocess.run(["udevadm", "trigger", "--subsystem-match=usbmisc"], check=True)


def fix_current_nodes(group):
    try:
        gid = grp.getgrnam(group).gr_gid
    except KeyError:
        log.warning("group %s does not exist; skipping ownership fix", group)
        return
    for node in DEVICE_NODES:
        if node.exists():
            os.chown(node, 0, gid)
            os.chmod(node, 0o660)
            log.info("fixed %s -> root:%s 0660", node, group)


def main():
    ap = argparse.ArgumentParser(description="Configure the packing-bench label printer")
    ap.add_argument("--group", default=GROUP)
    ap.add_argument("--print-only", action="store_true", help="show the rule and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    text = render_rule(VENDOR_ID, PRODUCT_ID, args.group)
    if args.print_only:
        print(text, end="")
        return 0
    require_root()
    if write_rule(text):
        reload_udev()
    fix_current_nodes(args.group)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
