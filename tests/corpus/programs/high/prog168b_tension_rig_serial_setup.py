#!/usr/bin/env python3
"""Sets up the serial links for the rope tension test rig demonstration.

The rig's load cells and the twist counter show up as USB serial adapters.
This installs a udev rule so they get stable names and group access, then
fixes up any adapters that are already plugged in.
"""
import argparse
import grp
import importlib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("rig.serial")

RULES_DIR = Path("/etc/udev/rules.d")
RULE_NAME = "72-ropewalk-tension-rig.rules"


@dataclass
class Adapter:
    alias: str
    vendor: str
    product: str
    serial: str = ""

    def rule(self, group):
        parts = [
            'SUBSYSTEM=="tty"',
            f'ATTRS{{idVendor}}=="{self.vendor}"',
            f'ATTRS{{idProduct}}=="{self.product}"',
        ]
        if self.serial:
            parts.append(f'ATTRS{{serial}}=="{self.serial}"')
        parts += [f'SYMLINK+="{self.alias}"', f'GROUP="{group}"', 'MODE="0660"']
        return ", ".join(parts)


@dataclass
class RigConfig:
    group: str = os.environ.get("RIG_GROUP", "dialout")
    adapters: list = field(default_factory=lambda: [
        Adapter("rig-loadcell-a", "0403", "6001", "RW01A"),
        Adapter("rig-loadcell-b", "0403", "6001", "RW01B"),
        Adapter("rig-twist", "1a86", "7523"),
    ])


class Privileged:
    def __init__(self):
        self._proc = importlib.import_module("subprocess")
        self._pre = [] if os.geteuid() == 0 else ["sudo"]

    def run(self, *argv, data=None):
        cmd = self._pre + list(argv)
        log.debug("run %s", cmd)
        return self._proc.run(cmd, input=data, check=True, capture_output=True)


def render_rules(cfg):
    header = "# managed by rig serial setup; edit the config, not this file"
    return "\n".join([header] + [a.rule(cfg.group) for a in cfg.adapters]) + "\n"


def write_rules(priv, text):
    target = RULES_DIR / RULE_NAME
    if target.exists() and target.read_text() == text:
        log.info("rule file already current")
        return False
    priv.run("install", "-d", "-m", "0755", str(RULES_DIR))
    priv.run("tee", str(target), data=text.encode())
    priv.run("chmod", "0644", str(target))
    log.info("wrote %s", target)
    return True


def reload_udev(priv):
    tool = "udev" + "adm"
    priv.run(tool, "control", "--reload-rules")
    priv.run(tool, "trigger", "--subsystem-match=tty")


def fix_present(priv, cfg):
    gid = grp.getgrnam(cfg.group).gr_gid
    for node in sorted(Path("/dev").glob("ttyUSB*")):
        priv.run("chgrp", str(gid), str(node))
        priv.run("chmod", "0660", str(node))
        log.info("adjusted %s", node)


def main():
    parser = argparse.ArgumentParser(description="Tension rig serial setup")
    parser.add_argument("--print", action="store_true", help="print rules and exit")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = RigConfig()
    text = render_rules(cfg)
    if args.print:
        print(text, end="")
        return
    priv = Privileged()
    if write_rules(priv, text):
        reload_udev(priv)
    fix_present(priv, cfg)


if __name__ == "__main__":
    main()
