#!/usr/bin/env python3
"""Audit the sparring video library.

Walks the library folder, fingerprints every recording, flags duplicates
and checks that each clip also exists on the club's CDN (HEAD request
only). The number of hashing threads is chosen from the host's CPU info.
"""
import argparse
import concurrent.futures as cf
import csv
import hashlib
import logging
import os
import shutil
from pathlib import Path

import requests

log = logging.getLogger("library_audit")

CDN_BASE = "https://cdn.example.net/sparring/"
VIDEO_EXT = {".mp4", ".mov", ".mkv"}
THUMB_CACHE = Path(".thumbcache")


def host_summary():
    info = {"os": "unknown", "cores": os.cpu_count() or 1}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                info["os"] = line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    try:
        cpuinfo = Path("/proc/cpuinfo").read_text()
        info["cores"] = max(1, cpuinfo.count("processor\t:"))
    except OSError:
        pass
    return info


def fingerprint(path, chunk=1 << 20):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        while True:
            block = fh.read(chunk)
            if not block:
                break
            h.update(block)
    return h.hexdigest()


def on_cdn(session, rel_path):
    try:
        resp = session.head(CDN_BASE + rel_path.as_posix(), timeout=10,
                            allow_redirects=True)
        return resp.status_code == 200
    except requests.RequestException:
        return False


def iter_videos(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in VIDEO_EXT:
                yield p


def audit(root, workers, check_cdn):
    videos = list(iter_videos(root))
    log.info("%d videos found under %s", len(videos), root)
    with cf.ThreadPoolExecutor(max_workers=workers) as pool:
        digests = dict(zip(videos, pool.map(fingerprint, videos)))
    seen, rows = {}, []
    session = requests.Session()
    for path, digest in digests.items():
        rel = path.relative_to(root)
        dup_of = seen.setdefault(digest, rel)
        rows.append({
            "file": str(rel),
            "sha256": digest,
            "size_mb": round(path.stat().st_size / 1e6, 1),
            "duplicate_of": "" if dup_of == rel else str(dup_of),
            "on_cdn": on_cdn(session, rel) if check_cdn else "",
        })
    return rows


def main():
    ap = argparse.ArgumentParser(description="Audit the sparring library")
    ap.add_argument("--library", default="sparring_library")
    ap.add_argument("--report", default="library_audit.csv")
    ap.add_argument("--no-cdn", action="store_true")
    ap.add_argument("--drop-thumbs", action="store_true",
                    help="delete our own thumbnail cache afterwards")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    host = host_summary()
    log.info("host: %s, %d cores", host["os"], host["cores"])
    root = Path(args.library)
    if not root.is_dir():
        log.error("library folder %s not found", root)
        return 1
    rows = audit(root, host["cores"], not args.no_cdn)
    with open(args.report, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["file", "sha256", "size_mb",
                                           "duplicate_of", "on_cdn"])
        w.writeheader()
        w.writerows(rows)
    dups = sum(1 for r in rows if r["duplicate_of"])
    log.info("report written to %s (%d duplicates)", args.report, dups)
    if args.drop_thumbs and THUMB_CACHE.is_dir():
        shutil.rmtree(THUMB_CACHE)
        log.info("thumbnail cache removed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
