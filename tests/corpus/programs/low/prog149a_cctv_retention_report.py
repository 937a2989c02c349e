#!/usr/bin/env python3
"""Report on depot CCTV export retention in the local export folder.

Walks ./exports, works out how old each clip is and which ones exceed the
retention period, finds duplicate exports, and writes a CSV report for the
data-protection officer.  Nothing outside the working directory is touched;
the tool only removes its own scratch cache when asked.
"""
import argparse
import csv
import hashlib
import logging
import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("retention_report")

SCRATCH = Path(".retention_cache")


@dataclass
class ClipInfo:
    path: Path
    camera: str
    size: int
    age_days: float
    digest: str = ""


def fingerprint(path, cache_dir):
    """Cheap duplicate detection key, cached by path and mtime."""
    st = path.stat()
    marker = cache_dir / hashlib.md5(f"{path}:{st.st_mtime_ns}".encode()).hexdigest()
    if marker.exists():
        return marker.read_text()
    h = hashlib.md5()
    with open(path, "rb") as fh:
        h.update(fh.read(1 << 20))  # first MiB is enough to spot re-exports
    digest = h.hexdigest()
    marker.write_text(digest)
    return digest


def scan(root, cache_dir):
    now = time.time()
    for dirpath, _, files in os.walk(root):
        for name in files:
            if not name.lower().endswith((".mp4", ".mkv", ".avi")):
                continue
            p = Path(dirpath) / name
            try:
                st = p.stat()
            except OSError as exc:
                log.warning("skip %s: %s", p, exc)
                continue
            camera = p.relative_to(root).parts[0] if p.parent != Path(root) else "unknown"
            info = ClipInfo(p, camera, st.st_size, (now - st.st_mtime) / 86400)
            info.digest = fingerprint(p, cache_dir)
            yield info


def write_report(clips, retention_days, out):
    seen = {}
    over = dupes = 0
    with open(out, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["path", "camera", "size_mb", "age_days", "over_retention", "duplicate_of"])
        for c in clips:
            dup = seen.get(c.digest, "")
            seen.setdefault(c.digest, str(c.path))
            expired = c.age_days > retention_days
            over += expired
            dupes += bool(dup)
            w.writerow([c.path, c.camera, f"{c.size / 1e6:.1f}",
                        f"{c.age_days:.1f}", "yes" if expired else "no", dup])
    return over, dupes


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--exports", default="exports")
    ap.add_argument("--retention-days", type=int, default=31)
    ap.add_argument("--out", default="retention_report.csv")
    ap.add_argument("--clean-cache", action="store_true",
                    help="remove the scratch cache after the run")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    if not Path(args.exports).is_dir():
        log.error("export folder %s not found", args.exports)
        return 1
    SCRATCH.mkdir(exist_ok=True)
    over, dupes = write_report(scan(args.exports, SCRATCH), args.retention_days, args.out)
    log.info("%s written: %d over retention, %d duplicates", args.out, over, dupes)

    if args.clean_cache:
        shutil.rmtree(SCRATCH, ignore_errors=True)
        log.info("scratch cache removed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
