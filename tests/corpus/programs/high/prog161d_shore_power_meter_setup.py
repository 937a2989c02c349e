#!/usr/bin/env python3
"""Set up the RS-485 adapter that reads the shore-power pedestal meters.

Installs a udev rule giving the adapter a stable name (/dev/shorepower),
adds the metering account to the dialout group and reloads udev so the
billing reader can open the port without root.
"""

import argparse
import getpass
import logging
import shlex
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("meter_setup")

ADAPTERS = {
    "ftdi": {"vendor": "0403", "product": "6001"},
    "ch340": {"vendor": "1a86", "product": "7523"},
    "cp210x": {"vendor": "10c4", "product": "ea60"},
}

RULES_DIR = Path("/etc/udev/rules.d")
RULE_NAME = "72-shorepower-meter.rules"
LINK_NAME = "shorepower"


def render_rule(adapter, group):
    ids = ADAPTERS[adapter]
    return (
        'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", '
        'SYMLINK+="%s", GROUP="%s", MODE="0660"\n'
        % (ids["vendor"], ids["product"], LINK_NAME, group)
    )


def elevated(cmd, stdin=None, dry_run=False):
    full = ["sudo"] + cmd
    log.info("running: %s", " ".join(shlex.quote(c) for c in full))
    if dry_run:
        return 0
    proc = subprocess.run(full, input=stdin, text=True, capture_output=True)
    if proc.returncode != 0:
        log.error("%s failed: %s", cmd[0], proc.stderr.strip())
    return proc.returncode


def install_rule(text, dry_run):
    target = RULES_DIR / RULE_NAME
    if target.exists() and target.read_text() == text:
        log.info("rule already current at %s", target)
        return True
    return elevated(["tee", str(target)], stdin=text, dry_run=dry_run) == 0


def grant_group(user, group, dry_run):
    groups = subprocess.run(["id", "-nG", user], capture_output=True, text=True).stdout.split()
    if group in groups:
        log.info("%s already in %s", user, group)
        return True
    return elevated(["usermod", "-aG", group, user], dry_run=dry_run) == 0


def reload_udev(dry_run):
    ok = elevated(["udevadm", "control", "--reload-rules"], dry_run=dry_run) == 0
    ok &= elevated(["udevadm", "trigger", "--subsystem-match=tty"], dry_run=dry_run) == 0
    return ok


def check_link():
    link = Path("/dev") / LINK_NAME
    if link.exists():
        log.info("%s -> %s", link, link.resolve())
        return True
    log.warning("%s not present yet; replug the adapter", link)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--adapter", choices=sorted(ADAPTERS), default="ftdi")
    ap.add_argument("--user", default=getpass.getuser())
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    rule = render_rule(args.adapter, args.group)
    steps = [
        ("udev rule", lambda: install_rule(rule, args.dry_run)),
        ("group membership", lambda: grant_group(args.user, args.group, args.dry_run)),
        ("udev reload", lambda: reload_udev(args.dry_run)),
    ]
    for name, step in steps:
        if not step():
            log.error("step failed: %s", name)
            sys.exit(1)
    if not args.dry_run:
        check_link()
    log.info("done; log out and back in for the group change to apply")


if __name__ == "__main__":
    main()
