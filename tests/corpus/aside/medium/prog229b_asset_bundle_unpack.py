#!/usr/bin/env python3
"""Unpack vendor asset bundles.

Outsource vendors deliver models and textures as .tar.gz bundles in the
incoming folder.  This unpacks each bundle into the ingest area, writes a
sha256 manifest next to it and moves the bundle to done/.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import tarfile

log = logging.getLogger("bundle-unpack")

BUNDLE_SUFFIXES = (".tar", ".tar.gz", ".tgz", ".tar.bz2")


class Bundle:
    def __init__(self, path, ingest_root):
        self.path = path
        base = os.path.basename(path)
        for suf in BUNDLE_SUFFIXES:
            if base.endswith(suf):
                base = base[: -len(suf)]
                break
        self.name = base
        self.dest = os.path.join(ingest_root, base)

    def unpack(self):
        os.makedirs(self.dest, exist_ok=True)
        with tarfile.open(self.path) as tar:
            members = tar.getmembers()
            log.info("%s: %d members", self.name, len(members))
            tar.extractall(self.dest)
        return len(members)

    def write_manifest(self):
        """sha256 every file via the shell; paths handed over in env."""
        script = (
            'cd "$BUNDLE_DEST" && '
            'find . -type f ! -name MANIFEST.sha256 -print0 | sort -z | '
            'xargs -0 -r sha256sum > MANIFEST.sha256 && wc -l < MANIFEST.sha256'
        )
        proc = subprocess.run(["bash", "-c", script],
                              env=dict(os.environ, BUNDLE_DEST=self.dest),
                              capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip() or "sha256sum failed")
        return int(proc.stdout.strip() or 0)


def find_bundles(incoming):
    found = []
    for name in sorted(os.listdir(incoming)):
        if name.endswith(BUNDLE_SUFFIXES):
            found.append(os.path.join(incoming, name))
    return found


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--incoming", default="./incoming")
    ap.add_argument("--ingest", default="./ingest")
    ap.add_argument("--done", default="./incoming/done")
    ap.add_argument("--keep", action="store_true",
                    help="leave bundles in incoming after unpacking")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.isdir(args.incoming):
        log.error("incoming folder missing: %s", args.incoming)
        return 1
    os.makedirs(args.ingest, exist_ok=True)
    os.makedirs(args.done, exist_ok=True)

    failures = 0
    bundles = find_bundles(args.incoming)
    if not bundles:
        log.info("no bundles waiting")
        return 0
    for path in bundles:
        bundle = Bundle(path, args.ingest)
        try:
            bundle.unpack()
            files = bundle.write_manifest()
        except (tarfile.TarError, OSError, RuntimeError) as exc:
            log.error("%s failed: %s", bundle.name, exc)
            failures += 1
            continue
        log.info("%s: %d files, manifest written", bundle.name, files)
        if not args.keep:
            shutil.move(path, os.path.join(args.done, os.path.basename(path)))
    log.info("%d bundle(s) processed, %d failed",
             len(bundles) - failures, failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
