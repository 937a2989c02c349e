#!/usr/bin/env python3
"""Prepare a machine so input-automation tools (pynput's uinput backend,
`keyboard`, ydotool) work on Wayland without running as root.

Steps: load the uinput module now and at boot, install a udev rule giving
the `input` group access to /dev/uinput, add the user to that group."""

import argparse
import getpass
import grp
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("uinput-setup")

UDEV_RULE = Path("/etc/udev/rules.d/80-uinput-automation.rules")
MODULES_LOAD = Path("/etc/modules-load.d/uinput.conf")
RULE_TEXT = ('KERNEL=="uinput", SUBSYSTEM=="misc", GROUP="input", MODE="0660", '
             'OPTIONS+="static_node=uinput", TAG+="uaccess"\n')


class Step:
    def __init__(self, description, check, apply):
        self.description = description
        self.check = check
        self.apply = apply


class Setup:
    def __init__(self, user: str, group: str, dry_run: bool):
        self.user = user
        self.group = group
        self.dry_run = dry_run
        self.sudo = [] if os.geteuid() == 0 else ["sudo", "--"]

    def sh(self, *argv, stdin=None):
        cmd = self.sudo + list(argv)
        log.info("$ %s", " ".join(cmd))
        if self.dry_run:
            return
        subprocess.run(cmd, input=stdin, text=True, check=True,
                       stdout=subprocess.DEVNULL)

    # --- checks -----------------------------------------------------------
    @staticmethod
    def module_loaded() -> bool:
        try:
            return any(l.split()[0] == "uinput" for l in open("/proc/modules"))
        except OSError:
            return False

    @staticmethod
    def file_has(path: Path, text: str) -> bool:
        try:
            return text.strip() in path.read_text()
        except OSError:
            return False

    def user_in_group(self) -> bool:
        try:
            return self.user in grp.getgrnam(self.group).gr_mem
        except KeyError:
            return False

    # --- actions ----------------------------------------------------------
    def load_module(self):
        self.sh("modprobe", "uinput")

    def persist_module(self):
        self.sh("tee", str(MODULES_LOAD), stdin="uinput\n")

    def install_rule(self):
        self.sh("tee", str(UDEV_RULE), stdin=RULE_TEXT)
        self.sh("chmod", "0644", str(UDEV_RULE))
        self.sh("udevadm", "control", "--reload-rules")
        self.sh("udevadm", "trigger", "--sysname-match=uinput")

    def add_to_group(self):
        self.sh("usermod", "-aG", self.group, self.user)

    def steps(self):
        return [
            Step("uinput module loaded", self.module_loaded, self.load_module),
            Step(f"{MODULES_LOAD} present",
                 lambda: self.file_has(MODULES_LOAD, "uinput"), self.persist_module),
            Step(f"{UDEV_RULE} installed",
                 lambda: self.file_has(UDEV_RULE, RULE_TEXT), self.install_rule),
            Step(f"{self.user} in group {self.group}", self.user_in_group,
                 self.add_to_group),
        ]

    def run(self, check_only: bool) -> int:
        pending = 0
        for step in self.steps():
            ok = step.check()
            log.info("[%s] %s", "ok" if ok else "--", step.description)
            if ok or check_only:
                pending += 0 if ok else 1
                continue
            try:
                step.apply()
            except subprocess.CalledProcessError as exc:
                log.error("step failed: %s", exc)
                return 2
        if check_only:
            return 1 if pending else 0
        log.info("done; log out and back in for the group change to apply")
        return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default=os.environ.get("SUDO_USER") or getpass.getuser())
    ap.add_argument("--group", default="input")
    ap.add_argument("--check", action="store_true", help="report only")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if sys.platform != "linux":
        log.error("Linux only")
        return 1
    return Setup(args.user, args.group, args.dry_run).run(args.check)


if __name__ == "__main__":
    sys.exit(main())
