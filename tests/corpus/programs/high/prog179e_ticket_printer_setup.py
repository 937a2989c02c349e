#!/usr/bin/env python3
"""Set up the receipt / mooring-ticket printer on a hire counter PC.

The thermal printer shows up as a raw USB line printer. Counter staff log
in as an unprivileged user, so the device node needs the right group and
mode, and a matching rule so it keeps them after the printer is replugged.
"""
import argparse
import grp
import logging
import os
import pathlib

log = logging.getLogger("ticket-printer")

VENDOR_IDS = {
    "epson-tm-t20": ("04b8", "0e15"),
    "star-tsp100": ("0519", "0003"),
    "generic-58mm": ("0416", "5011"),
}
RULES_DIR = pathlib.Path("/etc") / "udev" / "rules.d"
RULE_NAME = "72-ticket-printer.rules"
DEVICE_GLOB = "usb/lp*"


def rule_text(model, group):
    vid, pid = VENDOR_IDS[model]
    return (
        f'# ticket printer ({model}) for counter staff\n'
        f'SUBSYSTEM=="usbmisc", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
        f'GROUP="{group}", MODE="0660"\n'
    )


def install_rule(model, group, dry_run):
    target = RULES_DIR / RULE_NAME
    text = rule_text(model, group)
    if dry_run:
        log.info("would write %s:\n%s", target, text)
        return
    target.write_text(text)
    os.chmod(target, 0o644)
    log.info("installed %s", target)


def fix_nodes(group, dry_run):
    gid = grp.getgrnam(group).gr_gid
    for node in pathlib.Path("/dev").glob(DEVICE_GLOB):
        if dry_run:
            log.info("would chown %s to group %s", node, group)
            continue
        os.chown(node, -1, gid)
        os.chmod(node, 0o660)
        log.info("fixed %s", node)


def test_print(text):
    for node in pathlib.Path("/dev").glob(DEVICE_GLOB):
        with open(node, "wb") as fh:
            fh.write(b"\x1b@" + text.encode("ascii", "replace") + b"\n\n\n\x1dV\x00")
        return True
    return False


STEPS = [
    ("rule", lambda a: install_rule(a.model, a.group, a.dry_run)),
    ("nodes", lambda a: fix_nodes(a.group, a.dry_run)),
    ("test", lambda a: a.dry_run or test_print("Wharfside Narrowboats - printer OK")),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", choices=sorted(VENDOR_IDS), default="epson-tm-t20")
    ap.add_argument("--group", default=os.environ.get("COUNTER_GROUP", "lp"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    if os.geteuid() != 0 and not args.dry_run:
        log.error("run this as root on the counter PC")
        return 1
    for name, step in STEPS:
        log.debug("step %s", name)
        step(args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
