#!/usr/bin/env python3
"""Unpack consultant drawing bundles into the project plot folder.

Structural and MEP consultants send .tar.gz bundles of their latest
sheets. This tool takes bundle paths from the command line, from the
BUNDLES environment variable (colon separated) or one per line on stdin
(e.g. `ls incoming/*.tgz | prog215a_project_bundle_unpack.py -`), skips
bundles it has already unpacked (MD5 of the bundle as cache key) and
extracts the rest under ./consultants/<bundle-name>/.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import tarfile
from pathlib import Path

LOG = logging.getLogger("bundles")
STATE = Path(".bundle_state.json")


class BundleState:
    def __init__(self, path):
        self.path = path
        self.seen = {}
        if path.exists():
            try:
                self.seen = json.loads(path.read_text())
            except json.JSONDecodeError:
                LOG.warning("state file corrupt, starting fresh")

    def save(self):
        self.path.write_text(json.dumps(self.seen, indent=1, sort_keys=True))


def cache_key(path):
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def bundle_paths(args):
    paths = list(args.bundles)
    if "-" in paths:
        paths.remove("-")
        paths += [l.strip() for l in sys.stdin if l.strip()]
    env = os.environ.get("BUNDLES")
    if env:
        paths += [p for p in env.split(":") if p]
    return [Path(p) for p in dict.fromkeys(paths)]


def unpack(bundle, dest_root):
    name = bundle.name
    for suffix in (".tar.gz", ".tgz", ".tar"):
        if name.endswith(suffix):
            name = name[: -len(suffix)]
            break
    dest = dest_root / name
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(bundle, "r:*") as tar:
        members = tar.getmembers()
        tar.extractall(dest)
    sheets = [m.name for m in members if m.name.lower().endswith((".pdf", ".dwg"))]
    return dest, len(members), len(sheets)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("bundles", nargs="*", help="bundle files, or - for stdin")
    ap.add_argument("--dest", default="consultants")
    ap.add_argument("--force", action="store_true", help="re-extract known bundles")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    paths = bundle_paths(args)
    if not paths:
        LOG.error("no bundles given")
        return 2

    state = BundleState(STATE)
    dest_root = Path(args.dest)
    errors = 0
    for bundle in paths:
        if not bundle.is_file():
            LOG.warning("not a file: %s", bundle)
            errors += 1
            continue
        key = cache_key(bundle)
        if key in state.seen and not args.force:
            LOG.info("%s already unpacked to %s", bundle.name, state.seen[key])
            continue
        try:
            dest, n, sheets = unpack(bundle, dest_root)
        except (tarfile.TarError, OSError) as exc:
            LOG.error("%s: %s", bundle, exc)
            errors += 1
            continue
        state.seen[key] = str(dest)
        LOG.info("%s: %d entries, %d sheets -> %s", bundle.name, n, sheets, dest)
    state.save()
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
