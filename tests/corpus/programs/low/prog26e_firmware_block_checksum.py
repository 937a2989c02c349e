#!/usr/bin/env python3
"""Verify a firmware image block by block before it is flashed by the vendor tool.

The image format splits the payload into 4 KiB blocks; the manifest that
ships next to it lists one 8-bit XOR checksum per block and a CRC32 for the
whole image.  This script recomputes both and prints a short hex dump of
the header so a mismatch can be reported to the vendor.
"""
import argparse
import binascii
import json
import sys
from functools import reduce
from pathlib import Path

BLOCK_SIZE = 4096
HEADER_LEN = 64


def xor_checksum(block):
    return reduce(lambda acc, b: acc ^ b, block, 0)


def iter_blocks(data, size=BLOCK_SIZE):
    for offset in range(0, len(data), size):
        yield offset // size, data[offset:offset + size]


def hexdump(data, width=16):
    lines = []
    for off in range(0, len(data), width):
        chunk = data[off:off + width]
        hexpart = " ".join(f"{b:02x}" for b in chunk)
        text = "".join(chr(b) if 32 <= b < 127 else "." for b in chunk)
        lines.append(f"{off:08x}  {hexpart:<{width * 3}} |{text}|")
    return "\n".join(lines)


def load_manifest(path):
    manifest = json.loads(path.read_text(encoding="utf-8"))
    blocks = [int(x, 16) for x in manifest["block_xor"]]
    crc = int(manifest["crc32"], 16)
    return blocks, crc


def verify(image_path, manifest_path):
    data = image_path.read_bytes()
    expected_blocks, expected_crc = load_manifest(manifest_path)
    bad = []
    for index, block in iter_blocks(data):
        actual = xor_checksum(block)
        if index >= len(expected_blocks):
            bad.append((index, None, actual))
        elif actual != expected_blocks[index]:
            bad.append((index, expected_blocks[index], actual))
    crc = binascii.crc32(data) & 0xFFFFFFFF
    return data, bad, crc, expected_crc


def write_manifest(image_path, manifest_path):
    data = image_path.read_bytes()
    manifest = {
        "image": image_path.name,
        "block_size": BLOCK_SIZE,
        "block_xor": [f"{xor_checksum(b):02x}" for _, b in iter_blocks(data)],
        "crc32": f"{binascii.crc32(data) & 0xFFFFFFFF:08x}",
    }
    manifest_path.write_text(json.dumps(manifest, indent=2), encoding="utf-8")
    print(f"wrote {manifest_path} ({len(manifest['block_xor'])} blocks)")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("image", type=Path)
    ap.add_argument("--manifest", type=Path)
    ap.add_argument("--generate", action="store_true",
                    help="write a manifest instead of verifying")
    args = ap.parse_args()
    manifest = args.manifest or args.image.with_suffix(".manifest.json")

    if args.generate:
        write_manifest(args.image, manifest)
        return 0

    data, bad, crc, expected_crc = verify(args.image, manifest)
    print("header:")
    print(hexdump(data[:HEADER_LEN]))
    print(f"blocks: {len(data) // BLOCK_SIZE + (1 if len(data) % BLOCK_SIZE else 0)}")
    for index, want, got in bad:
        want_s = "missing" if want is None else f"{want:02x}"
        print(f"  block {index}: expected {want_s}, got {got:02x}")
    print(f"crc32: {crc:08x} (expected {expected_crc:08x})")
    ok = not bad and crc == expected_crc
    print("OK" if ok else "MISMATCH")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
