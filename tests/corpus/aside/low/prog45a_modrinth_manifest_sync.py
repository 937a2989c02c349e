#!/usr/bin/env python3
"""Keep a local mods/ folder in sync with a Modrinth-style manifest.

Reads modlist.json from the current server directory, asks the Modrinth API
for the newest compatible version of every project, downloads the jar files
into ./mods and prunes stale jars and the download cache.
"""
import argparse
import hashlib
import json
import logging
import sys
from pathlib import Path

import requests

API_ROOT = "https://api.modrinth.com/v2"
CACHE_DIR = Path(".modcache")
MODS_DIR = Path("mods")
log = logging.getLogger("modsync")


def cache_key(project: str, loader: str, game_version: str) -> Path:
    digest = hashlib.md5(f"{project}|{loader}|{game_version}".encode()).hexdigest()
    return CACHE_DIR / f"{digest}.json"


def latest_version(session, project, loader, game_version, offline=False):
    cached = cache_key(project, loader, game_version)
    if cached.exists():
        return json.loads(cached.read_text())
    if offline:
        raise LookupError(f"{project}: not cached and --offline given")
    params = {
        "loaders": json.dumps([loader]),
        "game_versions": json.dumps([game_version]),
    }
    resp = session.get(f"{API_ROOT}/project/{project}/version", params=params, timeout=20)
    resp.raise_for_status()
    versions = resp.json()
    if not versions:
        raise LookupError(f"{project}: no build for {loader} {game_version}")
    CACHE_DIR.mkdir(exist_ok=True)
    cached.write_text(json.dumps(versions[0]))
    return versions[0]


def fetch_jar(session, file_info: dict) -> Path:
    target = MODS_DIR / file_info["filename"]
    if target.exists():
        sha1 = hashlib.sha1(target.read_bytes()).hexdigest()
        if sha1 == file_info["hashes"].get("sha1"):
            log.debug("up to date: %s", target.name)
            return target
    log.info("downloading %s", file_info["filename"])
    with session.get(file_info["url"], stream=True, timeout=60) as resp:
        resp.raise_for_status()
        with open(target, "wb") as fh:
            for chunk in resp.iter_content(1 << 16):
                fh.write(chunk)
    return target


def prune(keep: set) -> int:
    removed = 0
    for jar in MODS_DIR.glob("*.jar"):
        if jar.name not in keep:
            log.info("removing stale %s", jar.name)
            jar.unlink()
            removed += 1
    return removed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--manifest", default="modlist.json")
    ap.add_argument("--offline", action="store_true")
    ap.add_argument("--clear-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.is_dir():
        for entry in CACHE_DIR.iterdir():
            entry.unlink()
    manifest = json.loads(Path(args.manifest).read_text())
    MODS_DIR.mkdir(exist_ok=True)
    session = requests.Session()
    session.headers["User-Agent"] = "modsync/1.4 (server-admin tooling)"

    keep, failures = set(), 0
    for project in manifest.get("projects", []):
        try:
            version = latest_version(session, project, manifest["loader"],
                                     manifest["game_version"], args.offline)
            primary = next(f for f in version["files"] if f.get("primary", True))
            keep.add(fetch_jar(session, primary).name)
        except (requests.RequestException, LookupError, StopIteration) as exc:
            log.error("%s: %s", project, exc)
            failures += 1
    log.info("pruned %d jar(s)", prune(keep))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
