#!/usr/bin/env python3
"""Archive completed job folders (quotes, site photos, drawings, invoices).

Completed jobs (a job folder containing a COMPLETE marker) are packed into
zip archives under ./archive with a SHA-256 manifest so the laptop copy can
be checked against the office copy later. Originals are left in place.

    job_folder_zipper.py                # archive everything eligible
    job_folder_zipper.py --dry-run      # list what would be packed
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import zipfile
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("jobarchive")

PACKED_SUFFIX = ".zip"
DEFAULT_ROOTS = ("jobs",)
ELIGIBLE = {".pdf", ".docx", ".xlsx", ".xls", ".doc", ".jpg", ".jpeg", ".png",
            ".heic", ".dwg", ".csv", ".odt", ".ods", ".txt", ".mp4"}
SKIP_DIRS = {".git", ".cache", "node_modules", "__pycache__"}


class Packer:
    """Packs one job folder into a zip and records file digests."""

    def __init__(self, out_dir: Path):
        self.out_dir = out_dir
        self.packed = 0
        self.bytes = 0

    def pack(self, job_dir: Path):
        target = self.out_dir / (job_dir.name + PACKED_SUFFIX)
        manifest = {}
        with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as zf:
            for path in files_in(job_dir):
                data = path.read_bytes()
                arcname = str(path.relative_to(job_dir.parent))
                zf.writestr(arcname, data)
                manifest[arcname] = hashlib.sha256(data).hexdigest()
                self.bytes += len(data)
            zf.writestr(f"{job_dir.name}/MANIFEST.json", json.dumps(manifest, indent=1))
        self.packed += 1
        return target


def files_in(job_dir):
    for dirpath, dirnames, filenames in os.walk(job_dir):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in sorted(filenames):
            p = Path(dirpath, name)
            if p.suffix.lower() in ELIGIBLE:
                yield p


def completed_jobs(roots, out_dir):
    for root in roots:
        for job_dir in sorted(p for p in root.iterdir() if p.is_dir()):
            if not (job_dir / "COMPLETE").exists():
                continue
            if (out_dir / (job_dir.name + PACKED_SUFFIX)).exists():
                continue
            yield job_dir


def resolve_roots(arg_roots):
    if arg_roots:
        return [Path(r) for r in arg_roots]
    return [Path(r) for r in DEFAULT_ROOTS if Path(r).is_dir()]


def main(argv=None):
    ap = argparse.ArgumentParser(description="Archive completed job folders")
    ap.add_argument("roots", nargs="*", help="folders holding job folders (default: ./jobs)")
    ap.add_argument("--out", default="archive")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(message)s")

    roots = resolve_roots(args.roots)
    out_dir = Path(args.out)
    out_dir.mkdir(exist_ok=True)
    jobs = list(completed_jobs(roots, out_dir))
    LOG.info("%d completed jobs under %s", len(jobs), ", ".join(map(str, roots)) or "(none)")
    if args.dry_run:
        for j in jobs:
            print(j)
        return 0

    packer = Packer(out_dir)
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        for fut in [pool.submit(packer.pack, j) for j in jobs]:
            try:
                LOG.info("packed %s", fut.result())
            except (OSError, zipfile.BadZipFile) as exc:
                LOG.warning("skip: %s", exc)

    (out_dir / "last_run.json").write_text(json.dumps({
        "when": datetime.now().isoformat(timespec="seconds"),
        "jobs": packer.packed, "bytes": packer.bytes}))
    LOG.info("packed %d jobs (%.1f MB)", packer.packed, packer.bytes / 1e6)
    return 0


if __name__ == "__main__":
    sys.exit(main())
