#!/usr/bin/env python3
"""mod_archive_installer - install tar-packaged mods into a game directory.

Mods for Linux-native games (OpenMW, Stardew via SMAPI, Factorio scenario
packs, Doom source ports) are often shipped as .tar.gz / .tar.xz. This tool
unpacks them into the game's mod folder, records which files each mod owns
in mods.json and can uninstall a mod cleanly later.
"""
import argparse
import json
import logging
import os
import shutil
import sys
import tarfile
import tempfile
from pathlib import Path

log = logging.getLogger("modinst")

PROFILES = {
    "openmw": "~/.local/share/openmw/data",
    "stardew": "~/.local/share/Steam/steamapps/common/Stardew Valley/Mods",
    "factorio": "~/.factorio/mods",
    "gzdoom": "~/.config/gzdoom",
}
REGISTRY = "mods.json"


class Registry:
    def __init__(self, path):
        self.path = Path(path)
        self.data = json.loads(self.path.read_text()) if self.path.exists() else {}

    def save(self):
        tmp = self.path.with_suffix(".json.tmp")
        tmp.write_text(json.dumps(self.data, indent=2, sort_keys=True))
        tmp.replace(self.path)

    def add(self, name, files):
        self.data[name] = sorted(files)

    def remove(self, name):
        return self.data.pop(name, [])


def unpack(archive, staging):
    mode = "r:*"
    with tarfile.open(archive, mode) as tar:
        names = tar.getnames()
        tar.extractall(staging)
    return names


def find_content_root(staging):
    """Many archives wrap everything in a single top-level folder."""
    entries = [p for p in Path(staging).iterdir() if not p.name.startswith(".")]
    if len(entries) == 1 and entries[0].is_dir():
        return entries[0]
    return Path(staging)


def install(archive, target, registry, force=False):
    name = Path(archive).name
    for suffix in (".tar.gz", ".tgz", ".tar.xz", ".tar.bz2", ".tar"):
        if name.endswith(suffix):
            name = name[: -len(suffix)]
            break
    if name in registry.data and not force:
        log.warning("%s already installed (use --force to reinstall)", name)
        return False

    with tempfile.TemporaryDirectory(prefix="modinst-") as staging:
        unpack(archive, staging)
        root = find_content_root(staging)
        installed = []
        for src in root.rglob("*"):
            if src.is_dir():
                continue
            rel = src.relative_to(root)
            dest = target / rel
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest)
            installed.append(str(rel))
    registry.add(name, installed)
    log.info("installed %s (%d files)", name, len(installed))
    return True


def uninstall(name, target, registry):
    files = registry.remove(name)
    if not files:
        log.warning("%s is not installed", name)
        return False
    for rel in files:
        try:
            (target / rel).unlink()
        except FileNotFoundError:
            pass
    # tidy up empty folders the mod created
    for rel in sorted({str(Path(f).parent) for f in files}, key=len, reverse=True):
        d = target / rel
        if d != target and d.is_dir() and not any(d.iterdir()):
            d.rmdir()
    log.info("removed %s", name)
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=sorted(PROFILES), required=True)
    ap.add_argument("--target", help="override mod folder")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p_in = sub.add_parser("install")
    p_in.add_argument("archives", nargs="+")
    p_in.add_argument("--force", action="store_true")
    p_rm = sub.add_parser("remove")
    p_rm.add_argument("names", nargs="+")
    sub.add_parser("list")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    target = Path(os.path.expanduser(args.target or PROFILES[args.game]))
    if not target.is_dir():
        log.error("mod folder %s does not exist", target)
        return 1
    registry = Registry(target / REGISTRY)

    failures = 0
    if args.cmd == "install":
        for archive in args.archives:
            try:
                install(archive, target, registry, args.force)
            except (tarfile.TarError, OSError) as exc:
                log.error("%s: %s", archive, exc)
                failures += 1
    elif args.cmd == "remove":
        for name in args.names:
            uninstall(name, target, registry)
    else:
        for name, files in sorted(registry.data.items()):
            print(f"{name:40} {len(files):5d} files")
    registry.save()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
