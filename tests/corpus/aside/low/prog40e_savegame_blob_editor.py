#!/usr/bin/env python3
"""Save-game editor for Hollow Lantern (.hlsav files).

A save is a JSON envelope whose "blob" field holds base64 of zlib-compressed
JSON game state. This tool decodes the blob, lets you inspect or patch
individual fields (gold, level, inventory counts), and re-encodes it into a
new file in the working directory next to the original. The decoded state
is plain data: it is only parsed as JSON, never executed.
"""
import argparse
import base64
import json
import logging
import sys
import zlib
from pathlib import Path

log = logging.getLogger("hlsav")
EDITABLE = {"gold": int, "level": int, "hp_max": int, "difficulty": str}


class SaveFile:
    def __init__(self, path: Path):
        self.path = path
        self.envelope = json.loads(path.read_text(encoding="utf-8"))
        raw = base64.b64decode(self.envelope["blob"], validate=True)
        self.state = json.loads(zlib.decompress(raw).decode("utf-8"))

    def set_field(self, dotted: str, value: str) -> None:
        keys = dotted.split(".")
        root = keys[0]
        if root not in EDITABLE and root != "inventory":
            raise KeyError(f"field {root!r} is not editable")
        target = self.state
        for key in keys[:-1]:
            target = target.setdefault(key, {})
        caster = EDITABLE.get(root, int)
        target[keys[-1]] = caster(value)

    def encode(self) -> dict:
        packed = zlib.compress(json.dumps(self.state, separators=(",", ":"))
                               .encode("utf-8"), level=9)
        env = dict(self.envelope)
        env["blob"] = base64.b64encode(packed).decode("ascii")
        env["crc32"] = zlib.crc32(packed) & 0xFFFFFFFF
        return env

    def verify_checksum(self) -> bool:
        raw = base64.b64decode(self.envelope["blob"])
        expected = self.envelope.get("crc32")
        return expected is None or (zlib.crc32(raw) & 0xFFFFFFFF) == expected


def parse_assignments(items):
    for item in items:
        if "=" not in item:
            raise ValueError(f"expected FIELD=VALUE, got {item!r}")
        yield item.split("=", 1)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("save", type=Path)
    ap.add_argument("--show", action="store_true", help="print decoded state")
    ap.add_argument("--set", nargs="*", default=[], metavar="FIELD=VALUE")
    ap.add_argument("--out", type=Path, help="output file (default: <name>.edited.hlsav)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        save = SaveFile(args.save)
    except (OSError, ValueError, KeyError, zlib.error) as exc:
        log.error("cannot read %s: %s", args.save, exc)
        return 1
    if not save.verify_checksum():
        log.warning("checksum mismatch: save may already be modified")

    if args.show:
        print(json.dumps(save.state, indent=2, sort_keys=True))

    try:
        for field, value in parse_assignments(args.set):
            save.set_field(field, value)
            log.info("set %s = %s", field, value)
    except (KeyError, ValueError) as exc:
        log.error("%s", exc)
        return 2

    if args.set:
        out = args.out or args.save.with_name(args.save.stem + ".edited.hlsav")
        out.write_text(json.dumps(save.encode(), indent=1), encoding="utf-8")
        log.info("wrote %s", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
