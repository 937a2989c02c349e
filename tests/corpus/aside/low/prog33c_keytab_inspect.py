#!/usr/bin/env python3
"""Inspect MIT-format keytab files staged in the working directory.

Lists principals, key version numbers and encryption types, and flags entries
that still use deprecated enctypes (single DES, RC4-HMAC).  Key material is
never printed -- only its length.  Results go to keytab_report.json.
"""
import argparse
import json
import logging
import struct
import sys
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from pathlib import Path

LOG = logging.getLogger("ktinspect")

ENCTYPES = {
    1: "des-cbc-crc",
    3: "des-cbc-md5",
    16: "des3-cbc-sha1",
    17: "aes128-cts-hmac-sha1-96",
    18: "aes256-cts-hmac-sha1-96",
    19: "aes128-cts-hmac-sha256-128",
    20: "aes256-cts-hmac-sha384-192",
    23: "arcfour-hmac",
    24: "arcfour-hmac-exp",
}
DEPRECATED = {1, 3, 16, 23, 24}


@dataclass
class KeytabEntry:
    principal: str
    name_type: int
    timestamp: str
    kvno: int
    enctype: str
    key_length: int
    deprecated: bool


class KeytabFormatError(Exception):
    pass


class Reader:
    def __init__(self, blob: bytes):
        self.blob = blob
        self.pos = 0

    def take(self, fmt: str):
        size = struct.calcsize(fmt)
        if self.pos + size > len(self.blob):
            raise KeytabFormatError("truncated record")
        vals = struct.unpack_from(fmt, self.blob, self.pos)
        self.pos += size
        return vals if len(vals) > 1 else vals[0]

    def counted(self) -> bytes:
        length = self.take(">H")
        data = self.blob[self.pos:self.pos + length]
        self.pos += length
        return data


def parse_record(rec: bytes) -> KeytabEntry:
    r = Reader(rec)
    n_components = r.take(">H")
    realm = r.counted().decode("utf-8", "replace")
    parts = [r.counted().decode("utf-8", "replace") for _ in range(n_components)]
    name_type = r.take(">I")
    stamp = r.take(">I")
    kvno8 = r.take(">B")
    enctype = r.take(">H")
    key = r.counted()
    kvno = kvno8
    if len(rec) - r.pos >= 4:  # optional 32-bit kvno extension
        kvno = r.take(">I") or kvno8
    return KeytabEntry(
        principal="/".join(parts) + "@" + realm,
        name_type=name_type,
        timestamp=datetime.fromtimestamp(stamp, tz=timezone.utc).isoformat(),
        kvno=kvno,
        enctype=ENCTYPES.get(enctype, f"unknown({enctype})"),
        key_length=len(key),
        deprecated=enctype in DEPRECATED,
    )


def parse_keytab(path: Path) -> list:
    blob = path.read_bytes()
    if len(blob) < 2 or blob[0] != 0x05 or blob[1] != 0x02:
        raise KeytabFormatError(f"{path}: not a version 0x0502 keytab")
    pos, entries = 2, []
    while pos + 4 <= len(blob):
        (size,) = struct.unpack_from(">i", blob, pos)
        pos += 4
        if size == 0:
            break
        if size < 0:  # hole left by a deleted entry
            pos += -size
            continue
        entries.append(parse_record(blob[pos:pos + size]))
        pos += size
    return entries


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("keytabs", nargs="*", type=Path, help="defaults to ./*.keytab")
    ap.add_argument("--report", type=Path, default=Path("keytab_report.json"))
    ap.add_argument("--fail-on-deprecated", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    files = args.keytabs or sorted(Path.cwd().glob("*.keytab"))
    report, weak = {}, 0
    for kt in files:
        try:
            entries = parse_keytab(kt)
        except (OSError, KeytabFormatError) as exc:
            LOG.warning("skip %s: %s", kt, exc)
            continue
        report[kt.name] = [asdict(e) for e in entries]
        for e in entries:
            flag = "  DEPRECATED" if e.deprecated else ""
            LOG.info("%-40s kvno=%-3d %-28s%s", e.principal, e.kvno, e.enctype, flag)
            weak += e.deprecated

    args.report.write_text(json.dumps(report, indent=2), encoding="utf-8")
    LOG.info("%d keytab(s), %d deprecated key(s); report in %s", len(report), weak, args.report)
    return 1 if (weak and args.fail_on_deprecated) else 0


if __name__ == "__main__":
    sys.exit(main())
