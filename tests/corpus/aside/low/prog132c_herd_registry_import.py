#!/usr/bin/env python3
"""Import goat and alpaca herd records into the farm herdbook.

Accepts the current registry export (JSON lines, with optional embedded
animal photos) and the legacy HRX 4.x CSV layout still produced by older
breed-society software. Records are normalised and upserted into
``herdbook.sqlite3``; photos are written under ``photos/``.
"""

import argparse
import base64
import binascii
import csv
import json
import logging
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("herd-import")

SCHEMA = """
CREATE TABLE IF NOT EXISTS animal (
    tag TEXT PRIMARY KEY, name TEXT, dob TEXT, sex TEXT,
    breed TEXT, dam TEXT, sire TEXT, source TEXT, photo TEXT
)"""


class LegacyAdapter:
    """Row mapper for the HRX legacy layout (semicolon separated, latin-1)."""

    REVISION = "HRX-LEGACY-4.2"
    SEX = {"F": "doe", "M": "buck", "W": "wether", "C": "castrate"}
    COLUMNS = {
        "name": "NAME",
        "breed": "BRD",
        "dam": "DAM_ID",
        "sire": "SIRE_ID",
    }

    def map_row(self, row: dict) -> dict:
        out = {k: row.get(src, "").strip() for k, src in self.COLUMNS.items()}
        out["breed"] = out["breed"].title()
        out["tag"] = (row.get("NLIS") or row.get("EID") or "").strip().upper()
        out["dob"] = row.get("BIRTH_DT", "")[:10]
        out["sex"] = self.SEX.get(row.get("SX", "").upper(), "unknown")
        out["photo"] = None
        return out

    def rows(self, path: Path):
        with path.open(newline="", encoding="latin-1") as fh:
            for raw in csv.DictReader(fh, delimiter=";"):
                yield self.map_row(raw)


def save_photo(tag: str, encoded: str, photo_dir: Path) -> str | None:
    try:
        data = base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        log.warning("%s: photo is not valid base64, skipped", tag)
        return None
    ext = ".png" if data[:8] == b"\x89PNG\r\n\x1a\n" else ".jpg"
    photo_dir.mkdir(exist_ok=True)
    dest = photo_dir / f"{tag}{ext}"
    dest.write_bytes(data)
    return str(dest)


def current_rows(path: Path, photo_dir: Path):
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
            tag = rec["id"].upper()
            photo = rec.get("photo_b64")
            yield {
                "tag": tag,
                "name": rec.get("name", ""),
                "dob": rec.get("birth", {}).get("date", ""),
                "sex": rec.get("sex", "unknown"),
                "breed": rec.get("breed", ""),
                "dam": rec.get("parents", {}).get("dam", ""),
                "sire": rec.get("parents", {}).get("sire", ""),
                "photo": save_photo(tag, photo, photo_dir) if photo else None,
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
            "INSERT OR REPLACE INTO animal VALUES (?,?,?,?,?,?,?,?,?)",
            (r["tag"], r["name"], r["dob"], r["sex"], r["breed"],
             r["dam"], r["sire"], source, r["photo"]),
        )
        count += 1
    conn.commit()
    return count


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("exports", nargs="+", type=Path)
    ap.add_argument("--db", default="herdbook.sqlite3")
    ap.add_argument("--photos", type=Path, default=Path("photos"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    legacy = LegacyAdapter()
    conn = sqlite3.connect(args.db)
    conn.execute(SCHEMA)
    total = 0
    for path in args.exports:
        try:
            fmt = detect_format(path)
        except (OSError, ValueError) as exc:
            log.error("%s", exc)
            continue
        if fmt == "legacy":
            rows = legacy.rows(path)
        else:
            rows = current_rows(path, args.photos)
        n = upsert(conn, rows, path.name)
        log.info("%s: %d animals imported (%s format)", path.name, n, fmt)
        total += n
    conn.close()
    log.info("done, %d records", total)
    return 0 if total else 1


if __name__ == "__main__":
    sys.exit(main())
