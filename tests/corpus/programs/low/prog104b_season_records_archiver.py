#!/usr/bin/env python3
"""Bundle last season's farm records into a dated archive.

Customer lists, order sheets and invoices from closed seasons must be kept
for six years.  This walks the records folder, picks the documents from the
given season and packs them into ``archive/season-<year>.tar.gz`` with a
SHA-256 manifest so the bookkeeper can check nothing went missing.  The
originals are left where they are; tidy them up by hand once the archive has
been copied to the backup drive.

    season_records_archiver.py [--root records] [--season 2023]
"""
import argparse
import datetime as dt
import hashlib
import json
import logging
import os
import tarfile
import time
from pathlib import Path

log = logging.getLogger("season-archive")

RECORD_TYPES = {".csv", ".xlsx", ".xls", ".ods", ".docx", ".doc", ".odt", ".pdf",
                ".db", ".sqlite", ".jpg", ".jpeg", ".png", ".txt", ".json"}
SKIP_DIRS = {".cache", ".git", "__pycache__", ".venv", "archive"}


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def candidates(root: Path, season: int):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in sorted(filenames):
            p = Path(dirpath, name)
            if p.suffix.lower() not in RECORD_TYPES:
                continue
            try:
                st = p.stat()
            except OSError:
                continue
            if time.localtime(st.st_mtime).tm_year == season:
                yield p


class SeasonArchive:
    def __init__(self, root: Path, season: int, outdir: Path):
        self.root = root
        self.season = season
        self.outdir = outdir
        self.path = outdir / f"season-{season}.tar.gz"
        self.manifest = {}

    def build(self, files):
        self.outdir.mkdir(parents=True, exist_ok=True)
        if self.path.exists():
            raise FileExistsError(f"{self.path} already exists; move it aside first")
        with tarfile.open(self.path, "w:gz") as tar:
            for f in files:
                rel = f.relative_to(self.root)
                try:
                    self.manifest[str(rel)] = sha256_of(f)
                    tar.add(f, arcname=str(rel), recursive=False)
                except OSError as exc:
                    log.warning("could not add %s: %s", rel, exc)
        os.chmod(self.path, 0o600)
        return self.path

    def write_manifest(self):
        out = self.path.with_suffix("").with_suffix(".manifest.json")
        out.write_text(json.dumps({
            "season": self.season,
            "created": dt.datetime.now().isoformat(timespec="seconds"),
            "archive": self.path.name,
            "archive_sha256": sha256_of(self.path),
            "files": self.manifest,
        }, indent=2))
        os.chmod(out, 0o600)
        return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=Path("records"))
    ap.add_argument("--season", type=int, default=dt.date.today().year - 1)
    ap.add_argument("--outdir", type=Path, default=Path("archive"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.root.is_dir():
        raise SystemExit(f"no records folder at {args.root}")
    files = list(candidates(args.root, args.season))
    if not files:
        log.info("no records from %d under %s", args.season, args.root)
        return
    log.info("archiving %d records from %d", len(files), args.season)
    archive = SeasonArchive(args.root, args.season, args.outdir)
    try:
        path = archive.build(files)
    except FileExistsError as exc:
        raise SystemExit(str(exc))
    manifest = archive.write_manifest()
    log.info("wrote %s (%d files) and %s", path, len(archive.manifest), manifest.name)


if __name__ == "__main__":
    main()
