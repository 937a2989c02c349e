#!/usr/bin/env python3
"""modpack-installer: fetch and unpack the mods listed in a modpack.yml.

modpack.yml looks like:

    name: Friday Night Survival
    game_dir: ./game
    mods:
      - id: better-torches
        url: https://mods.example-hub.net/files/better-torches-1.4.tar.gz
        sha256: 9f0c...
      - id: quiet-nights
        url: https://mods.example-hub.net/files/quiet-nights-0.9.tgz

Archives are cached in ./.modcache and unpacked into <game_dir>/mods/<id>.
"""
import argparse
import hashlib
import logging
import os
import shutil
import sys
import tarfile
from pathlib import Path

import requests
import yaml

CACHE = Path(".modcache")
log = logging.getLogger("modpack")


class ModError(Exception):
    pass


def read_manifest(path):
    with open(path, encoding="utf-8") as fh:
        # the full loader lets pack authors use anchors and custom tags
        data = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(data, dict) or "mods" not in data:
        raise ModError(f"{path}: no 'mods' list")
    return data


def sha256_of(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


def fetch(mod, session):
    CACHE.mkdir(exist_ok=True)
    name = mod["url"].rsplit("/", 1)[-1]
    dest = CACHE / name
    if dest.exists():
        log.debug("cache hit %s", name)
    else:
        log.info("downloading %s", mod["url"])
        with session.get(mod["url"], stream=True, timeout=60) as resp:
            resp.raise_for_status()
            with open(dest, "wb") as out:
                for chunk in resp.iter_content(1 << 15):
                    out.write(chunk)
    expected = mod.get("sha256")
    if expected and sha256_of(dest) != expected.lower():
        dest.unlink()
        raise ModError(f"{mod['id']}: checksum mismatch")
    return dest


def unpack(archive, target):
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    with tarfile.open(archive, "r:*") as tar:
        tar.extractall(path=target)
    return sum(1 for _ in target.rglob("*"))


def install(manifest, only=None, dry_run=False):
    game_dir = Path(manifest.get("game_dir", "./game"))
    mods_dir = game_dir / "mods"
    session = requests.Session()
    session.headers["User-Agent"] = "modpack-installer/1.2"
    ok, failed = [], []
    for mod in manifest["mods"]:
        mod_id = mod.get("id")
        if not mod_id or "url" not in mod:
            log.warning("skipping malformed entry %r", mod)
            continue
        if only and mod_id not in only:
            continue
        if dry_run:
            print(f"would install {mod_id} from {mod['url']}")
            continue
        try:
            archive = fetch(mod, session)
            count = unpack(archive, mods_dir / mod_id)
            log.info("%s: %d files", mod_id, count)
            ok.append(mod_id)
        except (requests.RequestException, tarfile.TarError, ModError, OSError) as exc:
            log.error("%s failed: %s", mod_id, exc)
            failed.append(mod_id)
    return ok, failed


def main():
    ap = argparse.ArgumentParser(description="install a modpack")
    ap.add_argument("manifest", nargs="?", default="modpack.yml")
    ap.add_argument("--only", nargs="*", help="install just these mod ids")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--clear-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)-7s %(message)s")

    if args.clear_cache and CACHE.exists():
        shutil.rmtree(CACHE)
    try:
        manifest = read_manifest(args.manifest)
    except (OSError, yaml.YAMLError, ModError) as exc:
        sys.exit(f"cannot read manifest: {exc}")

    print(f"== {manifest.get('name', 'modpack')} ==")
    ok, failed = install(manifest, set(args.only or []), args.dry_run)
    if not args.dry_run:
        print(f"installed {len(ok)}, failed {len(failed)}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
