#!/usr/bin/env python3
"""Give RS485 adapters used for inverter polling a stable device name.

Writes a udev rule that maps each known USB-RS485 adapter to
/dev/inverter-busN so the collector config does not depend on ttyUSB order.
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("invmon.udev")

# Adapters the installer stocks (vendor id, product id, label).
ADAPTERS = [
    ("0403", "6001", "ftdi-ft232r"),
    ("1a86", "7523", "ch340"),
    ("10c4", "ea60", "cp2102"),
]

RULE_DIR_PARTS = ("", "etc", "udev", "rules.d")
RULE_FILE = "99-invmon-rs485.rules"
RULE_TEMPLATE = ('SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", '
                 'ATTRS{{idProduct}}=="{pid}", SYMLINK+="inverter-bus{n}", '
                 'GROUP="{group}", MODE="0660"\n')


class RuleSet:
    def __init__(self, group):
        self.group = group
        self.lines = []

    def build(self, adapters):
        self.lines = ["# managed by invmon rs485 setup - do not edit\n"]
        for n, (vid, pid, label) in enumerate(adapters):
            self.lines.append("# %s\n" % label)
            self.lines.append(RULE_TEMPLATE.format(vid=vid, pid=pid, n=n, group=self.group))
        return "".join(self.lines)


def rule_path():
    return Path(os.sep.join(RULE_DIR_PARTS)) / RULE_FILE


def install_rules(text, path, dry_run):
    if path.exists() and path.read_text() == text:
        LOG.info("rules already current at %s", path)
        return False
    if dry_run:
        LOG.info("dry run, would write %s:\n%s", path, text)
        return False
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text)
    os.chmod(tmp, 0o644)
    os.chown(tmp, 0, 0)
    os.replace(tmp, path)
    LOG.info("wrote %s", path)
    return True


def reload_udev():
    for argv in (["udevadm", "control", "--reload-rules"],
                 ["udevadm", "trigger", "--subsystem-match=tty"]):
        try:
            subprocess.run(argv, check=True, timeout=30)
        except (OSError, subprocess.SubprocessError) as exc:
            LOG.warning("%s failed: %s", " ".join(argv), exc)
            return False
    return True


def list_links():
    found = sorted(Path("/dev").glob("inverter-bus*"))
    for link in found:
        LOG.info("%s -> %s", link, os.path.realpath(link))
    return found


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-reload", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if os.geteuid() != 0 and not args.dry_run:
        LOG.error("must run as root to write %s", rule_path())
        return 1
    text = RuleSet(args.group).build(ADAPTERS)
    try:
        changed = install_rules(text, rule_path(), args.dry_run)
    except OSError as exc:
        LOG.error("cannot install rules: %s", exc)
        return 1
    if changed and not args.no_reload:
        reload_udev()
    links = list_links()
    if not links:
        LOG.warning("no inverter-bus links yet; plug the adapter in again")
    return 0


if __name__ == "__main__":
    sys.exit(main())
