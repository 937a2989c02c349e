#!/usr/bin/env python3
"""ips_patch_apply - apply IPS translation/romhack patches to SNES ROMs.

Handles copier headers, prints the internal header (title, map mode,
region) before and after patching, and writes the result next to the input
unless --output is given. The input ROM is never modified in place.
"""
import argparse
import logging
import os
import struct
import sys
import zlib

log = logging.getLogger("romptch")

IPS_MAGIC = b"PATCH"
IPS_EOF = b"EOF"

REGION_TABLE = {0x00: "Japan", 0x01: "North America", 0x02: "Europe", 0x03: "Sweden/Scandinavia",
                0x04: "Finland", 0x05: "Denmark", 0x06: "France", 0x07: "Netherlands", 0x08: "Spain",
                0x09: "Germany", 0x0A: "Italy", 0x0B: "China", 0x0D: "Korea", 0x0F: "Canada",
                0x10: "Brazil", 0x11: "Australia"}
MAP_MODES = {0x20: "LoROM", 0x21: "HiROM", 0x23: "SA-1", 0x25: "ExHiROM",
             0x30: "LoROM+FastROM", 0x31: "HiROM+FastROM", 0x35: "ExHiROM+FastROM"}


def header_candidates(size):
    base = 512 if size % 1024 == 512 else 0
    return [base + 0x7FC0, base + 0xFFC0, base + 0x40FFC0]


class RomInfo:
    @staticmethod
    def describe(data):
        for off in header_candidates(len(data)):
            if off + 0x30 > len(data):
                continue
            hdr = data[off:off + 0x30]
            title = hdr[:21].decode("ascii", "replace").strip()
            mode, region = hdr[0x15], hdr[0x19]
            checksum, complement = struct.unpack_from("<HH", hdr, 0x1E)
            if checksum ^ complement == 0xFFFF:
                return {
                    "title": title,
                    "map_mode": MAP_MODES.get(mode, hex(mode)),
                    "region": REGION_TABLE.get(region, hex(region)),
                    "checksum": f"{checksum:04X}",
                }
        return {"title": "?", "map_mode": "?", "region": "?", "checksum": "?"}


def strip_copier_header(data):
    if len(data) % 1024 == 512:
        log.info("removing 512-byte copier header")
        return data[512:], True
    return data, False


def apply_ips(rom, patch):
    if not patch.startswith(IPS_MAGIC):
        raise ValueError("not an IPS patch")
    out = bytearray(rom)
    pos = len(IPS_MAGIC)
    records = 0
    while True:
        if patch[pos:pos + 3] == IPS_EOF:
            pos += 3
            break
        if pos + 5 > len(patch):
            raise ValueError("truncated IPS record")
        offset = int.from_bytes(patch[pos:pos + 3], "big")
        size = int.from_bytes(patch[pos + 3:pos + 5], "big")
        pos += 5
        if size == 0:
            rle_len = int.from_bytes(patch[pos:pos + 2], "big")
            chunk = patch[pos + 2:pos + 3] * rle_len
            pos += 3
        else:
            chunk = patch[pos:pos + size]
            pos += size
        end = offset + len(chunk)
        if end > len(out):
            out.extend(b"\x00" * (end - len(out)))
        out[offset:end] = chunk
        records += 1
    if len(patch) - pos == 3:
        truncate = int.from_bytes(patch[pos:pos + 3], "big")
        del out[truncate:]
    log.info("applied %d records", records)
    return bytes(out)


def main():
    ap = argparse.ArgumentParser(description="Apply an IPS patch to a SNES ROM")
    ap.add_argument("rom")
    ap.add_argument("patch")
    ap.add_argument("-o", "--output")
    ap.add_argument("--keep-header", action="store_true", help="keep copier header in output")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        with open(args.rom, "rb") as fh:
            raw = fh.read()
        with open(args.patch, "rb") as fh:
            patch = fh.read()
    except OSError as exc:
        log.error("%s", exc)
        return 1

    rom, had_header = strip_copier_header(raw)
    log.info("input:  %s", RomInfo.describe(rom))
    try:
        patched = apply_ips(rom, patch)
    except ValueError as exc:
        log.error("patch failed: %s", exc)
        return 2
    log.info("output: %s", RomInfo.describe(patched))

    if had_header and args.keep_header:
        patched = raw[:512] + patched
    out = args.output or os.path.splitext(args.rom)[0] + ".patched" + os.path.splitext(args.rom)[1]
    with open(out, "wb") as fh:
        fh.write(patched)
    log.info("wrote %s (crc32 %08X)", out, zlib.crc32(patched) & 0xFFFFFFFF)
    return 0


if __name__ == "__main__":
    sys.exit(main())
