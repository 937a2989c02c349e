#!/usr/bin/env python3
"""Seal embargoed copy before it goes to the shared archive drive.

Stories, page proofs and pictures that are under embargo sit in
./embargoed until their release time. This tool writes an encrypted copy
of each into ./sealed (same relative layout, ".sealed" suffix) plus a
manifest with the plaintext SHA-256, so the archive drive never holds
readable embargoed material. The working copies are left alone; the desk
deletes them by hand after release.

The Fernet key comes from EMBARGO_KEY or from ./embargo.key (created on
first use, mode 0600).
"""
import argparse
import hashlib
import json
import logging
import os
import sys
from datetime import datetime, timezone
from pathlib import Path

from cryptography.fernet import Fernet, InvalidToken

log = logging.getLogger("embargo")

EXTENSIONS = {".txt", ".md", ".docx", ".odt", ".pdf", ".jpg", ".jpeg", ".png", ".xml"}
KEY_FILE = Path("embargo.key")


def load_key() -> bytes:
    env = os.environ.get("EMBARGO_KEY")
    if env:
        return env.encode()
    if KEY_FILE.exists():
        return KEY_FILE.read_bytes().strip()
    key = Fernet.generate_key()
    KEY_FILE.write_bytes(key + b"\n")
    os.chmod(KEY_FILE, 0o600)
    log.info("generated new key in %s - store it in the desk password manager", KEY_FILE)
    return key


def iter_candidates(root: Path):
    for dirpath, _dirs, files in os.walk(root):
        for name in sorted(files):
            path = Path(dirpath) / name
            if path.suffix.lower() in EXTENSIONS:
                yield path


def seal_file(fernet: Fernet, src: Path, root: Path, out_root: Path) -> dict:
    data = src.read_bytes()
    rel = src.relative_to(root)
    dest = out_root / rel.with_name(rel.name + ".sealed")
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_bytes(fernet.encrypt(data))
    return {
        "source": str(rel),
        "sealed": str(dest.relative_to(out_root)),
        "sha256": hashlib.sha256(data).hexdigest(),
        "bytes": len(data),
    }


def verify(fernet: Fernet, out_root: Path, manifest: list) -> int:
    bad = 0
    for entry in manifest:
        blob = (out_root / entry["sealed"]).read_bytes()
        try:
            plain = fernet.decrypt(blob)
        except InvalidToken:
            log.error("cannot decrypt %s", entry["sealed"])
            bad += 1
            continue
        if hashlib.sha256(plain).hexdigest() != entry["sha256"]:
            log.error("checksum mismatch for %s", entry["source"])
            bad += 1
    return bad


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Encrypt embargoed material for archiving")
    ap.add_argument("--source", type=Path, default=Path("embargoed"))
    ap.add_argument("--out", type=Path, default=Path("sealed"))
    ap.add_argument("--verify", action="store_true", help="decrypt again and compare checksums")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.source.is_dir():
        log.error("%s is not a directory", args.source)
        return 2

    fernet = Fernet(load_key())
    manifest = []
    for path in iter_candidates(args.source):
        try:
            manifest.append(seal_file(fernet, path, args.source, args.out))
            log.info("sealed %s", path)
        except OSError as exc:
            log.warning("skipped %s: %s", path, exc)

    args.out.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    with open(args.out / f"manifest-{stamp}.json", "w", encoding="utf-8") as fh:
        json.dump({"created": stamp, "files": manifest}, fh, indent=2)

    log.info("%d files sealed into %s", len(manifest), args.out)
    if args.verify:
        bad = verify(fernet, args.out, manifest)
        if bad:
            log.error("%d files failed verification", bad)
            return 1
        log.info("verification passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
