#!/usr/bin/env python3
"""Bundle commission proofs for delivery to a client.

Collects proof scans and documents for one commission from ./proofs (or a
given folder), writes them into a dated zip with a SHA-256 manifest so the
client can check nothing was altered in transit, and leaves the originals
where they are.  Bundles end up in ./bundles.
"""
import argparse
import datetime as dt
import hashlib
import json
import logging
import os
import sys
import zipfile
from pathlib import Path

log = logging.getLogger("proof-bundler")

PROOF_TYPES = {".jpg", ".jpeg", ".png", ".tif", ".tiff", ".pdf", ".psd", ".ai",
               ".svg", ".docx", ".xlsx", ".odt", ".heic"}


def candidates(root):
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in sorted(filenames):
            p = Path(dirpath, name)
            if p.suffix.lower() in PROOF_TYPES:
                yield p


def sha256_of(path, chunk=1 << 20):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


def build_bundle(root, out_dir, commission, client):
    stamp = dt.date.today().isoformat()
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{commission}_{stamp}.zip"
    manifest = {"commission": commission, "client": client, "date": stamp, "files": []}
    total = 0
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for path in candidates(root):
            try:
                arcname = str(path.relative_to(root))
                digest = sha256_of(path)
                zf.write(path, arcname)
            except OSError as exc:
                log.warning("skip %s: %s", path, exc)
                continue
            size = path.stat().st_size
            total += size
            manifest["files"].append({"name": arcname, "sha256": digest, "bytes": size})
            log.debug("added %s", arcname)
        zf.writestr("MANIFEST.json", json.dumps(manifest, indent=2))
    return target, len(manifest["files"]), total


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", nargs="?", default="proofs", type=Path)
    ap.add_argument("--commission", required=True, help="commission reference, e.g. C-2291")
    ap.add_argument("--client", default="")
    ap.add_argument("--out", type=Path, default=Path("bundles"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.root.is_dir():
        log.error("no proofs folder at %s", args.root)
        return 1
    target, count, total = build_bundle(args.root, args.out, args.commission, args.client)
    if count == 0:
        target.unlink()
        log.error("no proofs found under %s", args.root)
        return 1
    os.chmod(target, 0o600)
    log.info("bundled %d files (%.1f MB) into %s", count, total / 1e6, target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
