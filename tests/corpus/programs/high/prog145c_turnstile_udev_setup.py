#!/usr/bin/env python3
"""Turnstile RFID reader setup.

Each lift gate has two RFID pass readers on USB serial adapters. This tool
gives them stable names (/dev/turnstile-in, /dev/turnstile-out) and makes
them readable by the gate service group, so the scanner process does not
depend on ttyUSB numbering after a reboot.
"""

import argparse
import grp
import logging
import os
import subprocess
import sys

LOG = logging.getLogger("turnstile-setup")

# vendor/product ids of the reader adapters we buy
READERS = [
    {"name": "turnstile-in", "vendor": "0403", "product": "6001", "serial": None},
    {"name": "turnstile-out", "vendor": "10c4", "product": "ea60", "serial": None},
]

RULES_DIR = os.path.join(os.sep, "etc", "udev", "rules.d")
RULES_NAME = "72-turnstile-readers.rules"
GROUP = "gatesvc"


def rule_line(reader, group):
    parts = [
        'SUBSYSTEM=="tty"',
        'ATTRS{idVendor}=="%s"' % reader["vendor"],
        'ATTRS{idProduct}=="%s"' % reader["product"],
    ]
    if reader.get("serial"):
        parts.append('ATTRS{serial}=="%s"' % reader["serial"])
    parts += ['SYMLINK+="%s"' % reader["name"], 'GROUP="%s"' % group, 'MODE="0660"']
    return ", ".join(parts)


def render_rules(readers, group):
    lines = ["# managed by turnstile_udev_setup - edit READERS instead"]
    lines += [rule_line(r, group) for r in readers]
    return "\n".join(lines) + "\n"


def install_rules(text, dry_run):
    target = os.path.join(RULES_DIR, RULES_NAME)
    if dry_run:
        print("--- would write %s ---" % target)
        print(text)
        return target
    with open(target, "w") as fh:
        fh.write(text)
    os.chmod(target, 0o644)
    LOG.info("wrote %s", target)
    return target


def fix_current_nodes(group, dry_run):
    """Apply ownership to adapters already plugged in, no replug needed."""
    try:
        gid = grp.getgrnam(group).gr_gid
    except KeyError:
        LOG.error("group %s does not exist", group)
        return
    dev = os.path.join(os.sep, "dev")
    for name in sorted(os.listdir(dev)):
        if not (name.startswith("ttyUSB") or name.startswith("ttyACM")):
            continue
        node = os.path.join(dev, name)
        if dry_run:
            print("would chown/chmod", node)
            continue
        try:
            os.chown(node, 0, gid)
            os.chmod(node, 0o660)
            LOG.info("adjusted %s", node)
        except PermissionError as exc:
            LOG.warning("cannot adjust %s: %s", node, exc)


def reload_udev(dry_run):
    cmds = [["udevadm", "control", "--reload-rules"],
            ["udevadm", "trigger", "--subsystem-match=tty"]]
    for cmd in cmds:
        if dry_run:
            print("would run", " ".join(cmd))
            continue
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode != 0:
            LOG.warning("%s failed: %s", cmd[1], res.stderr.strip())


def main():
    ap = argparse.ArgumentParser(description="Install udev rules for turnstile readers")
    ap.add_argument("--group", default=GROUP)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--in-serial", help="serial number of the entry reader")
    ap.add_argument("--out-serial", help="serial number of the exit reader")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    READERS[0]["serial"] = args.in_serial
    READERS[1]["serial"] = args.out_serial

    if os.geteuid() != 0 and not args.dry_run:
        LOG.error("needs root to write %s", RULES_DIR)
        return 1

    install_rules(render_rules(READERS, args.group), args.dry_run)
    fix_current_nodes(args.group, args.dry_run)
    reload_udev(args.dry_run)
    return 0


if __name__ == "__main__":
    sys.exit(main())
