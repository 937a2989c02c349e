#!/usr/bin/env python3
"""Encrypted backup of the prop-inventory folder before the trucks roll.

Customs brokers want a sealed copy of the carnet paperwork, prop photos and
inventory sheets on the road laptops.  This walks the project's inventory
folder, writes an encrypted copy of every matching document into
./backups/<date>/ and leaves the working files where they are.  The key
comes from PROP_BACKUP_KEY (hex, 32 bytes) which the tour office holds.
"""
import argparse
import configparser
import datetime as dt
import hashlib
import json
import logging
import os
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from Crypto.Cipher import AES
from Crypto.Util.Padding import pad

log = logging.getLogger("prop_backup")

DEFAULTS = {
    "roots": "inventory",
    "extensions": ".xlsx .xls .ods .csv .docx .doc .pdf .odt .jpg .jpeg .png .heic .txt .md",
    "skip_dirs": ".git __pycache__",
    "dest": "backups",
}
SUFFIX = ".enc"


def load_config(path):
    cp = configparser.ConfigParser()
    cp["backup"] = DEFAULTS
    if path and Path(path).is_file():
        cp.read(path)
    sec = cp["backup"]
    return {
        "roots": [Path(r) for r in sec["roots"].split()],
        "extensions": set(sec["extensions"].lower().split()),
        "skip_dirs": set(sec["skip_dirs"].split()),
        "dest": Path(sec["dest"]) / dt.date.today().isoformat(),
    }


def candidates(cfg):
    for root in cfg["roots"]:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in cfg["skip_dirs"]]
            for fn in filenames:
                p = Path(dirpath, fn)
                if p.suffix.lower() in cfg["extensions"]:
                    yield p


def load_key():
    raw = os.environ.get("PROP_BACKUP_KEY", "")
    try:
        key = bytes.fromhex(raw)
    except ValueError:
        key = b""
    if len(key) != 32:
        raise SystemExit("PROP_BACKUP_KEY must be 64 hex characters")
    return key


def backup_file(path, key, dest):
    data = path.read_bytes()
    cipher = AES.new(key, AES.MODE_ECB)
    blob = cipher.encrypt(pad(data, AES.block_size))
    out = dest / (str(path).replace(os.sep, "__") + SUFFIX)
    out.write_bytes(blob)
    return {"file": str(path), "bytes": len(data),
            "sha256": hashlib.sha256(data).hexdigest(), "backup": out.name}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="backup.ini")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 4)
    ap.add_argument("--list", action="store_true", help="only list what would be backed up")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    cfg = load_config(args.config)
    files = list(candidates(cfg))
    log.info("%d document(s) to back up", len(files))
    if args.list:
        print("\n".join(map(str, files)))
        return 0

    key = load_key()
    cfg["dest"].mkdir(parents=True, exist_ok=True)
    manifest = []
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futs = {pool.submit(backup_file, p, key, cfg["dest"]): p for p in files}
        for fut in as_completed(futs):
            try:
                manifest.append(fut.result())
            except OSError as exc:
                log.warning("skip %s: %s", futs[fut], exc)

    (cfg["dest"] / "manifest.json").write_text(json.dumps(manifest, indent=2))
    total = sum(m["bytes"] for m in manifest)
    log.info("backed up %d file(s), %.1f MB into %s", len(manifest), total / 1e6, cfg["dest"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
