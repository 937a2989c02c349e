#!/usr/bin/env python3
"""Give the lighting crew access to the rink's USB-DMX interfaces.

The floor light controller plugs into the booth PC through USB-DMX
dongles. This tool writes a udev rule so the dongles belong to the
lighting group, reloads udev, and fixes the mode of dongles that are
already plugged in.
"""
import argparse
import logging
import os
import shlex
import subprocess
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("dmx-rules")

RULES_NAME = "70-rink-dmx.rules"
RULES_DIR = Path("/", "etc", "udev", "rules.d")
DEV_ROOT = Path("/", "dev")


@dataclass(frozen=True)
class Dongle:
    label: str
    vendor: str
    product: str

    def rule(self, group):
        return (
            f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{self.vendor}", '
            f'ATTRS{{idProduct}}=="{self.product}", GROUP="{group}", MODE="0660", '
            f'SYMLINK+="dmx-{self.label}"'
        )


KNOWN = (
    Dongle("enttec", "0403", "6001"),
    Dongle("dmxking", "0403", "6015"),
    Dongle("eurolite", "16c0", "05dc"),
)


class Privileged:
    elevate = ("sudo", "-n")

    def __init__(self, dry_run):
        self.dry_run = dry_run

    def run(self, *argv, data=None):
        cmd = [*self.elevate, *argv]
        log.info("%s", shlex.join(cmd))
        if self.dry_run:
            return 0
        return subprocess.run(cmd, input=data, text=True, check=False).returncode

    def write(self, path, text):
        return self.run("tee", str(path), data=text)

    def chmod(self, path, mode):
        return self.run("chmod", mode, str(path))

    def chgrp(self, path, group):
        return self.run("chgrp", group, str(path))


def render_rules(group):
    lines = ["# rink lighting USB-DMX dongles"]
    lines += [d.rule(group) for d in KNOWN]
    return "\n".join(lines) + "\n"


def present_ports():
    return sorted(p for pattern in ("ttyUSB*", "ttyACM*") for p in DEV_ROOT.glob(pattern))


def install(priv, group):
    target = RULES_DIR / RULES_NAME
    steps = {
        "rules": lambda: priv.write(target, render_rules(group)),
        "reload": lambda: priv.run("udevadm", "control", "--reload-rules"),
        "trigger": lambda: priv.run("udevadm", "trigger", "--subsystem-match=tty"),
    }
    for name, step in steps.items():
        if step() != 0:
            log.error("step %s failed", name)
            return 1
    for port in present_ports():
        priv.chgrp(port, group)
        priv.chmod(port, "0660")
    return 0


def remove(priv):
    return priv.run("rm", "-f", str(RULES_DIR / RULES_NAME))


def main():
    parser = argparse.ArgumentParser(description="Install USB-DMX udev rules")
    parser.add_argument("action", choices=("install", "remove", "show"))
    parser.add_argument("--group", default=os.environ.get("LIGHTING_GROUP", "lighting"))
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.action == "show":
        print(render_rules(args.group), end="")
        return 0
    priv = Privileged(args.dry_run)
    actions = {"install": lambda: install(priv, args.group), "remove": lambda: remove(priv)}
    return actions[args.action]()


if __name__ == "__main__":
    raise SystemExit(main())
