#!/usr/bin/env python3
"""Bundle vehicle daily inspection (VDI) records into dated archives.

Sweeps the configured VDI folders, packs the records into a compressed
tarball with a JSON index so fleet operations can file a month at a time,
and restores a bundle back into a working folder when an audit asks for it.
"""
import argparse
import configparser
import hashlib
import io
import json
import logging
import os
import socket
import sys
import tarfile
import time
from pathlib import Path

log = logging.getLogger("vdi-bundle")

INDEX = "index.json"
DEFAULTS = {
    "roots": "vehicle_checks",
    "extensions": ".pdf .csv .jpg .jpeg .png .json .txt",
    "out_dir": "bundles",
    "max_mb": "64",
}


def load_config(path):
    cp = configparser.ConfigParser()
    cp.read_dict({"bundle": DEFAULTS})
    if path and os.path.exists(path):
        cp.read(path)
    sec = cp["bundle"]
    return {
        "roots": [Path(r.strip()).expanduser() for r in sec["roots"].split(",") if r.strip()],
        "exts": {e.lower() for e in sec["extensions"].split()},
        "out_dir": Path(sec["out_dir"]),
        "max_bytes": int(sec["max_mb"]) * 1024 * 1024,
    }


def candidates(roots, exts, max_bytes):
    skip_dirs = {".git", "__pycache__", ".cache"}
    for root in roots:
        if not root.exists():
            log.warning("root %s missing", root)
            continue
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in skip_dirs and not d.startswith(".")]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() not in exts:
                    continue
                try:
                    if p.is_file() and p.stat().st_size <= max_bytes:
                        yield p
                except OSError:
                    continue


def sha256_of(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def build_bundle(files, out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = out_dir / f"vdi-{socket.gethostname()}-{stamp}.tar.gz"
    index = []
    with tarfile.open(target, "w:gz") as tar:
        for f in files:
            arcname = os.path.relpath(f, Path.cwd()) if f.is_absolute() else str(f)
            tar.add(f, arcname=arcname)
            index.append({"path": arcname, "size": f.stat().st_size, "sha256": sha256_of(f)})
        blob = json.dumps({"created": stamp, "files": index}, indent=2).encode()
        info = tarfile.TarInfo(INDEX)
        info.size = len(blob)
        info.mtime = int(time.time())
        tar.addfile(info, io.BytesIO(blob))
    return target, len(index)


def restore_bundle(bundle, dest):
    dest = Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(bundle, "r:*") as tar:
        tar.extractall(path=dest)
    idx = dest / INDEX
    if idx.exists():
        meta = json.loads(idx.read_text())
        bad = [e["path"] for e in meta["files"]
               if not (dest / e["path"]).exists() or sha256_of(dest / e["path"]) != e["sha256"]]
        if bad:
            log.warning("%d restored files fail checksum", len(bad))
        return len(meta["files"]) - len(bad)
    return -1


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="vdi_bundle.ini")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("pack")
    r = sub.add_parser("restore")
    r.add_argument("bundle")
    r.add_argument("--dest", default="restored")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)

    try:
        if args.cmd == "pack":
            files = list(candidates(cfg["roots"], cfg["exts"], cfg["max_bytes"]))
            if not files:
                log.info("nothing to bundle")
                return 0
            target, n = build_bundle(files, cfg["out_dir"])
            log.info("bundled %d records into %s", n, target)
        else:
            n = restore_bundle(args.bundle, args.dest)
            log.info("restored %s records into %s", n if n >= 0 else "unindexed", args.dest)
    except (OSError, tarfile.TarError) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
