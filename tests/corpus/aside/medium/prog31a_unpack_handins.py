#!/usr/bin/env python3
"""Unpack the bulk-download archive exported from the LMS dropbox.

The LMS gives us one outer .zip containing a .tar.gz per student named
``<netid>_<attempt>_<original name>.tar.gz``.  This script keeps only the
latest attempt for each student, extracts it into graded/<netid>/ and
writes a manifest.csv listing what was found.
"""

import argparse
import csv
import logging
import re
import shutil
import sys
import tarfile
import zipfile
from pathlib import Path

log = logging.getLogger("unpack")

NAME_RE = re.compile(r"^(?P<netid>[a-z]{2,8}\d{0,4})_(?P<attempt>\d+)_(?P<orig>.+)$")


def latest_attempts(names):
    best = {}
    for name in names:
        base = Path(name).name
        m = NAME_RE.match(base)
        if not m:
            log.debug("ignoring unexpected entry %s", name)
            continue
        netid, attempt = m.group("netid"), int(m.group("attempt"))
        if netid not in best or attempt > best[netid][0]:
            best[netid] = (attempt, name)
    return {k: v[1] for k, v in best.items()}


def extract_student(outer, member, dest):
    dest.mkdir(parents=True, exist_ok=True)
    staging = dest / "_upload.tar.gz"
    with outer.open(member) as src, open(staging, "wb") as dst:
        shutil.copyfileobj(src, dst)
    try:
        with tarfile.open(staging, "r:*") as tar:
            members = tar.getmembers()
            tar.extractall(path=dest)
        return len(members)
    except tarfile.TarError as exc:
        log.warning("%s: broken archive (%s)", dest.name, exc)
        return -1
    finally:
        staging.unlink(missing_ok=True)


def list_sources(folder):
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*")
                  if p.is_file() and p.suffix in {".py", ".c", ".h", ".java", ".txt"})


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("bulk_zip", help="archive downloaded from the LMS")
    ap.add_argument("--out", default="graded")
    ap.add_argument("--clean", action="store_true", help="empty --out first")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    out = Path(args.out)
    if args.clean and out.exists():
        shutil.rmtree(out)
    out.mkdir(exist_ok=True)

    rows = []
    with zipfile.ZipFile(args.bulk_zip) as outer:
        chosen = latest_attempts(n for n in outer.namelist() if n.endswith((".tar.gz", ".tgz")))
        log.info("%d students with submissions", len(chosen))
        for netid, member in sorted(chosen.items()):
            count = extract_student(outer, member, out / netid)
            files = list_sources(out / netid) if count >= 0 else []
            rows.append({"netid": netid, "archive": member,
                         "entries": count, "sources": len(files),
                         "files": " ".join(files[:10])})
            log.info("%-10s %3d entries, %2d source files", netid, count, len(files))

    with open(out / "manifest.csv", "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=["netid", "archive", "entries", "sources", "files"])
        writer.writeheader()
        writer.writerows(rows)

    broken = [r["netid"] for r in rows if r["entries"] < 0]
    if broken:
        log.warning("broken archives: %s", ", ".join(broken))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
