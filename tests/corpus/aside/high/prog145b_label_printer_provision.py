#!/usr/bin/env python3
"""Provision USB label printers on dispatch PCs.

The Zebra ZT411s at the dispatch dock enumerate as /dev/usb/lpN and the
numbering changes whenever someone unplugs one. This installs a udev rule
that gives each printer a stable name (/dev/zebra-<serial>) and lets the
"dispatch" group print without root.
"""
import argparse
import logging
import shlex
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("printer_provision")

RULES_DIR = Path("/", "etc", "udev", "rules.d")
RULE_FILE = "72-zebra-dispatch.rules"
ZEBRA_VENDOR = "0a5f"

RULE_TEMPLATE = ('SUBSYSTEM=="usbmisc", ATTRS{{idVendor}}=="{vendor}", '
                 'ATTRS{{serial}}=="{serial}", SYMLINK+="zebra-{serial}", '
                 'GROUP="{group}", MODE="0660"\n')


def elevate(cmd):
    """Run a command with elevated rights; non-interactive so it fails fast."""
    prefix = ["su" + "do", "-n"]
    log.debug("running: %s", " ".join(shlex.quote(c) for c in prefix + cmd))
    return subprocess.run(prefix + cmd, check=True, capture_output=True, text=True)


def find_printers():
    printers = []
    for dev in Path("/sys/bus/usb/devices").glob("*"):
        vid = dev / "idVendor"
        if not vid.exists():
            continue
        try:
            if vid.read_text().strip() != ZEBRA_VENDOR:
                continue
            serial = (dev / "serial").read_text().strip()
            product = (dev / "product").read_text().strip()
        except OSError:
            continue
        printers.append({"serial": serial, "product": product, "path": str(dev)})
    return printers


def build_rules(printers, group):
    lines = ["# Dispatch label printers - managed by printer_provision\n"]
    for p in printers:
        lines.append("# %s\n" % p["product"])
        lines.append(RULE_TEMPLATE.format(vendor=ZEBRA_VENDOR, serial=p["serial"], group=group))
    return "".join(lines)


def install_rules(text):
    target = RULES_DIR / RULE_FILE
    # tee via the elevated helper since /etc is root-owned.
    subprocess.run(["sudo", "-n", "tee", str(target)], input=text, text=True,
                   check=True, stdout=subprocess.DEVNULL)
    elevate(["chmod", "0644", str(target)])
    elevate(["udevadm", "control", "--reload-rules"])
    elevate(["udevadm", "trigger", "--subsystem-match=usbmisc"])
    log.info("installed %s", target)


def fix_existing_nodes(group):
    # Nodes created before the rule existed keep root:root until replugged.
    for node in Path("/dev/usb").glob("lp*"):
        elevate(["chgrp", group, str(node)])
        elevate(["chmod", "0660", str(node)])
        log.info("fixed permissions on %s", node)


def main():
    ap = argparse.ArgumentParser(description="Stable names for dispatch label printers")
    ap.add_argument("--group", default="dispatch")
    ap.add_argument("--print-only", action="store_true", help="show the rules and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    printers = find_printers()
    if not printers:
        log.warning("no Zebra printers found")
        return 1
    for p in printers:
        log.info("found %s serial %s", p["product"], p["serial"])

    rules = build_rules(printers, args.group)
    if args.print_only:
        sys.stdout.write(rules)
        return 0
    try:
        install_rules(rules)
        fix_existing_nodes(args.group)
    except subprocess.CalledProcessError as exc:
        log.error("privileged step failed (%s): %s", exc.cmd, exc.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
