#!/usr/bin/env python3
"""Encrypted backups of soap and candle recipes.

Copies every recipe file under ./recipes (lye calculations, fragrance load
sheets, pour-temperature notes) into ./backups/<date>/ encrypted with a
Fernet key kept in ./.backup.key, so the backup folder can be synced to a
shared drive without exposing formulas. Originals are left untouched.

    recipe_backup.py backup
    recipe_backup.py restore backups/2024-05-02 --to restored/
    recipe_backup.py prune --keep 10
"""
import argparse
import datetime as dt
import json
import logging
import os
import shutil
import sys
from pathlib import Path

from cryptography.fernet import Fernet, InvalidToken

log = logging.getLogger("recipebackup")

RECIPE_DIR = Path("recipes")
BACKUP_DIR = Path("backups")
KEY_FILE = Path(".backup.key")
EXTENSIONS = {".md", ".txt", ".csv", ".json", ".xlsx", ".soapcalc"}
SUFFIX = ".enc"


def load_or_create_key(path=KEY_FILE):
    if path.exists():
        return path.read_bytes().strip()
    key = Fernet.generate_key()
    path.write_bytes(key)
    os.chmod(path, 0o600)
    log.info("created new backup key at %s - store a second copy off this machine", path)
    return key


class RecipeBackup:
    def __init__(self, key, source=RECIPE_DIR, dest=BACKUP_DIR):
        self.fernet = Fernet(key)
        self.source = source
        self.dest = dest

    def iter_recipes(self):
        for dirpath, _dirs, files in os.walk(self.source):
            for name in sorted(files):
                p = Path(dirpath) / name
                if p.suffix.lower() in EXTENSIONS:
                    yield p

    def backup(self):
        stamp = dt.date.today().isoformat()
        target = self.dest / stamp
        target.mkdir(parents=True, exist_ok=True)
        manifest = {}
        for src in self.iter_recipes():
            rel = src.relative_to(self.source)
            out = target / (str(rel).replace(os.sep, "__") + SUFFIX)
            out.write_bytes(self.fernet.encrypt(src.read_bytes()))
            manifest[out.name] = str(rel)
            log.debug("backed up %s", rel)
        (target / "manifest.json").write_text(json.dumps(manifest, indent=2))
        log.info("%d recipes backed up to %s", len(manifest), target)
        return target

    def restore(self, snapshot, to_dir):
        manifest = json.loads((snapshot / "manifest.json").read_text())
        restored = 0
        for enc_name, rel in manifest.items():
            try:
                data = self.fernet.decrypt((snapshot / enc_name).read_bytes())
            except (InvalidToken, FileNotFoundError) as exc:
                log.error("cannot restore %s: %s", rel, exc.__class__.__name__)
                continue
            out = to_dir / rel
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(data)
            restored += 1
        log.info("restored %d/%d files into %s", restored, len(manifest), to_dir)
        return restored

    def prune(self, keep):
        snaps = sorted(p for p in self.dest.iterdir() if p.is_dir())
        for old in snaps[:-keep] if keep else []:
            shutil.rmtree(old)
            log.info("pruned %s", old)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Encrypted recipe backups")
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("backup")
    r = sub.add_parser("restore")
    r.add_argument("snapshot", type=Path)
    r.add_argument("--to", type=Path, default=Path("restored"))
    p = sub.add_parser("prune")
    p.add_argument("--keep", type=int, default=10)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not RECIPE_DIR.is_dir() and args.cmd == "backup":
        log.error("no %s directory here", RECIPE_DIR)
        return 1
    BACKUP_DIR.mkdir(exist_ok=True)
    tool = RecipeBackup(load_or_create_key())
    if args.cmd == "backup":
        tool.backup()
    elif args.cmd == "restore":
        return 0 if tool.restore(args.snapshot, args.to) else 1
    elif args.cmd == "prune":
        tool.prune(args.keep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
