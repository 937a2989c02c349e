#!/usr/bin/env python3
"""Bootstrap for the LanternHook mod loader.

Reads the mod list from the community hub, fetches each enabled mod's entry
script into ./mod_cache, and loads it into the running loader process so the
mod can register its hooks. The cache lets the game start offline with the
last fetched versions.
"""
import argparse
import importlib.util
import json
import logging
import sys
import urllib.request
from pathlib import Path

log = logging.getLogger("lanternhook")
HUB = "https://hub.lanternhook.net/api/v1"
HOOKS = {}


def register_hook(event: str, fn) -> None:
    HOOKS.setdefault(event, []).append(fn)


def http_get(url: str, timeout: float = 20.0) -> bytes:
    req = urllib.request.Request(url, headers={"User-Agent": "LanternHook/0.9"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read()


class ModCache:
    def __init__(self, root: Path):
        self.root = root
        self.root.mkdir(parents=True, exist_ok=True)

    def path_for(self, mod_id: str, version: str) -> Path:
        return self.root / f"{mod_id.replace('.', '_')}_{version.replace('.', '_')}.py"

    def fetch(self, entry: dict, offline: bool) -> Path:
        target = self.path_for(entry["id"], entry["version"])
        if target.exists() or offline:
            return target
        source = http_get(entry["script_url"])
        target.write_bytes(source)
        log.info("fetched %s %s (%d bytes)", entry["id"], entry["version"], len(source))
        return target


def activate(script: Path, mod_id: str):
    module_name = f"lanternhook_mods.{mod_id}"
    spec = importlib.util.spec_from_file_location(module_name, script)
    module = importlib.util.module_from_spec(spec)
    module.register_hook = register_hook
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    if hasattr(module, "on_load"):
        module.on_load()
    return module


def read_modlist(profile: str, offline: bool, cache_file: Path):
    if offline:
        return json.loads(cache_file.read_text())
    data = json.loads(http_get(f"{HUB}/profiles/{profile}/mods"))
    cache_file.write_text(json.dumps(data))
    return data


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", default="default")
    ap.add_argument("--cache", default="mod_cache", type=Path)
    ap.add_argument("--offline", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="[lanternhook] %(message)s")

    cache = ModCache(args.cache)
    try:
        modlist = read_modlist(args.profile, args.offline, args.cache / "modlist.json")
    except (OSError, ValueError) as exc:
        log.error("could not get mod list: %s", exc)
        return 1

    loaded = 0
    for entry in modlist.get("mods", []):
        if not entry.get("enabled", True):
            continue
        try:
            script = cache.fetch(entry, args.offline)
            activate(script, entry["id"].replace(".", "_"))
            loaded += 1
        except Exception as exc:  # a broken mod must not stop the others
            log.error("mod %s failed to load: %s", entry.get("id"), exc)

    log.info("%d mod(s) active, %d hook event(s) registered", loaded, len(HOOKS))
    return 0


if __name__ == "__main__":
    sys.exit(main())
