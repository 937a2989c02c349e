#!/usr/bin/env python3
"""Install community modpacks into the local ./mods folder.

A modpack is a .tar.gz or .tar.xz archive containing modinfo.json at its
root. The installer validates the manifest, checks the declared game-version
range, unpacks the archive into ./mods/<mod id>/ and records the installed
version in ./mods/installed.json so the game's mod loader can pick it up.
"""
import argparse
import json
import logging
import shutil
import sys
import tarfile
from pathlib import Path

log = logging.getLogger("modinstall")
GAME_VERSION = (1, 7, 2)
REQUIRED_KEYS = ("id", "name", "version", "game_min", "game_max")


def parse_ver(text):
    return tuple(int(part) for part in str(text).split("."))


def read_manifest(archive: tarfile.TarFile) -> dict:
    try:
        member = archive.getmember("modinfo.json")
    except KeyError:
        raise ValueError("archive has no modinfo.json at its root") from None
    info = json.load(archive.extractfile(member))
    missing = [k for k in REQUIRED_KEYS if k not in info]
    if missing:
        raise ValueError(f"modinfo.json missing keys: {', '.join(missing)}")
    return info


class Registry:
    def __init__(self, mods_dir: Path):
        self.path = mods_dir / "installed.json"
        self.data = json.loads(self.path.read_text()) if self.path.exists() else {}

    def record(self, info: dict) -> None:
        self.data[info["id"]] = {"name": info["name"], "version": info["version"]}
        self.path.write_text(json.dumps(self.data, indent=2))

    def installed_version(self, mod_id):
        entry = self.data.get(mod_id)
        return entry and entry["version"]


def install(pack: Path, mods_dir: Path, registry: Registry, force: bool) -> bool:
    with tarfile.open(pack, mode="r:*") as archive:
        info = read_manifest(archive)
        lo, hi = parse_ver(info["game_min"]), parse_ver(info["game_max"])
        if not lo <= GAME_VERSION <= hi:
            log.error("%s supports game %s-%s, we run %s", info["id"],
                      info["game_min"], info["game_max"],
                      ".".join(map(str, GAME_VERSION)))
            return False
        current = registry.installed_version(info["id"])
        if current == info["version"] and not force:
            log.info("%s %s already installed", info["id"], current)
            return True
        target = mods_dir / info["id"]
        if target.exists():
            shutil.rmtree(target)
        target.mkdir(parents=True)
        archive.extractall(path=target)
    registry.record(info)
    log.info("installed %s %s into %s", info["id"], info["version"], target)
    return True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("packs", nargs="+", type=Path)
    ap.add_argument("--mods-dir", default="mods", type=Path)
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    args.mods_dir.mkdir(exist_ok=True)
    registry = Registry(args.mods_dir)
    failures = 0
    for pack in args.packs:
        try:
            if not install(pack, args.mods_dir, registry, args.force):
                failures += 1
        except (tarfile.TarError, ValueError, OSError) as exc:
            log.error("%s: %s", pack, exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
