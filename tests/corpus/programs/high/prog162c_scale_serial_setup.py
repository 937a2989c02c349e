#!/usr/bin/env python3
"""Set up the USB-serial adapter for a new weighbridge indicator.

Installs a udev rule that gives the indicator a stable device name,
adds the operator account to the serial group and reloads udev.
"""
import argparse
import getpass
import logging
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("scale-serial")

RULES_PATH = Path("/etc/udev/rules.d/99-weighbridge.rules")
RULE_TEMPLATE = (
    'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vendor}", ATTRS{{idProduct}}=="{product}", '
    'SYMLINK+="{link}", GROUP="dialout", MODE="0660"\n'
)

KNOWN_ADAPTERS = {
    "ftdi": ("0403", "6001"),
    "prolific": ("067b", "2303"),
    "ch340": ("1a86", "7523"),
}


def run(cmd, check=True):
    LOG.info("running: %s", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def build_rules(adapters, link_prefix):
    lines = []
    for index, name in enumerate(adapters):
        vendor, product = KNOWN_ADAPTERS[name]
        link = "{}{}".format(link_prefix, index)
        lines.append(RULE_TEMPLATE.format(vendor=vendor, product=product, link=link))
    return "".join(lines)


def install_rules(text, dry_run):
    if RULES_PATH.exists() and RULES_PATH.read_text() == text:
        LOG.info("rules already up to date")
        return False
    if dry_run:
        print(text, end="")
        return False
    proc = subprocess.run(
        ["sudo", "tee", str(RULES_PATH)],
        input=text, text=True, capture_output=True, check=True,
    )
    LOG.debug("tee output: %s", proc.stdout.strip())
    run(["sudo", "chmod", "0644", str(RULES_PATH)])
    return True


def reload_udev():
    run(["sudo", "udevadm", "control", "--reload-rules"])
    run(["sudo", "udevadm", "trigger", "--subsystem-match=tty"])


def ensure_group(user):
    groups = run(["id", "-nG", user]).stdout.split()
    if "dialout" in groups:
        LOG.info("%s already in dialout", user)
        return
    run(["sudo", "usermod", "-aG", "dialout", user])
    LOG.info("added %s to dialout; log out and back in to apply", user)


def parse_args():
    parser = argparse.ArgumentParser(description="Weighbridge serial adapter setup")
    parser.add_argument("--adapter", action="append", choices=sorted(KNOWN_ADAPTERS),
                        help="adapter type (repeatable)")
    parser.add_argument("--link-prefix", default="weighbridge")
    parser.add_argument("--user", default=getpass.getuser())
    parser.add_argument("--dry-run", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    adapters = args.adapter or ["ftdi"]
    text = build_rules(adapters, args.link_prefix)
    try:
        changed = install_rules(text, args.dry_run)
        if changed:
            reload_udev()
        if not args.dry_run:
            ensure_group(args.user)
    except subprocess.CalledProcessError as exc:
        LOG.error("command failed: %s\n%s", exc.cmd, exc.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
