#!/usr/bin/env python3
"""Shop drawing archiver.

Walks the job drawings folder (DXF nests, PDFs, NC programs), groups files
older than the cutoff by job number and packs each job into a zip under
./archive with a manifest of SHA-256 sums, so the live folder stays small
and finished jobs can be handed to the customer on request.

Job number is taken from the leading ``J12345`` in the file name or from
the first directory below the drawings root.
"""
import argparse
import hashlib
import json
import logging
import re
import sys
import time
import zipfile
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("drawarch")

EXTENSIONS = {".dxf", ".dwg", ".pdf", ".nc", ".tap", ".step", ".xlsx"}
JOB_RE = re.compile(r"^(J\d{4,6})", re.IGNORECASE)


def job_of(path: Path, root: Path) -> str:
    m = JOB_RE.match(path.name)
    if m:
        return m.group(1).upper()
    rel = path.relative_to(root)
    return rel.parts[0] if len(rel.parts) > 1 else "misc"


def candidates(root: Path, cutoff: float):
    for p in root.rglob("*"):
        if not p.is_file() or p.suffix.lower() not in EXTENSIONS:
            continue
        try:
            if p.stat().st_mtime < cutoff:
                yield p
        except OSError as exc:
            log.warning("skip %s: %s", p, exc)


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


class JobArchiver:
    def __init__(self, root: Path, dest: Path, dry_run: bool = False):
        self.root = root
        self.dest = dest
        self.dry_run = dry_run

    def pack(self, job: str, files: list[Path]) -> Path:
        target = self.dest / f"{job}.zip"
        manifest = {}
        mode = "a" if target.exists() else "w"
        with zipfile.ZipFile(target, mode, compression=zipfile.ZIP_DEFLATED) as zf:
            existing = set(zf.namelist())
            for f in files:
                arc = str(f.relative_to(self.root))
                if arc in existing:
                    log.debug("%s already in %s", arc, target.name)
                    continue
                zf.write(f, arc)
                manifest[arc] = sha256_of(f)
            if manifest:
                old = json.loads(zf.read("MANIFEST.json")) if "MANIFEST.json" in existing else {}
                old.update(manifest)
                if mode == "a" and "MANIFEST.json" in existing:
                    zf.writestr(f"MANIFEST-{int(time.time())}.json", json.dumps(old, indent=1))
                else:
                    zf.writestr("MANIFEST.json", json.dumps(old, indent=1))
        return target

    def run(self, cutoff: float) -> int:
        groups: dict[str, list[Path]] = defaultdict(list)
        for f in candidates(self.root, cutoff):
            groups[job_of(f, self.root)].append(f)
        if not groups:
            log.info("nothing older than cutoff")
            return 0
        self.dest.mkdir(parents=True, exist_ok=True)
        for job, files in sorted(groups.items()):
            if self.dry_run:
                log.info("[dry-run] %s: %d file(s)", job, len(files))
                continue
            try:
                out = self.pack(job, files)
                log.info("%s: %d file(s) -> %s", job, len(files), out)
            except (OSError, zipfile.BadZipFile) as exc:
                log.error("%s: archive failed: %s", job, exc)
        return sum(len(v) for v in groups.values())


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--root", type=Path, default=Path("drawings"))
    ap.add_argument("--dest", type=Path, default=Path("archive"))
    ap.add_argument("--days", type=int, default=180, help="archive files older than this")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not args.root.is_dir():
        log.error("%s is not a directory", args.root)
        return 2
    cutoff = time.time() - args.days * 86400
    n = JobArchiver(args.root, args.dest, args.dry_run).run(cutoff)
    log.info("%d file(s) considered", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
