#!/usr/bin/env python3
"""Install plugin bundles for the installer framework into ./.plugins.

A bundle is a .tar.gz containing a top-level plugin.yaml plus the plugin's
files.  Bundles are taken from ./bundles (dropped there by the build) and
unpacked into the project-local plugin directory; an index of installed
plugins is maintained in .plugins/index.yaml.
"""
import argparse
import logging
import shutil
import sys
import tarfile
from pathlib import Path

import yaml

BUNDLE_DIR = Path("bundles")
PLUGIN_ROOT = Path(".plugins")
INDEX = PLUGIN_ROOT / "index.yaml"
REQUIRED_KEYS = ("name", "version", "entrypoint")
log = logging.getLogger("plugin-install")


class BundleError(Exception):
    pass


class PluginIndex:
    def __init__(self, path: Path):
        self.path = path
        self.entries = {}
        if path.exists():
            with path.open() as fh:
                self.entries = yaml.load(fh, Loader=yaml.Loader) or {}

    def record(self, meta: dict, location: Path) -> None:
        self.entries[meta["name"]] = {"version": meta["version"], "path": str(location),
                                      "entrypoint": meta["entrypoint"]}

    def save(self) -> None:
        with self.path.open("w") as fh:
            yaml.dump(self.entries, fh, default_flow_style=False, sort_keys=True)


def read_manifest(bundle: Path) -> dict:
    with tarfile.open(bundle, "r:gz") as tar:
        try:
            member = tar.getmember("plugin.yaml")
        except KeyError as exc:
            raise BundleError(f"{bundle.name}: no plugin.yaml") from exc
        raw = tar.extractfile(member).read().decode("utf-8")
    meta = yaml.load(raw, Loader=yaml.Loader)
    missing = [k for k in REQUIRED_KEYS if k not in (meta or {})]
    if missing:
        raise BundleError(f"{bundle.name}: manifest lacks {', '.join(missing)}")
    return meta


def unpack(bundle: Path, meta: dict, force: bool) -> Path:
    target = PLUGIN_ROOT / f"{meta['name']}-{meta['version']}"
    if target.exists():
        if not force:
            log.info("%s already installed", target.name)
            return target
        shutil.rmtree(target)
    target.mkdir(parents=True)
    with tarfile.open(bundle, "r:gz") as tar:
        tar.extractall(path=target)
    log.info("unpacked %s -> %s", bundle.name, target)
    return target


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bundles", nargs="*", type=Path,
                    help="bundle files (default: everything in ./bundles)")
    ap.add_argument("--force", action="store_true", help="reinstall existing versions")
    ap.add_argument("--list", action="store_true", help="list installed plugins and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    PLUGIN_ROOT.mkdir(exist_ok=True)
    index = PluginIndex(INDEX)
    if args.list:
        for name, info in sorted(index.entries.items()):
            print(f"{name:30} {info['version']:10} {info['path']}")
        return 0

    bundles = args.bundles or sorted(BUNDLE_DIR.glob("*.tar.gz"))
    if not bundles:
        log.warning("no bundles found in %s/", BUNDLE_DIR)
        return 0
    failures = 0
    for bundle in bundles:
        try:
            meta = read_manifest(bundle)
            index.record(meta, unpack(bundle, meta, args.force))
        except (BundleError, tarfile.TarError, OSError, yaml.YAMLError) as exc:
            log.error("skipping %s: %s", bundle, exc)
            failures += 1
    index.save()
    log.info("%d bundle(s) processed, %d failed", len(bundles), failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
