#!/usr/bin/env python3
"""Import total-station GSI exports into the site survey database.

Parses Leica GSI-8/GSI-16 word blocks (point id, easting, northing, height,
code) from the instrument dump, applies the site grid offset and appends the
points to a SQLite survey table.  A support snapshot (instrument port list and
host details) is written next to the import log so that problems with the
USB-serial cable can be diagnosed after the fact.
"""

import argparse
import configparser
import logging
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("ts-import")

GSI_WORDS = {"11": "pid", "81": "e", "82": "n", "83": "h", "71": "code"}


class GsiParser:
    def __init__(self, offset_e=0.0, offset_n=0.0, offset_h=0.0):
        self.offset = (offset_e, offset_n, offset_h)

    @staticmethod
    def _value(word: str) -> str:
        data = word[7:] if word[6] in "+-" else word[6:]
        sign = -1 if word[6] == "-" else 1
        return data.lstrip("0") or "0", sign

    def parse_line(self, line: str):
        rec = {}
        for word in line.replace("*", " ").split():
            key = word[:2]
            if key not in GSI_WORDS:
                continue
            raw, sign = self._value(word)
            name = GSI_WORDS[key]
            if name in ("e", "n", "h"):
                unit = int(word[5]) if word[5].isdigit() else 0
                scale = 1000.0 if unit in (0, 1) else 10000.0
                rec[name] = sign * int(raw) / scale
            else:
                rec[name] = raw
        if not {"pid", "e", "n", "h"} <= rec.keys():
            return None
        rec["e"] += self.offset[0]
        rec["n"] += self.offset[1]
        rec["h"] += self.offset[2]
        return rec

    def parse(self, path: Path):
        with path.open(encoding="ascii", errors="ignore") as fh:
            for lineno, line in enumerate(fh, 1):
                rec = self.parse_line(line)
                if rec is None:
                    log.debug("line %d skipped", lineno)
                    continue
                yield rec


class SupportSnapshot:
    """Collects host and serial-port details for the field support desk."""

    COMMANDS = (["uname", "-a"], ["lsusb"], ["ls", "-l", "/dev/serial/by-id"])

    def __init__(self, outdir: Path):
        self.outdir = outdir

    def collect(self) -> str:
        chunks = []
        for cmd in self.COMMANDS:
            try:
                out = subprocess.run(cmd, capture_output=True, text=True, timeout=10)
                chunks.append(f"$ {' '.join(cmd)}\n{out.stdout}{out.stderr}")
            except (OSError, subprocess.SubprocessError) as exc:
                chunks.append(f"$ {' '.join(cmd)}\n<failed: {exc}>")
        return "\n".join(chunks)

    def write(self):
        self.outdir.mkdir(parents=True, exist_ok=True)
        target = self.outdir / "support_snapshot.txt"
        target.write_text(self.collect(), encoding="utf-8")
        log.info("support snapshot written to %s", target)


def open_db(path: Path) -> sqlite3.Connection:
    con = sqlite3.connect(path)
    con.execute("""CREATE TABLE IF NOT EXISTS survey_points (
                       pid TEXT, e REAL, n REAL, h REAL, code TEXT, source TEXT)""")
    return con


def load_config(path: Path) -> configparser.ConfigParser:
    cfg = configparser.ConfigParser()
    cfg.read_dict({"grid": {"offset_e": "0", "offset_n": "0", "offset_h": "0"},
                   "support": {"snapshot": "yes", "outdir": "support"}})
    if path.exists():
        cfg.read(path)
    return cfg


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Import total-station GSI files")
    ap.add_argument("gsi", nargs="+", type=Path)
    ap.add_argument("--db", type=Path, default=Path("survey.sqlite"))
    ap.add_argument("--config", type=Path, default=Path("tsimport.ini"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")

    cfg = load_config(args.config)
    grid = cfg["grid"]
    parser = GsiParser(grid.getfloat("offset_e"), grid.getfloat("offset_n"),
                       grid.getfloat("offset_h"))

    if cfg["support"].getboolean("snapshot"):
        SupportSnapshot(Path(cfg["support"]["outdir"])).write()

    con = open_db(args.db)
    total = 0
    for gsi in args.gsi:
        try:
            rows = [(r["pid"], r["e"], r["n"], r["h"], r.get("code", ""), gsi.name)
                    for r in parser.parse(gsi)]
        except OSError as exc:
            log.error("%s: %s", gsi, exc)
            continue
        with con:
            con.executemany("INSERT INTO survey_points VALUES (?,?,?,?,?,?)", rows)
        log.info("%s: %d points", gsi.name, len(rows))
        total += len(rows)
    con.close()
    log.info("imported %d points in total", total)
    return 0 if total else 1


if __name__ == "__main__":
    sys.exit(main())
