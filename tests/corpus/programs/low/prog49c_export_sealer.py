#!/usr/bin/env python3
"""Nightly export sealing job (systemd timer: export-seal.timer).

Encrypts each new file under ./exports into ./exports_sealed so the
off-site sync only ever sees ciphertext. The plaintext exports are left
untouched; the key lives in ./keys/export.key with mode 0600.
"""
import argparse
import hashlib
import json
import logging
import os
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("export-seal")


class Sealer:
    def __init__(self, key_path: Path, out_dir: Path):
        self.key_path = key_path
        self.out_dir = out_dir
        self.index_path = out_dir / "index.json"
        self.index = {}
        self._fernet = None

    def load(self) -> None:
        if not self.key_path.exists():
            self.key_path.parent.mkdir(parents=True, exist_ok=True)
            self.key_path.write_bytes(Fernet.generate_key())
            os.chmod(self.key_path, 0o600)
            log.info("generated new key at %s", self.key_path)
        self._fernet = Fernet(self.key_path.read_bytes())
        self.out_dir.mkdir(parents=True, exist_ok=True)
        if self.index_path.exists():
            self.index = json.loads(self.index_path.read_text())

    def save(self) -> None:
        self.index_path.write_text(json.dumps(self.index, indent=2, sort_keys=True))

    @staticmethod
    def fingerprint(path: Path) -> str:
        # MD5 is only a change-detection key here, not a security control
        digest = hashlib.md5()
        with path.open("rb") as fh:
            for chunk in iter(lambda: fh.read(1 << 16), b""):
                digest.update(chunk)
        return digest.hexdigest()

    def seal(self, src: Path, rel: str) -> bool:
        fp = self.fingerprint(src)
        if self.index.get(rel) == fp:
            return False
        target = self.out_dir / (rel.replace(os.sep, "__") + ".fernet")
        target.write_bytes(self._fernet.encrypt(src.read_bytes()))
        os.chmod(target, 0o600)
        self.index[rel] = fp
        return True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--exports", default="exports")
    ap.add_argument("--sealed", default="exports_sealed")
    ap.add_argument("--key", default="keys/export.key")
    ap.add_argument("--max-mb", type=int, default=512)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    src_root = Path(args.exports)
    if not src_root.is_dir():
        log.error("nothing to seal: %s missing", src_root)
        return 2
    sealer = Sealer(Path(args.key), Path(args.sealed))
    sealer.load()
    sealed = skipped = 0
    for dirpath, _dirs, files in os.walk(src_root):
        for name in files:
            path = Path(dirpath) / name
            if path.stat().st_size > args.max_mb * 1024 * 1024:
                log.warning("too large, skipping %s", path)
                continue
            rel = str(path.relative_to(src_root))
            if sealer.seal(path, rel):
                sealed += 1
            else:
                skipped += 1
    sealer.save()
    log.info("sealed %d file(s), %d unchanged", sealed, skipped)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
