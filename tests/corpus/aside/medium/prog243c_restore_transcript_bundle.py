#!/usr/bin/env python3
"""Restore a transcript bundle from the cold archive into the working folder.

Bundles are .tar.gz files holding transcripts, audio excerpts and a
SHA256SUMS manifest. After extraction a generated shell step verifies the
checksums with sha256sum.
"""
import argparse
import logging
import os
import subprocess
import sys
import tarfile

LOG = logging.getLogger("restore")

VERIFY_SH = """#!/bin/bash
set -uo pipefail
cd "$RESTORE_DIR" || exit 2
if [ ! -f SHA256SUMS ]; then
    echo "no manifest in bundle" >&2
    exit 3
fi
sha256sum --quiet -c SHA256SUMS
status=$?
echo "verified $(wc -l < SHA256SUMS) files, status $status"
exit $status
"""


class BundleRestorer:
    def __init__(self, bundle, dest):
        self.bundle = bundle
        self.dest = dest

    def inspect(self):
        with tarfile.open(self.bundle, "r:*") as tar:
            members = tar.getmembers()
        total = sum(m.size for m in members if m.isfile())
        LOG.info("%s: %d members, %.1f MiB", os.path.basename(self.bundle),
                 len(members), total / 1048576)
        return members

    def extract(self):
        os.makedirs(self.dest, exist_ok=True)
        with tarfile.open(self.bundle, "r:*") as tar:
            tar.extractall(self.dest)
        LOG.info("extracted into %s", self.dest)

    def verify(self):
        script = os.path.join(self.dest, ".verify.sh")
        with open(script, "w") as fh:
            fh.write(VERIFY_SH)
        env = dict(os.environ, RESTORE_DIR=os.path.abspath(self.dest))
        try:
            res = subprocess.run(["bash", script], env=env, capture_output=True, text=True)
        finally:
            os.unlink(script)
        for line in (res.stdout + res.stderr).splitlines():
            LOG.info("verify: %s", line)
        return res.returncode


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("bundle", help="path to a transcript bundle .tar.gz")
    ap.add_argument("--dest", default="./restored")
    ap.add_argument("--list", action="store_true", help="only list the bundle")
    ap.add_argument("--no-verify", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not os.path.isfile(args.bundle):
        LOG.error("bundle %s not found", args.bundle)
        return 1
    restorer = BundleRestorer(args.bundle, args.dest)
    try:
        members = restorer.inspect()
        if args.list:
            for m in members:
                print("%10d  %s" % (m.size, m.name))
            return 0
        restorer.extract()
    except (tarfile.TarError, OSError) as exc:
        LOG.error("restore failed: %s", exc)
        return 1
    if args.no_verify:
        return 0
    rc = restorer.verify()
    if rc:
        LOG.error("checksum verification failed (%d)", rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
