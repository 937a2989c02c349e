#!/usr/bin/env python3
"""dcp_ingest_unpack.py - unpack DCP packages delivered as tar archives.

Distributors sometimes deliver a Digital Cinema Package as a single .tar
over the content portal. This tool unpacks each archive from the incoming
folder into the staging library, checks that an ASSETMAP is present and
records the package size using a shell pipeline.
"""

import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import tarfile

log = logging.getLogger("dcp_unpack")


class DcpPackage:
    def __init__(self, archive_path, staging_root):
        self.archive_path = archive_path
        base = os.path.basename(archive_path)
        for ext in (".tar.gz", ".tgz", ".tar"):
            if base.endswith(ext):
                base = base[: -len(ext)]
                break
        self.name = base
        self.target = os.path.join(staging_root, base)

    def unpack(self):
        os.makedirs(self.target, exist_ok=True)
        with tarfile.open(self.archive_path, "r:*") as tar:
            members = tar.getmembers()
            log.info("%s: %d members", self.name, len(members))
            tar.extractall(self.target)
        return self.target

    def has_assetmap(self):
        for dirpath, _dirs, files in os.walk(self.target):
            for name in files:
                if name.upper() in ("ASSETMAP", "ASSETMAP.XML"):
                    return os.path.join(dirpath, name)
        return None

    def size_and_count(self):
        env = dict(os.environ, PKG_DIR=self.target)
        script = 'du -sb "$PKG_DIR" | cut -f1; find "$PKG_DIR" -type f -name "*.mxf" | wc -l'
        out = subprocess.run(["bash", "-c", script], env=env,
                             capture_output=True, text=True, check=True).stdout.split()
        return int(out[0]), int(out[1])


def record(manifest_path, entry):
    data = []
    if os.path.exists(manifest_path):
        with open(manifest_path, encoding="utf-8") as fh:
            data = json.load(fh)
    data = [d for d in data if d.get("name") != entry["name"]]
    data.append(entry)
    with open(manifest_path, "w", encoding="utf-8") as fh:
        json.dump(data, fh, indent=2)


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--incoming", default="incoming")
    ap.add_argument("--staging", default="staging")
    ap.add_argument("--done", default="incoming/done")
    ap.add_argument("--manifest", default="staging/ingest_manifest.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not os.path.isdir(args.incoming):
        log.error("incoming folder %s missing", args.incoming)
        return 1
    os.makedirs(args.staging, exist_ok=True)
    os.makedirs(args.done, exist_ok=True)

    archives = sorted(f for f in os.listdir(args.incoming)
                      if f.endswith((".tar", ".tar.gz", ".tgz")))
    if not archives:
        log.info("nothing to ingest")
        return 0

    failures = 0
    for name in archives:
        pkg = DcpPackage(os.path.join(args.incoming, name), args.staging)
        try:
            pkg.unpack()
        except (tarfile.TarError, OSError) as exc:
            log.error("%s: unpack failed: %s", name, exc)
            failures += 1
            continue
        assetmap = pkg.has_assetmap()
        if not assetmap:
            log.error("%s: no ASSETMAP, not a valid DCP", name)
            failures += 1
            continue
        try:
            size, mxf_count = pkg.size_and_count()
        except (subprocess.CalledProcessError, ValueError, IndexError) as exc:
            log.warning("%s: size check failed: %s", name, exc)
            size, mxf_count = -1, -1
        record(args.manifest, {"name": pkg.name, "path": pkg.target,
                               "assetmap": assetmap, "bytes": size,
                               "mxf_files": mxf_count})
        shutil.move(pkg.archive_path, os.path.join(args.done, name))
        log.info("%s: ingested (%d bytes, %d mxf)", pkg.name, size, mxf_count)

    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
