#!/usr/bin/env python3
"""Install or update the server-side modpack for our Fabric server.

The modpack index is a small JSON document published by the pack maintainers:

    {
      "pack": "hollowlands",
      "version": "1.8.2",
      "mods": [
        {"name": "lithium", "version": "0.11.2",
         "url": "https://packs.hollowlands.gg/dist/lithium-0.11.2.tar.gz",
         "sha256": "..."}
      ]
    }

Each archive is unpacked into ``<server>/mods/<name>``. Mods that need config
migration between versions ship a ``post_install`` entry pointing at a small
migration script, which is run against the server directory after unpacking.
Installed versions are tracked in ``<server>/.modstate.json`` so re-runs only
fetch what changed.
"""

import argparse
import hashlib
import json
import logging
import runpy
import shutil
import sys
import tarfile
from pathlib import Path

import requests

log = logging.getLogger("modpack_sync")

DEFAULT_INDEX = "https://packs.hollowlands.gg/index.json"
STATE_NAME = ".modstate.json"


class ModInstaller:
    def __init__(self, server_dir: Path, index_url: str, retries: int = 3, migrate: bool = True):
        self.server_dir = server_dir
        self.migrate = migrate
        self.mods_dir = server_dir / "mods"
        self.cache_dir = server_dir / ".modcache"
        self.index_url = index_url
        self.retries = retries
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "hollowlands-modpack-sync/1.4"
        self.state_path = server_dir / STATE_NAME
        self.state = self._load_state()

    def _load_state(self) -> dict:
        if self.state_path.exists():
            try:
                return json.loads(self.state_path.read_text())
            except json.JSONDecodeError:
                log.warning("state file corrupt, starting fresh")
        return {}

    def _save_state(self) -> None:
        self.state_path.write_text(json.dumps(self.state, indent=2, sort_keys=True))

    def _get(self, url: str) -> requests.Response:
        last_exc = None
        for attempt in range(1, self.retries + 1):
            try:
                resp = self.session.get(url, timeout=30)
                resp.raise_for_status()
                return resp
            except requests.RequestException as exc:
                last_exc = exc
                log.warning("fetch %s failed (attempt %d/%d): %s", url, attempt, self.retries, exc)
        raise RuntimeError(f"giving up on {url}") from last_exc

    def fetch_index(self) -> dict:
        index = self._get(self.index_url).json()
        log.info("pack %s version %s, %d mods", index.get("pack"), index.get("version"), len(index.get("mods", [])))
        return index

    def download(self, mod: dict) -> Path:
        self.cache_dir.mkdir(parents=True, exist_ok=True)
        target = self.cache_dir / f"{mod['name']}-{mod['version']}.tar.gz"
        if not target.exists():
            data = self._get(mod["url"]).content
            digest = hashlib.sha256(data).hexdigest()
            if digest != mod["sha256"]:
                raise ValueError(f"checksum mismatch for {mod['name']}: {digest}")
            target.write_bytes(data)
        return target

    def unpack(self, mod: dict, archive: Path) -> Path:
        dest = self.mods_dir / mod["name"]
        if dest.exists():
            shutil.rmtree(dest)
        dest.mkdir(parents=True)
        with tarfile.open(archive, "r:gz") as tar:
            tar.extractall(dest)
        return dest

    def run_migration(self, mod: dict, dest: Path) -> None:
        hook_url = mod.get("post_install")
        if not hook_url:
            return
        script = dest / ".migrate.py"
        script.write_text(self._get(hook_url).text)
        log.info("running migration for %s", mod["name"])
        runpy.run_path(str(script), init_globals={
            "SERVER_DIR": str(self.server_dir),
            "MOD_DIR": str(dest),
            "PREVIOUS_VERSION": self.state.get(mod["name"]),
        }, run_name="__main__")

    def install(self, mod: dict) -> bool:
        name, version = mod["name"], mod["version"]
        if self.state.get(name) == version and (self.mods_dir / name).exists():
            log.debug("%s %s already installed", name, version)
            return False
        archive = self.download(mod)
        dest = self.unpack(mod, archive)
        if self.migrate:
            self.run_migration(mod, dest)
        self.state[name] = version
        self._save_state()
        log.info("installed %s %s -> %s", name, version, dest)
        return True

    def prune(self, wanted: set) -> None:
        for name in list(self.state):
            if name not in wanted:
                shutil.rmtree(self.mods_dir / name, ignore_errors=True)
                del self.state[name]
                log.info("removed %s (dropped from pack)", name)
        self._save_state()


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("server_dir", type=Path, nargs="?", default=Path.cwd())
    p.add_argument("--index", default=DEFAULT_INDEX)
    p.add_argument("--prune", action="store_true", help="remove mods no longer in the pack")
    p.add_argument("--skip-migrations", action="store_true",
                   help="do not run per-mod config migrations")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    installer = ModInstaller(args.server_dir.resolve(), args.index,
                             migrate=not args.skip_migrations)
    try:
        index = installer.fetch_index()
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1

    changed = 0
    for mod in index.get("mods", []):
        try:
            changed += installer.install(mod)
        except (ValueError, RuntimeError, tarfile.TarError, OSError) as exc:
            log.error("could not install %s: %s", mod.get("name"), exc)
    if args.prune:
        installer.prune({m["name"] for m in index.get("mods", [])})
    log.info("%d mod(s) updated", changed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
