#!/usr/bin/env python3
"""Index a sample library into SQLite and search it from the terminal.

    sample_library_indexer.py scan ~/Music/Samples
    sample_library_indexer.py find --tag kick --bpm 120-128 --key Am

Reads WAV headers with the stdlib wave module, guesses BPM / key / tags
from file and folder names, and keeps a per-folder header cache so a
rescan of a 200k-file library only touches new or changed folders.
"""
import argparse
import logging
import os
import pickle
import re
import sqlite3
import sys
import wave
from pathlib import Path

log = logging.getLogger("sampledb")

DB_PATH = Path("samples.db")
CACHE_NAME = ".sampledb.cache"
AUDIO_EXT = {".wav", ".wave"}
TAG_WORDS = {"kick", "snare", "hat", "clap", "perc", "bass", "pad", "lead",
             "fx", "vox", "loop", "oneshot", "riser", "tom", "ride", "crash"}
BPM_RE = re.compile(r"(?<!\d)(\d{2,3})\s?bpm", re.I)
KEY_RE = re.compile(r"(?:^|[_\-\s])([A-G][#b]?m?)(?:[_\-\s.]|$)")

SCHEMA = """
CREATE TABLE IF NOT EXISTS samples (
    path TEXT PRIMARY KEY, name TEXT, folder TEXT, seconds REAL,
    rate INTEGER, channels INTEGER, bpm INTEGER, musical_key TEXT, tags TEXT
)"""


def guess_meta(path):
    text = f"{path.parent.name} {path.stem}"
    bpm = BPM_RE.search(text)
    key = KEY_RE.search(path.stem)
    words = set(re.split(r"[^a-z]+", text.lower()))
    return (int(bpm.group(1)) if bpm else None,
            key.group(1) if key else None,
            ",".join(sorted(words & TAG_WORDS)))


def read_header(path):
    try:
        with wave.open(str(path), "rb") as w:
            frames, rate = w.getnframes(), w.getframerate()
            return frames / float(rate or 1), rate, w.getnchannels()
    except (wave.Error, EOFError, OSError) as exc:
        log.debug("%s: %s", path, exc)
        return None


def folder_headers(folder):
    """Header info for one folder, reusing the cache when mtimes match."""
    cache_file = folder / CACHE_NAME
    cached = {}
    if cache_file.exists():
        try:
            with open(cache_file, "rb") as fh:
                cached = pickle.load(fh)
        except (pickle.UnpicklingError, EOFError, OSError):
            cached = {}
    result, dirty = {}, False
    for entry in os.scandir(folder):
        if not entry.is_file() or Path(entry.name).suffix.lower() not in AUDIO_EXT:
            continue
        mtime = entry.stat().st_mtime
        hit = cached.get(entry.name)
        if hit and hit[0] == mtime:
            result[entry.name] = hit
            continue
        header = read_header(Path(entry.path))
        if header:
            result[entry.name] = (mtime, *header)
            dirty = True
    if dirty or len(result) != len(cached):
        try:
            with open(cache_file, "wb") as fh:
                pickle.dump(result, fh)
        except OSError:
            pass
    return result


def scan(db, root):
    count = 0
    for folder, _dirs, _files in os.walk(root):
        folder = Path(folder)
        for name, (_mtime, seconds, rate, channels) in folder_headers(folder).items():
            path = folder / name
            bpm, key, tags = guess_meta(path)
            db.execute("INSERT OR REPLACE INTO samples VALUES (?,?,?,?,?,?,?,?,?)",
                       (str(path), path.stem, folder.name, seconds, rate, channels,
                        bpm, key, tags))
            count += 1
        if count and count % 5000 == 0:
            db.commit()
            log.info("%d samples indexed", count)
    db.commit()
    return count


def build_filter(args):
    clauses = []
    if args.tag:
        clauses.append(f"tags LIKE '%{args.tag}%'")
    if args.key:
        clauses.append(f"musical_key = '{args.key}'")
    if args.bpm:
        lo, _, hi = args.bpm.partition("-")
        clauses.append(f"bpm BETWEEN {int(lo)} AND {int(hi or lo)}")
    if args.text:
        clauses.append(f"(name LIKE '%{args.text}%' OR folder LIKE '%{args.text}%')")
    return " AND ".join(clauses) or "1=1"


def find(db, args):
    query = f"SELECT path, seconds, bpm, musical_key FROM samples WHERE {build_filter(args)} " \
            f"ORDER BY {args.sort} LIMIT {args.limit}"
    log.debug("query: %s", query)
    for path, seconds, bpm, key in db.execute(query):
        print(f"{seconds:6.2f}s  {bpm or '-':>4}  {key or '-':<3}  {path}")


def main():
    ap = argparse.ArgumentParser(description="Sample library index")
    ap.add_argument("--db", type=Path, default=DB_PATH)
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("scan")
    s.add_argument("root", type=Path)
    f = sub.add_parser("find")
    f.add_argument("text", nargs="?")
    f.add_argument("--tag")
    f.add_argument("--key")
    f.add_argument("--bpm", help="e.g. 120 or 120-128")
    f.add_argument("--sort", default="name")
    f.add_argument("--limit", type=int, default=50)
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    db = sqlite3.connect(args.db)
    db.execute(SCHEMA)
    try:
        if args.cmd == "scan":
            if not args.root.is_dir():
                log.error("%s is not a directory", args.root)
                return 1
            log.info("indexed %d samples", scan(db, args.root))
        else:
            find(db, args)
    except sqlite3.Error as exc:
        log.error("database: %s", exc)
        return 1
    finally:
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
