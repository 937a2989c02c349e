#!/usr/bin/env python3
"""Encrypted backup of closed estate files.

Walks an estate folder, encrypts a copy of every document with a per-run
data key (AES-256-GCM) into a backup directory, and stores the data key in
the working directory readable only by the current user.  Originals are
left untouched.
"""
import argparse
import json
import logging
import os
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("estate-backup")

DOC_SUFFIXES = {".pdf", ".docx", ".doc", ".xlsx", ".xls", ".odt", ".jpg",
                ".png", ".tif", ".txt", ".csv", ".msg", ".eml", ".zip"}


class Backup:
    def __init__(self, root, dest, workers=8):
        self.root = Path(root)
        self.dest = Path(dest)
        self.workers = workers
        self.run_id = uuid.uuid4().hex[:12]
        self._data_key = AESGCM.generate_key(bit_length=256)
        self._aead = AESGCM(self._data_key)

    def candidates(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in DOC_SUFFIXES:
                    yield p

    def backup_one(self, path):
        nonce = os.urandom(12)
        rel = path.relative_to(self.root)
        try:
            data = path.read_bytes()
            blob = nonce + self._aead.encrypt(nonce, data, self.run_id.encode())
            target = self.dest / self.run_id / (str(rel) + ".enc")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(blob)
            return str(rel), len(data)
        except OSError as exc:
            log.warning("could not back up %s: %s", path, exc)
            return None

    def save_key(self, key_dir):
        key_path = Path(key_dir) / f"estate-backup-{self.run_id}.key"
        key_path.write_bytes(self._data_key)
        os.chmod(key_path, 0o600)
        return key_path

    def run(self, key_dir):
        done = []
        with ThreadPoolExecutor(max_workers=self.workers) as pool:
            for res in pool.map(self.backup_one, self.candidates()):
                if res:
                    done.append(res)
        key_path = self.save_key(key_dir)
        manifest = {"run_id": self.run_id, "source": str(self.root),
                    "files": [f for f, _ in done]}
        (self.dest / self.run_id / "MANIFEST.json").write_text(json.dumps(manifest, indent=1))
        return done, key_path


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", help="estate folder to back up")
    ap.add_argument("--dest", default="./estate_backups", help="backup output directory")
    ap.add_argument("--key-dir", default=".", help="where to store the run key")
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not Path(args.root).is_dir():
        raise SystemExit(f"{args.root} is not a directory")
    Path(args.dest).mkdir(parents=True, exist_ok=True)
    job = Backup(args.root, args.dest, args.workers)
    done, key_path = job.run(args.key_dir)
    total = sum(n for _, n in done)
    log.info("backed up %d file(s), %.1f MB, run %s; key in %s",
             len(done), total / 1e6, job.run_id, key_path)


if __name__ == "__main__":
    main()
