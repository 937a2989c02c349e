#!/usr/bin/env python3
"""Describe the partition layout of a raw (dd-style) disk image.

Reads the MBR and, when present, the GPT header and entries straight out of
the image file with struct; nothing is mounted.  Results are cached per image
so repeated runs over large images are instant.
"""
import argparse
import base64
import hashlib
import json
import logging
import struct
import sys
import uuid
from pathlib import Path

SECTOR = 512
CACHE_DIR = Path(".cache") / "imgmeta"
MBR_TYPES = {
    0x00: "empty", 0x07: "NTFS/exFAT", 0x0B: "FAT32", 0x0C: "FAT32 LBA",
    0x83: "Linux", 0x82: "Linux swap", 0x8E: "Linux LVM", 0xEE: "GPT protective",
    0xEF: "EFI system", 0xA5: "FreeBSD",
}
GPT_NAMES = {
    "c12a7328-f81f-11d2-ba4b-00a0c93ec93b": "EFI system",
    "0fc63daf-8483-4772-8e79-3d69d8477de4": "Linux filesystem",
    "ebd0a0a2-b9e5-4433-87c0-68b6b72699c7": "Microsoft basic data",
    "e3c9e316-0b5c-4db8-817d-f92df00215ae": "Microsoft reserved",
    "0657fd6d-a4ab-43c4-84e5-0933c84b4f4f": "Linux swap",
}

log = logging.getLogger("imgmeta")


class ImageReader:
    def __init__(self, path: Path):
        self.path = path
        self.fh = open(path, "rb")

    def sectors(self, lba: int, count: int = 1) -> bytes:
        self.fh.seek(lba * SECTOR)
        return self.fh.read(count * SECTOR)

    def close(self):
        self.fh.close()


def parse_mbr(sector0: bytes) -> dict:
    if sector0[510:512] != b"\x55\xaa":
        return {"valid": False}
    parts = []
    for i in range(4):
        entry = sector0[446 + i * 16: 446 + (i + 1) * 16]
        boot, ptype, lba_start, nsect = entry[0], entry[4], *struct.unpack("<II", entry[8:16])
        if ptype == 0:
            continue
        parts.append({
            "index": i + 1, "bootable": boot == 0x80, "type": hex(ptype),
            "type_name": MBR_TYPES.get(ptype, "unknown"),
            "start_lba": lba_start, "sectors": nsect, "size_mb": round(nsect * SECTOR / 2**20, 1),
        })
    return {
        "valid": True,
        "disk_signature": hex(struct.unpack("<I", sector0[440:444])[0]),
        # boot code kept for the report so analysts can compare with known loaders
        "boot_code_b64": base64.b64encode(sector0[:440]).decode("ascii"),
        "partitions": parts,
    }


def parse_gpt(img: ImageReader) -> dict:
    header = img.sectors(1)
    if header[:8] != b"EFI PART":
        return {"present": False}
    entries_lba, n_entries, entry_size = struct.unpack("<QII", header[72:88])
    disk_guid = str(uuid.UUID(bytes_le=header[56:72]))
    raw = img.sectors(entries_lba, (n_entries * entry_size + SECTOR - 1) // SECTOR)
    parts = []
    for i in range(n_entries):
        e = raw[i * entry_size:(i + 1) * entry_size]
        type_guid = str(uuid.UUID(bytes_le=e[0:16]))
        if type_guid == "00000000-0000-0000-0000-000000000000":
            continue
        first, last = struct.unpack("<QQ", e[32:48])
        name = e[56:128].decode("utf-16-le", errors="replace").rstrip("\x00")
        parts.append({"index": i + 1, "type": GPT_NAMES.get(type_guid, type_guid),
                      "name": name, "first_lba": first, "last_lba": last,
                      "size_mb": round((last - first + 1) * SECTOR / 2**20, 1)})
    return {"present": True, "disk_guid": disk_guid, "partitions": parts}


def cache_key(path: Path) -> str:
    st = path.stat()
    ident = f"{path.resolve()}:{st.st_size}:{st.st_mtime_ns}".encode()
    return hashlib.md5(ident, usedforsecurity=False).hexdigest()


def describe(path: Path, use_cache: bool = True) -> dict:
    cached = CACHE_DIR / f"{cache_key(path)}.json"
    if use_cache and cached.exists():
        log.debug("cache hit %s", cached)
        return json.loads(cached.read_text())
    img = ImageReader(path)
    try:
        result = {"image": path.name, "size_bytes": path.stat().st_size,
                  "mbr": parse_mbr(img.sectors(0)), "gpt": parse_gpt(img)}
    finally:
        img.close()
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    cached.write_text(json.dumps(result))
    return result


def main():
    ap = argparse.ArgumentParser(description="partition table report for raw images")
    ap.add_argument("images", nargs="+", type=Path)
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.WARNING)

    report, status = [], 0
    for image in args.images:
        try:
            report.append(describe(image, not args.no_cache))
        except (OSError, struct.error) as exc:
            log.error("%s: %s", image, exc)
            status = 1
    json.dump(report, sys.stdout, indent=2)
    print()
    return status


if __name__ == "__main__":
    sys.exit(main())
