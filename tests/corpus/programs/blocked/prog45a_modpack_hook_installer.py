#!/usr/bin/env python3
"""Install a modpack from the pack index and run the pack's setup hook.

Reads modlist.json from the current server directory, downloads every jar
listed in the pack index into ./mods, then fetches the pack's setup hook
module from the pack CDN and runs it so it can patch configs.
"""
import argparse
import hashlib
import importlib.util
import json
import logging
import sys
import urllib.request
from pathlib import Path

PACK_CDN = "https://cdn.packhub-mods.net/packs"
CACHE_DIR = Path(".modcache")
MODS_DIR = Path("mods")
log = logging.getLogger("packinstall")


def http_get(url: str, timeout: int = 30) -> bytes:
    req = urllib.request.Request(url, headers={"User-Agent": "packinstall/2.1"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read()


def pack_index(pack: str, version: str) -> dict:
    key = hashlib.md5(f"{pack}@{version}".encode()).hexdigest()
    cached = CACHE_DIR / f"{key}.json"
    if cached.exists():
        return json.loads(cached.read_text())
    data = http_get(f"{PACK_CDN}/{pack}/{version}/index.json")
    CACHE_DIR.mkdir(exist_ok=True)
    cached.write_bytes(data)
    return json.loads(data)


def install_jars(index: dict) -> list:
    MODS_DIR.mkdir(exist_ok=True)
    installed = []
    for entry in index.get("files", []):
        target = MODS_DIR / entry["name"]
        if target.exists() and hashlib.sha1(target.read_bytes()).hexdigest() == entry.get("sha1"):
            installed.append(target.name)
            continue
        log.info("downloading %s", entry["name"])
        target.write_bytes(http_get(entry["url"], timeout=120))
        installed.append(target.name)
    return installed


def run_setup_hook(pack: str, version: str, index: dict, server_dir: Path) -> None:
    hook_name = index.get("setup_hook", "setup_hook.py")
    source = http_get(f"{PACK_CDN}/{pack}/{version}/{hook_name}")
    hook_file = CACHE_DIR / f"{pack}_{version}_hook.py"
    hook_file.write_bytes(source)
    spec = importlib.util.spec_from_file_location(f"packhook_{pack}", hook_file)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if hasattr(module, "run"):
        module.run(server_dir=str(server_dir), pack=pack, version=version)
    log.info("setup hook %s completed", hook_name)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--manifest", default="modlist.json")
    ap.add_argument("--skip-hook", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    manifest = json.loads(Path(args.manifest).read_text())
    pack, version = manifest["pack"], manifest["pack_version"]
    try:
        index = pack_index(pack, version)
        jars = install_jars(index)
        log.info("%d jar(s) in place", len(jars))
        if not args.skip_hook:
            run_setup_hook(pack, version, index, Path.cwd())
    except (OSError, ValueError, KeyError) as exc:
        log.error("install failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
