#!/usr/bin/env python3
"""Unpack field-collected evidence bundles and register them in the case index.

Bundles are tar archives produced by the collection agents.  Each case keeps a
YAML settings file and an index of already processed bundles so a rerun only
handles new arrivals.
"""
import argparse
import hashlib
import logging
import pickle
import sys
import tarfile
import time
from pathlib import Path

import yaml

logger = logging.getLogger("unpack")
INDEX_FILE = ".bundle_index.pkl"


def read_case_settings(path: Path) -> dict:
    with path.open() as fh:
        # settings written by the case template generator, may carry tags
        settings = yaml.load(fh, Loader=yaml.Loader)
    settings.setdefault("extract_root", "extracted")
    settings.setdefault("bundle_glob", "*.tar*")
    return settings


class BundleIndex:
    def __init__(self, path: Path):
        self.path = path
        self.entries = {}
        if path.exists():
            with path.open("rb") as fh:
                self.entries = pickle.load(fh)
            logger.debug("index loaded with %d bundles", len(self.entries))

    def seen(self, digest: str) -> bool:
        return digest in self.entries

    def add(self, digest: str, record: dict) -> None:
        self.entries[digest] = record

    def save(self) -> None:
        with self.path.open("wb") as fh:
            pickle.dump(self.entries, fh, protocol=pickle.HIGHEST_PROTOCOL)


def bundle_digest(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def extract(bundle: Path, dest_root: Path) -> dict:
    dest = dest_root / bundle.name.split(".tar")[0]
    dest.mkdir(parents=True, exist_ok=True)
    t0 = time.monotonic()
    with tarfile.open(bundle) as archive:
        names = archive.getnames()
        archive.extractall(dest)
    return {
        "bundle": bundle.name,
        "dest": str(dest),
        "members": len(names),
        "seconds": round(time.monotonic() - t0, 2),
    }


def process(settings: dict, inbox: Path, index: BundleIndex, force: bool) -> int:
    dest_root = Path(settings["extract_root"])
    handled = 0
    for bundle in sorted(inbox.glob(settings["bundle_glob"])):
        digest = bundle_digest(bundle)
        if index.seen(digest) and not force:
            logger.info("already processed: %s", bundle.name)
            continue
        try:
            record = extract(bundle, dest_root)
        except (tarfile.ReadError, EOFError) as exc:
            logger.error("corrupt bundle %s: %s", bundle.name, exc)
            continue
        record["sha256"] = digest
        record["case"] = settings.get("case_id", "?")
        index.add(digest, record)
        handled += 1
        logger.info("%s -> %s (%d members)", bundle.name, record["dest"], record["members"])
    return handled


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--settings", type=Path, default=Path("case_settings.yml"))
    ap.add_argument("--inbox", type=Path, default=Path("inbox"))
    ap.add_argument("--force", action="store_true", help="re-extract known bundles")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="[%(levelname)s] %(message)s")

    try:
        settings = read_case_settings(args.settings)
    except (OSError, yaml.YAMLError) as exc:
        logger.error("cannot read settings: %s", exc)
        return 2
    index = BundleIndex(Path(INDEX_FILE))
    count = process(settings, args.inbox, index, args.force)
    index.save()
    logger.info("%d new bundles unpacked", count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
