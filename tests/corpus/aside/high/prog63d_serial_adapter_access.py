#!/usr/bin/env python3
"""Make freshly plugged USB-serial adapters usable by the flashing user.

On the shared flashing station new adapters show up as root:dialout 0660 and
students are not in dialout. This helper walks the tty nodes, matches them
against known vendor IDs via sysfs and hands them to the flashing group.
Run from a udev RUN+= hook or by hand after plugging boards in.
"""
import argparse
import grp
import logging
import os
import stat
from pathlib import Path

LOG = logging.getLogger("serial-access")

KNOWN_VENDORS = {
    "10c4": "Silicon Labs CP210x",
    "1a86": "WCH CH340",
    "0403": "FTDI",
    "303a": "Espressif native USB",
    "0483": "STMicro VCP",
}
PATTERNS = ("ttyUSB*", "ttyACM*")


def vendor_of(tty: Path):
    """Follow /sys/class/tty/<name>/device up to the USB device and read idVendor."""
    node = Path("/sys/class/tty") / tty.name / "device"
    try:
        node = node.resolve()
    except OSError:
        return None
    for parent in [node, *node.parents]:
        vid = parent / "idVendor"
        if vid.exists():
            return vid.read_text().strip()
    return None


def candidate_ttys(dev_root: Path):
    for pattern in PATTERNS:
        yield from sorted(dev_root.glob(pattern))


def grant(tty: Path, gid: int, mode: int, dry_run: bool):
    st = tty.stat()
    current = stat.S_IMODE(st.st_mode)
    if st.st_gid == gid and current == mode:
        LOG.debug("%s already ok", tty)
        return False
    LOG.info("%s: gid %d->%d mode %o->%o", tty, st.st_gid, gid, current, mode)
    if not dry_run:
        os.chown(tty, -1, gid)
        tty.chmod(mode)
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--group", default="flashers")
    ap.add_argument("--mode", default="0666", help="octal mode for matching nodes")
    ap.add_argument("--all-vendors", action="store_true")
    ap.add_argument("--dev-root", default="/dev")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(name)s: %(message)s")

    try:
        gid = grp.getgrnam(args.group).gr_gid
    except KeyError:
        raise SystemExit(f"group {args.group!r} does not exist")
    mode = int(args.mode, 8)

    changed = 0
    for tty in candidate_ttys(Path(args.dev_root)):
        vid = vendor_of(tty)
        label = KNOWN_VENDORS.get(vid or "", "unknown")
        if not args.all_vendors and vid not in KNOWN_VENDORS:
            LOG.info("skip %s (vendor %s)", tty, vid)
            continue
        LOG.debug("%s is %s", tty, label)
        try:
            changed += grant(tty, gid, mode, args.dry_run)
        except PermissionError:
            LOG.error("%s: permission denied - run as root", tty)
    LOG.info("%d node(s) updated", changed)


if __name__ == "__main__":
    main()
