#!/usr/bin/env python3
"""Print shop receipts and aftercare slips on the USB thermal printer.

The printer shows up as /dev/usb/lp0, which is root-owned on the POS box.
This tool fixes up the device ownership once with elevated rights, then
switches to the till user and writes ESC/POS bytes straight to the device.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
from datetime import datetime

log = logging.getLogger("receipt")

DEVICE = "/dev/usb/lp0"
ESC_INIT = b"\x1b@"
ESC_BOLD_ON = b"\x1bE\x01"
ESC_BOLD_OFF = b"\x1bE\x00"
ESC_CUT = b"\x1dV\x00"

AFTERCARE = [
    "Keep the wrap on for 2-4 hours.",
    "Wash gently with unscented soap.",
    "Thin layer of balm, 2-3 times a day.",
    "No swimming or sun for 2 weeks.",
]


def _libc():
    return ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def gain_root():
    """Ask the kernel for uid 0 so the device node can be fixed up."""
    libc = _libc()
    for name in ("setresuid", "setreuid"):
        fn = getattr(libc, name, None)
        if fn is None:
            continue
        args = (0, 0, 0) if name == "setresuid" else (0, 0)
        if fn(*args) == 0:
            return True
    return False


def drop_to(user, group):
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    os.setgroups([gid])
    getattr(os, "set" + "gid")(gid)
    getattr(os, "set" + "uid")(pw.pw_uid)
    log.debug("now running as %s:%s", user, group)


def prepare_device(device, user, group):
    st = os.stat(device)
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    if st.st_uid != pw.pw_uid or st.st_gid != gid:
        os.chown(device, pw.pw_uid, gid)
        os.chmod(device, 0o660)
        log.info("device %s handed to %s:%s", device, user, group)


def build_receipt(items, studio, aftercare):
    lines = [ESC_INIT, ESC_BOLD_ON, studio.encode() + b"\n", ESC_BOLD_OFF]
    lines.append(datetime.now().strftime("%d/%m/%Y %H:%M\n").encode())
    total = 0.0
    for name, price in items:
        total += price
        lines.append("{:<24}{:>8.2f}\n".format(name[:24], price).encode())
    lines.append("{:<24}{:>8.2f}\n".format("TOTAL", total).encode())
    if aftercare:
        lines.append(b"\n")
        lines.extend((" - " + tip + "\n").encode() for tip in AFTERCARE)
    lines.append(b"\n\n\n" + ESC_CUT)
    return b"".join(lines)


def parse_items(pairs):
    items = []
    for p in pairs:
        name, _, price = p.rpartition("=")
        items.append((name or "item", float(price)))
    return items


def main():
    ap = argparse.ArgumentParser(description="Print a POS receipt")
    ap.add_argument("items", nargs="+", help="name=price pairs")
    ap.add_argument("--aftercare", action="store_true")
    ap.add_argument("--user", default="till")
    ap.add_argument("--group", default="lp")
    ap.add_argument("--studio", default="Black Lotus Tattoo")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not gain_root():
        log.warning("could not elevate; trying the device as-is")
    if os.geteuid() == 0:
        try:
            prepare_device(DEVICE, args.user, args.group)
        except (OSError, KeyError) as exc:
            log.error("device setup failed: %s", exc)
        drop_to(args.user, args.group)

    data = build_receipt(parse_items(args.items), args.studio, args.aftercare)
    try:
        with open(DEVICE, "wb", buffering=0) as dev:
            dev.write(data)
    except OSError as exc:
        log.error("printer write failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
