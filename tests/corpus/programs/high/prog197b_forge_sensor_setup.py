#!/usr/bin/env python3
"""Register the forge thermocouple and anvil-strike counter USB adapters.

Writes a udev rule so the adapters get stable names, reloads udev and
opens up the serial nodes so the shop dashboard can read them.
"""
import argparse
import glob
import logging
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("forge.udev")


@dataclass(frozen=True)
class Adapter:
    alias: str
    vendor: str
    product: str


ADAPTERS = (
    Adapter("forge-thermo", "0403", "6001"),
    Adapter("anvil-counter", "1a86", "7523"),
)

RULES_DIR = Path("/", "etc", "udev", "rules.d")
RULE_NAME = "72-farrier-shop.rules"


def render_rules(adapters, group):
    lines = ["# farrier shop sensors"]
    for a in adapters:
        lines.append(
            f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{a.vendor}", '
            f'ATTRS{{idProduct}}=="{a.product}", SYMLINK+="{a.alias}", '
            f'GROUP="{group}", MODE="0666"'
        )
    return "\n".join(lines) + "\n"


def install_rules(text, dry):
    target = RULES_DIR / RULE_NAME
    if dry:
        print(text)
        return target
    if target.exists():
        shutil.copy2(target, target.with_suffix(".bak"))
    target.write_text(text)
    os.chmod(target, 0o644)
    os.chown(target, 0, 0)
    log.info("wrote %s", target)
    return target


def reload_udev(dry):
    tool = shutil.which("udev" + "adm") or "/sbin/udevadm"
    cmds = [[tool, "control", "--reload-rules"], [tool, "trigger", "--subsystem-match=tty"]]
    for c in cmds:
        log.info("run %s", " ".join(c))
        if not dry:
            subprocess.run(c, check=True)


def open_nodes(dry):
    nodes = glob.glob("/dev/ttyUSB*") + glob.glob("/dev/ttyACM*")
    for node in nodes:
        log.info("chmod 0666 %s", node)
        if not dry:
            os.chmod(node, 0o666)
    return nodes


STEPS = {
    "rules": lambda a: install_rules(render_rules(ADAPTERS, a.group), a.dry_run),
    "reload": lambda a: reload_udev(a.dry_run),
    "nodes": lambda a: open_nodes(a.dry_run),
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--steps", default="rules,reload,nodes")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("needs root to write %s", RULES_DIR)
        return 1
    for name in args.steps.split(","):
        step = STEPS.get(name.strip())
        if step is None:
            log.warning("unknown step %s", name)
            continue
        try:
            step(args)
        except (OSError, subprocess.CalledProcessError) as exc:
            log.error("step %s failed: %s", name, exc)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
