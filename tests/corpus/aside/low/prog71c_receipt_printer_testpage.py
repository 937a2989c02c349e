#!/usr/bin/env python3
"""Print a test receipt on every ESC/POS printer listed in printers.ini.

Used by store staff after moving a till or swapping a printer: it prints
the store header, the printer's own settings, a barcode and cuts the paper,
so you can see at a glance which printer is which.
"""
import argparse
import configparser
import datetime as dt
import logging
import socket
import sys
from pathlib import Path

log = logging.getLogger("receipt-testpage")

ESC = b"\x1b"
GS = b"\x1d"
INIT = ESC + b"@"
CENTER = ESC + b"a\x01"
LEFT = ESC + b"a\x00"
BOLD_ON, BOLD_OFF = ESC + b"E\x01", ESC + b"E\x00"
DOUBLE = GS + b"!\x11"
NORMAL = GS + b"!\x00"
CUT = GS + b"V\x41\x03"


def barcode_code128(data):
    payload = b"{B" + data.encode("ascii")
    return GS + b"h\x50" + GS + b"w\x02" + GS + b"H\x02" + GS + b"k\x49" + bytes([len(payload)]) + payload


def build_receipt(store, name, section, width):
    now = dt.datetime.now().strftime("%d/%m/%Y %H:%M")
    rule = b"-" * width + b"\n"
    out = bytearray(INIT)
    out += CENTER + DOUBLE + BOLD_ON + store.encode("cp437", "replace") + b"\n" + NORMAL + BOLD_OFF
    out += b"Printer test\n" + now.encode() + b"\n" + rule + LEFT
    for key in ("host", "port", "location", "paper", "codepage"):
        if key in section:
            line = f"{key:<10}{section[key]}"[:width]
            out += line.encode("cp437", "replace") + b"\n"
    out += rule + CENTER + barcode_code128(name.upper()[:20]) + b"\n"
    out += b"\n\xc4\xc4 end of test \xc4\xc4\n\n\n\n" + CUT
    return bytes(out)


def send(host, port, data, timeout):
    with socket.create_connection((host, port), timeout=timeout) as sock:
        sock.sendall(data)
        sock.shutdown(socket.SHUT_WR)
        try:
            sock.recv(16)
        except socket.timeout:
            pass


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="printers.ini")
    ap.add_argument("--only", action="append", help="printer section(s) to test")
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("--save", help="write the bytes to this file instead of printing")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        log.error("cannot read %s", args.config)
        return 2
    store = cfg.get("store", "name", fallback="Store")
    failures = 0
    for name in cfg.sections():
        if name == "store" or (args.only and name not in args.only):
            continue
        sec = cfg[name]
        data = build_receipt(store, name, sec, sec.getint("width", 42))
        if args.save:
            Path(args.save).with_suffix(f".{name}.bin").write_bytes(data)
            log.info("%s: saved %d bytes", name, len(data))
            continue
        host, port = sec.get("host"), sec.getint("port", 9100)
        if not host:
            log.warning("%s: no host configured", name)
            continue
        try:
            send(host, port, data, args.timeout)
            log.info("%s: test page sent to %s:%d", name, host, port)
        except OSError as exc:
            failures += 1
            log.error("%s: %s:%d unreachable (%s)", name, host, port, exc)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
