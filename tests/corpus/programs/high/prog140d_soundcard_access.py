#!/usr/bin/env python3
"""Give the studio account reliable access to the USB mixer's sound card.

After a kernel update the USB mixer sometimes enumerates with root-only
device nodes and playout cannot open it. This tool finds the mixer's ALSA
card, fixes the device node ownership and drops a udev rule so the fix
survives a replug.
"""

import argparse
import grp
import logging
import os
import re
import sys
from pathlib import Path

LOG = logging.getLogger("soundcard-access")

CARDS_FILE = Path("/proc/asound/cards")
SND_DIR = Path("/dev") / "snd"
RULES_DIR = Path("/", "etc", "udev", "rules.d")
RULE_NAME = "72-studio-mixer.rules"

RULE_TEMPLATE = (
    '# studio USB mixer: make it usable by the playout group\n'
    'SUBSYSTEM=="sound", ATTRS{{idVendor}}=="{vendor}", ATTRS{{idProduct}}=="{product}", '
    'GROUP="{group}", MODE="0660"\n'
)


def find_card(name_hint):
    """Return the ALSA card number whose description matches the hint."""
    try:
        text = CARDS_FILE.read_text()
    except OSError as exc:
        LOG.error("cannot read %s: %s", CARDS_FILE, exc)
        return None
    for line in text.splitlines():
        m = re.match(r"\s*(\d+)\s+\[(\S+)\s*\]:\s*(.*)", line)
        if m and name_hint.lower() in (m.group(2) + m.group(3)).lower():
            return int(m.group(1))
    return None


def card_nodes(card):
    pattern = re.compile(r"(pcmC%dD\d+[pc]|controlC%d)$" % (card, card))
    return [p for p in SND_DIR.iterdir() if pattern.match(p.name)]


def fix_nodes(nodes, gid, dry_run):
    changed = 0
    for node in nodes:
        st = node.stat()
        if st.st_gid == gid and (st.st_mode & 0o660) == 0o660:
            continue
        LOG.info("fixing %s", node)
        if dry_run:
            continue
        try:
            os.chown(node, -1, gid)
            os.chmod(node, 0o660)
            changed += 1
        except PermissionError as exc:
            LOG.error("%s: %s (run as the admin account)", node, exc)
    return changed


def install_rule(vendor, product, group, dry_run):
    rule = RULE_TEMPLATE.format(vendor=vendor, product=product, group=group)
    target = RULES_DIR / RULE_NAME
    if target.exists() and target.read_text() == rule:
        LOG.info("udev rule already in place")
        return False
    LOG.info("writing %s", target)
    if not dry_run:
        target.write_text(rule)
        os.chmod(target, 0o644)
    return True


def main():
    parser = argparse.ArgumentParser(description="Fix USB mixer sound card access")
    parser.add_argument("--hint", default="USB Audio", help="text in the card name")
    parser.add_argument("--group", default="audio")
    parser.add_argument("--vendor", default="0d8c")
    parser.add_argument("--product", default="0102")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        gid = grp.getgrnam(args.group).gr_gid
    except KeyError:
        LOG.error("group %s does not exist", args.group)
        return 1

    card = find_card(args.hint)
    if card is None:
        LOG.error("no card matching %r; is the mixer plugged in?", args.hint)
        return 1
    LOG.info("mixer is card %d", card)

    n = fix_nodes(card_nodes(card), gid, args.dry_run)
    try:
        install_rule(args.vendor, args.product, args.group, args.dry_run)
    except PermissionError as exc:
        LOG.error("cannot write rule: %s", exc)
        return 1
    LOG.info("%d device nodes updated", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
