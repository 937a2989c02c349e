#!/usr/bin/env python3
"""Give the front-of-house user access to the USB receipt printers.

New thermal printers show up as root-only device nodes, which means the
till software cannot open them. This installs a device rule for the
printer models we buy and fixes up the node that is already plugged in.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("printer-udev")


@dataclass(frozen=True)
class PrinterModel:
    label: str
    vendor: str
    product: str


MODELS = (
    PrinterModel("Epson TM-T20III", "04b8", "0e28"),
    PrinterModel("Epson TM-m30II", "04b8", "0e32"),
    PrinterModel("Star TSP143IV", "0519", "0003"),
)


class Privileged:
    """Runs commands as root, through sudo when we are not already root."""

    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.prefix = [] if os.geteuid() == 0 else [shutil.which("sudo") or "sudo"]

    def __call__(self, *argv):
        cmd = self.prefix + list(argv)
        log.info("+ %s", " ".join(cmd))
        if self.dry_run:
            return 0
        return subprocess.run(cmd, check=False).returncode


def rule_text(models, group):
    lines = ["# Receipt printers for the till software"]
    for m in models:
        lines.append(
            'SUBSYSTEM=="usb", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", '
            'MODE="0660", GROUP="%s", SYMLINK+="receipt-%s"' % (m.vendor, m.product, group, m.product)
        )
    return "\n".join(lines) + "\n"


def rules_path(name):
    return Path("/", "etc", "udev", "rules.d", name)


def install_rule(run, text, name):
    with tempfile.NamedTemporaryFile("w", delete=False, suffix=".rules") as fh:
        fh.write(text)
        staged = fh.name
    try:
        dest = rules_path(name)
        rc = run("install", "-m", "0644", "-o", "root", "-g", "root", staged, str(dest))
        if rc != 0:
            raise RuntimeError("could not install %s" % dest)
        log.info("rule written to %s", dest)
    finally:
        os.unlink(staged)


def reload_rules(run):
    steps = {
        "reload": ("udevadm", "control", "--reload-rules"),
        "trigger": ("udevadm", "trigger", "--subsystem-match=usb", "--action=add"),
    }
    for name, argv in steps.items():
        if run(*argv) != 0:
            log.warning("udevadm %s failed", name)


def fix_present_nodes(run, group):
    nodes = sorted(Path("/dev/usb").glob("lp*")) if Path("/dev/usb").is_dir() else []
    for node in nodes:
        run("chgrp", group, str(node))
        run("chmod", "0660", str(node))
    return nodes


def main():
    ap = argparse.ArgumentParser(description="Receipt printer device access")
    ap.add_argument("--group", default=os.environ.get("TILL_GROUP", "lp"))
    ap.add_argument("--rule-name", default="60-umi-receipt-printers.rules")
    ap.add_argument("--show", action="store_true", help="print the rule and exit")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    text = rule_text(MODELS, args.group)
    if args.show:
        sys.stdout.write(text)
        return 0

    run = Privileged(dry_run=args.dry_run)
    try:
        install_rule(run, text, args.rule_name)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    reload_rules(run)
    nodes = fix_present_nodes(run, args.group)
    log.info("updated %d connected printer node(s)", len(nodes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
