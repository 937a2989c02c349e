#!/usr/bin/env python3
"""Inspect and edit U-Boot environment images offline.

Works on raw env blobs dumped from flash (`fw_printenv`-compatible layout:
CRC32 + optional redundant-flag byte + NUL separated key=value pairs) or
on the uboot.env file in a boot partition. Lets the factory scripts bake
serial numbers and MAC addresses into the env before flashing.

    uboot_env_dump.py uboot.env --size 0x4000 print
    uboot_env_dump.py uboot.env --size 0x4000 set ethaddr=00:04:9f:05:aa:01 -o out.env
"""

import argparse
import json
import logging
import struct
import sys
import zlib
from pathlib import Path

log = logging.getLogger("uboot-env")

BOARD_DEFAULTS = {
    "imx8mp-evk": {"size": 0x4000, "redundant": False},
    "stm32mp157": {"size": 0x2000, "redundant": True},
    "rpi4": {"size": 0x4000, "redundant": False},
}


def load_board_profiles(extra=None):
    """Board table, optionally extended by a JSON file next to the images."""
    table = dict(BOARD_DEFAULTS)
    if extra and Path(extra).is_file():
        try:
            table.update(json.loads(Path(extra).read_text()))
        except ValueError as exc:
            log.warning("ignoring %s: %s", extra, exc)
    return table


class UBootEnv:
    def __init__(self, size, redundant=False):
        self.size = size
        self.redundant = redundant
        self.flags = 0
        self.vars = {}

    @property
    def header_len(self):
        return 5 if self.redundant else 4

    @classmethod
    def from_bytes(cls, blob, size, redundant=False):
        env = cls(size, redundant)
        if len(blob) < size:
            raise ValueError(f"image is {len(blob)} bytes, expected at least {size}")
        blob = blob[:size]
        (crc,) = struct.unpack("<I", blob[:4])
        if redundant:
            env.flags = blob[4]
        data = blob[env.header_len:]
        actual = zlib.crc32(data) & 0xFFFFFFFF
        if actual != crc:
            raise ValueError(f"CRC mismatch: stored {crc:08x}, computed {actual:08x}")
        end = data.find(b"\x00\x00")
        for item in data[: end if end >= 0 else len(data)].split(b"\x00"):
            if not item:
                continue
            key, _, value = item.partition(b"=")
            env.vars[key.decode()] = value.decode(errors="replace")
        return env

    def to_bytes(self):
        body = b"".join(f"{k}={v}".encode() + b"\x00" for k, v in sorted(self.vars.items())) + b"\x00"
        room = self.size - self.header_len
        if len(body) > room:
            raise ValueError(f"environment needs {len(body)} bytes, only {room} available")
        data = body + b"\xff" * (room - len(body))
        header = struct.pack("<I", zlib.crc32(data) & 0xFFFFFFFF)
        if self.redundant:
            header += bytes([(self.flags + 1) & 0xFF])
        return header + data


def parse_size(text):
    return int(text, 0)


def main(argv=None):
    ap = argparse.ArgumentParser(description="offline U-Boot environment editor")
    ap.add_argument("image", type=Path)
    ap.add_argument("--size", type=parse_size, help="env size (CONFIG_ENV_SIZE)")
    ap.add_argument("--board", help="pick size/redundancy from the board table")
    ap.add_argument("--boards-file", default="boards.json", help="extra board table (JSON)")
    ap.add_argument("--redundant", action="store_true")
    ap.add_argument("-o", "--output", type=Path)
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("print")
    g = sub.add_parser("get")
    g.add_argument("name")
    s = sub.add_parser("set")
    s.add_argument("assignments", nargs="+", metavar="NAME=VALUE")
    d = sub.add_parser("unset")
    d.add_argument("names", nargs="+")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    boards = load_board_profiles(args.boards_file)
    size, redundant = args.size, args.redundant
    if args.board:
        board = boards.get(args.board)
        if board is None:
            ap.error(f"unknown board {args.board}")
        size = size or board["size"]
        redundant = redundant or board["redundant"]
    if not size:
        ap.error("--size or --board is required")

    try:
        env = UBootEnv.from_bytes(args.image.read_bytes(), size, redundant)
    except (OSError, ValueError) as exc:
        log.error("%s: %s", args.image, exc)
        return 1

    if args.cmd == "print":
        for k in sorted(env.vars):
            print(f"{k}={env.vars[k]}")
        return 0
    if args.cmd == "get":
        if args.name not in env.vars:
            return 1
        print(env.vars[args.name])
        return 0
    if args.cmd == "set":
        for a in args.assignments:
            k, sep, v = a.partition("=")
            if not sep:
                ap.error(f"bad assignment {a!r}")
            env.vars[k] = v
    elif args.cmd == "unset":
        for n in args.names:
            env.vars.pop(n, None)

    out = args.output or args.image
    out.write_bytes(env.to_bytes())
    log.info("wrote %s (%d vars)", out, len(env.vars))
    return 0


if __name__ == "__main__":
    sys.exit(main())
