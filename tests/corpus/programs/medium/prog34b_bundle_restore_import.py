#!/usr/bin/env python3
"""Import backup bundles dropped into ./incoming and unpack them for review.

Partners send us nightly bundles (tar.gz) of their exported datasets.  This
tool picks them up from ./incoming, checks the SHA-256 sidecar file,
unpacks each one into ./restored/<bundle>/ and moves the original into
./incoming/processed so it is not imported twice.
"""
import argparse
import hashlib
import json
import logging
import shutil
import sys
import tarfile
import time
from dataclasses import dataclass, field, asdict
from pathlib import Path

log = logging.getLogger("bundle-import")


@dataclass
class ImportRecord:
    bundle: str
    started: float = field(default_factory=time.time)
    files: int = 0
    bytes: int = 0
    status: str = "pending"
    detail: str = ""


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def check_sidecar(bundle: Path) -> bool:
    sidecar = bundle.with_name(bundle.name + ".sha256")
    if not sidecar.exists():
        log.warning("%s has no .sha256 sidecar, accepting anyway", bundle.name)
        return True
    expected = sidecar.read_text().split()[0].lower()
    actual = sha256_file(bundle)
    if expected != actual:
        log.error("%s checksum mismatch (expected %s, got %s)", bundle.name,
                  expected[:12], actual[:12])
        return False
    return True


def unpack(bundle: Path, out_root: Path) -> ImportRecord:
    rec = ImportRecord(bundle=bundle.name)
    stem = bundle.name
    for suffix in (".tar.gz", ".tgz", ".tar.xz", ".tar"):
        if stem.endswith(suffix):
            stem = stem[: -len(suffix)]
            break
    dest = out_root / stem
    if dest.exists():
        rec.status, rec.detail = "skipped", "already restored"
        return rec
    dest.mkdir(parents=True)
    try:
        with tarfile.open(bundle) as tf:
            members = tf.getmembers()
            rec.files = sum(1 for m in members if m.isreg())
            rec.bytes = sum(m.size for m in members if m.isreg())
            tf.extractall(dest)
        rec.status = "ok"
    except (tarfile.TarError, OSError) as exc:
        shutil.rmtree(dest, ignore_errors=True)
        rec.status, rec.detail = "failed", str(exc)
    return rec


def write_journal(journal: Path, records):
    existing = []
    if journal.exists():
        try:
            existing = json.loads(journal.read_text())
        except ValueError:
            log.warning("journal %s unreadable, starting fresh", journal)
    existing.extend(asdict(r) for r in records)
    journal.write_text(json.dumps(existing[-500:], indent=1))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--incoming", default="incoming")
    ap.add_argument("--out", default="restored")
    ap.add_argument("--keep-originals", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    incoming, out_root = Path(args.incoming), Path(args.out)
    processed = incoming / "processed"
    processed.mkdir(parents=True, exist_ok=True)
    out_root.mkdir(exist_ok=True)

    bundles = sorted(p for p in incoming.iterdir()
                     if p.is_file() and p.name.endswith((".tar.gz", ".tgz", ".tar.xz", ".tar")))
    if not bundles:
        log.info("no bundles waiting in %s", incoming)
        return 0

    records = []
    for bundle in bundles:
        if not check_sidecar(bundle):
            records.append(ImportRecord(bundle=bundle.name, status="rejected",
                                        detail="checksum mismatch"))
            continue
        rec = unpack(bundle, out_root)
        log.info("%s: %s (%d files, %d bytes) %s", rec.bundle, rec.status,
                 rec.files, rec.bytes, rec.detail)
        records.append(rec)
        if rec.status == "ok" and not args.keep_originals:
            shutil.move(str(bundle), processed / bundle.name)

    write_journal(out_root / "import-journal.json", records)
    return 1 if any(r.status in ("failed", "rejected") for r in records) else 0


if __name__ == "__main__":
    sys.exit(main())
