#!/usr/bin/env python3
"""Set up the USB laundry-card reader on a store kiosk.

Writes a udev rule so the reader always appears as /dev/cardreader,
and fixes the permissions of the current device node so the kiosk user
can open it without a reboot. Must be run as root during kiosk install.
"""
import argparse
import grp
import logging
import os
import stat
from dataclasses import dataclass
from pathlib import Path

LOG = logging.getLogger("kiosk.cardreader")


@dataclass(frozen=True)
class ReaderModel:
    vendor: str
    product: str
    label: str


MODELS = {
    "cr100": ReaderModel("0ffe", "1001", "WashCard CR-100"),
    "cr220": ReaderModel("0ffe", "2201", "WashCard CR-220"),
    "generic": ReaderModel("067b", "2303", "PL2303 serial bridge"),
}


class Paths:
    rules_root = ("etc", "udev", "rules.d")
    rule_name = "99-suds-cardreader.rules"
    dev_root = ("dev",)

    @classmethod
    def rule_file(cls) -> Path:
        return Path("/", *cls.rules_root, cls.rule_name)

    @classmethod
    def node(cls, name: str) -> Path:
        return Path("/", *cls.dev_root, name)


def render_rule(model: ReaderModel, group: str) -> str:
    return (
        f'# {model.label} - managed by card_reader_udev_setup.py\n'
        f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{model.vendor}", '
        f'ATTRS{{idProduct}}=="{model.product}", SYMLINK+="cardreader", '
        f'GROUP="{group}", MODE="0660"\n'
    )


def write_rule(text: str) -> Path:
    target = Paths.rule_file()
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text)
    os.chmod(target, 0o644)
    LOG.info("wrote %s", target)
    return target


def fix_node(node_name: str, group: str) -> None:
    node = Paths.node(node_name)
    if not node.exists():
        LOG.warning("%s not present; plug the reader in and re-run", node)
        return
    if not stat.S_ISCHR(node.stat().st_mode):
        LOG.error("%s is not a character device", node)
        return
    gid = grp.getgrnam(group).gr_gid
    ops = {"owner": lambda p: os.chown(p, 0, gid), "mode": lambda p: os.chmod(p, 0o660)}
    for name, op in ops.items():
        op(node)
        LOG.info("%s updated on %s", name, node)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--model", choices=sorted(MODELS), default="cr100")
    parser.add_argument("--group", default=os.environ.get("KIOSK_GROUP", "dialout"))
    parser.add_argument("--node", default=os.environ.get("CARD_READER_NODE", "ttyUSB0"))
    parser.add_argument("--print-only", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    rule = render_rule(MODELS[args.model], args.group)
    if args.print_only:
        print(rule, end="")
        return 0
    if os.geteuid() != 0:
        LOG.error("run this as root during kiosk install")
        return 1
    write_rule(rule)
    fix_node(args.node, args.group)
    LOG.info("reload udev rules or replug the reader to get /dev/cardreader")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
