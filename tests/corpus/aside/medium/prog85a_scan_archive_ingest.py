#!/usr/bin/env python3
"""Ingest 3D scanner export archives into the season's object library.

The handheld structured-light scanner exports each session as a .tar.gz
(meshes, texture atlases, a session.json with operator and object ids).
This tool unpacks each export into objects/<find_no>/<session>/, validates
that the expected mesh files are present, and writes an ingest ledger
(CSV) so the finds registrar can tick off scanned objects.
"""

import argparse
import csv
import datetime as dt
import json
import logging
import shutil
import sys
import tarfile
from pathlib import Path

log = logging.getLogger("scan-ingest")

MESH_SUFFIXES = (".ply", ".obj", ".stl")
LEDGER_FIELDS = ("ingested", "archive", "find_no", "session", "operator", "meshes", "status")


def exports(inbox: Path):
    """Yield scanner export archives, oldest first."""
    found = sorted(inbox.glob("*.tar.gz"), key=lambda p: p.stat().st_mtime)
    found += sorted(inbox.glob("*.tgz"), key=lambda p: p.stat().st_mtime)
    yield from found


def read_session(archive: Path) -> dict:
    with tarfile.open(archive, "r:gz") as tf:
        member = next((m for m in tf.getmembers() if m.name.endswith("session.json")), None)
        if member is None:
            raise ValueError("no session.json in export")
        return json.load(tf.extractfile(member))


def unpack(archive: Path, dest: Path) -> list:
    staging = dest.with_name(dest.name + ".partial")
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)
    with tarfile.open(archive, "r:gz") as tf:
        tf.extractall(staging)
    meshes = [p for p in staging.rglob("*") if p.suffix.lower() in MESH_SUFFIXES]
    if not meshes:
        shutil.rmtree(staging)
        raise ValueError("export contains no mesh files")
    if dest.exists():
        shutil.rmtree(dest)
    staging.rename(dest)
    return [str(p.relative_to(staging)) for p in meshes]


class Ledger:
    def __init__(self, path: Path):
        self.path = path
        new = not path.exists()
        self.fh = path.open("a", newline="", encoding="utf-8")
        self.writer = csv.DictWriter(self.fh, fieldnames=LEDGER_FIELDS)
        if new:
            self.writer.writeheader()

    def record(self, **row):
        row.setdefault("ingested", dt.datetime.now().isoformat(timespec="seconds"))
        self.writer.writerow(row)
        self.fh.flush()

    def close(self):
        self.fh.close()


def ingest_one(archive: Path, library: Path, done_dir: Path, ledger: Ledger) -> bool:
    try:
        session = read_session(archive)
        find_no = str(session["object_id"]).replace("/", "-")
        sess_id = session.get("session_id", archive.stem.split(".")[0])
        dest = library / find_no / sess_id
        meshes = unpack(archive, dest)
    except (tarfile.TarError, ValueError, KeyError, OSError) as exc:
        log.error("%s: %s", archive.name, exc)
        ledger.record(archive=archive.name, find_no="", session="", operator="",
                      meshes=0, status=f"error: {exc}")
        return False
    ledger.record(archive=archive.name, find_no=find_no, session=sess_id,
                  operator=session.get("operator", ""), meshes=len(meshes), status="ok")
    shutil.move(str(archive), done_dir / archive.name)
    log.info("%s -> %s (%d meshes)", archive.name, dest, len(meshes))
    return True


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--inbox", type=Path, default=Path("scanner_exports"))
    ap.add_argument("--library", type=Path, default=Path("objects"))
    ap.add_argument("--ledger", type=Path, default=Path("scan_ingest_ledger.csv"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.inbox.is_dir():
        log.error("inbox %s not found", args.inbox)
        return 2
    done_dir = args.inbox / "ingested"
    done_dir.mkdir(exist_ok=True)
    args.library.mkdir(exist_ok=True)

    ledger = Ledger(args.ledger)
    ok = failed = 0
    try:
        for archive in exports(args.inbox):
            if ingest_one(archive, args.library, done_dir, ledger):
                ok += 1
            else:
                failed += 1
    finally:
        ledger.close()
    log.info("%d ingested, %d failed", ok, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
