#!/usr/bin/env python3
"""Nightly backup of the repair job ledger and intake photos.

Packs repairs.db (SQLite, copied with the online backup API so the bench
tablet can keep writing) and any new intake photos into a tar.gz, then
uploads it to the studio's backup bucket through the backup service API.

Only files that changed since the last run are included; the run state is
kept next to the ledger in .backup_state.
"""
import argparse
import datetime
import hashlib
import io
import logging
import os
import pickle
import sqlite3
import sys
import tarfile
from pathlib import Path

import requests

log = logging.getLogger("ledger-backup")

STATE_FILE = ".backup_state"
API = os.environ.get("BACKUP_API", "https://backup.ticktockrestorations.co.uk/api/v1")


class BackupState:
    """Remembers file digests and the last successful upload."""

    def __init__(self, root: Path):
        self.path = root / STATE_FILE
        self.digests = {}
        self.last_upload = None
        if self.path.exists():
            try:
                with self.path.open("rb") as fh:
                    saved = pickle.load(fh)
                self.digests = saved.get("digests", {})
                self.last_upload = saved.get("last_upload")
            except (pickle.UnpicklingError, EOFError) as exc:
                log.warning("state file unreadable (%s), doing a full backup", exc)

    def save(self):
        with self.path.open("wb") as fh:
            pickle.dump({"digests": self.digests, "last_upload": self.last_upload}, fh)
        os.chmod(self.path, 0o600)


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


def snapshot_ledger(db_path: Path) -> bytes:
    """Consistent copy of the live ledger via sqlite's backup API."""
    src = sqlite3.connect(str(db_path))
    dst = sqlite3.connect(":memory:")
    try:
        src.backup(dst)
        return "\n".join(dst.iterdump()).encode("utf-8")
    finally:
        src.close()
        dst.close()


def changed_photos(photo_dir: Path, state: BackupState):
    for p in sorted(photo_dir.rglob("*")):
        if p.suffix.lower() not in {".jpg", ".jpeg", ".png", ".heic"}:
            continue
        digest = sha256_file(p)
        if state.digests.get(str(p)) != digest:
            yield p, digest


def build_archive(root: Path, state: BackupState) -> tuple:
    buf = io.BytesIO()
    pending = {}
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        dump = snapshot_ledger(root / "repairs.db")
        info = tarfile.TarInfo("ledger/repairs.sql")
        info.size = len(dump)
        info.mtime = int(datetime.datetime.now().timestamp())
        tar.addfile(info, io.BytesIO(dump))
        photos = root / "intake_photos"
        if photos.is_dir():
            for p, digest in changed_photos(photos, state):
                tar.add(str(p), arcname=str(p.relative_to(root)))
                pending[str(p)] = digest
    return buf.getvalue(), pending


def upload(blob: bytes, name: str, retries: int = 3) -> None:
    key = os.environ["BACKUP_API_KEY"]
    for attempt in range(1, retries + 1):
        try:
            r = requests.put(f"{API}/objects/{name}", data=blob, timeout=120,
                             headers={"Authorization": f"Token {key}",
                                      "Content-Type": "application/gzip"})
            r.raise_for_status()
            return
        except requests.RequestException as exc:
            log.warning("upload attempt %d failed: %s", attempt, exc)
    raise RuntimeError("upload failed after %d attempts" % retries)


def main():
    ap = argparse.ArgumentParser(description="Back up the repair ledger")
    ap.add_argument("root", nargs="?", default=".", help="workshop data folder")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    root = Path(args.root).resolve()
    if not (root / "repairs.db").exists():
        log.error("no repairs.db in %s", root)
        return 1

    state = BackupState(root)
    blob, pending = build_archive(root, state)
    name = "ledger-%s.tar.gz" % datetime.datetime.now().strftime("%Y%m%d-%H%M")
    log.info("archive %s: %.1f KiB, %d new photos", name, len(blob) / 1024, len(pending))

    if args.dry_run:
        return 0
    upload(blob, name)
    state.digests.update(pending)
    state.last_upload = datetime.datetime.now().isoformat()
    state.save()
    log.info("backup complete")
    return 0


if __name__ == "__main__":
    sys.exit(main())
