#!/usr/bin/env python3
"""run_archive_restore -- bring archived run folders back from tape staging.

Archived runs are stored as <run_id>.tar(.gz) with a sidecar <run_id>.sha256
listing checksums of the files inside.  This tool extracts an archive into the
restore area and verifies the contents with a generated sha256sum script.
"""

import argparse
import logging
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

LOG = logging.getLogger("archive_restore")

VERIFY_SCRIPT = """#!/bin/bash
set -o pipefail
cd "$RESTORE_DIR" || exit 2
total=$(grep -c . "$CHECKSUMS")
failed=$(sha256sum --quiet -c "$CHECKSUMS" 2>&1 | grep -c 'FAILED' || true)
echo "$total $failed"
"""


class RestoreJob:
    def __init__(self, archive: Path, restore_root: Path, keep_archive: bool):
        self.archive = archive
        self.run_id = archive.name.split(".tar")[0]
        self.restore_root = restore_root
        self.dest = restore_root / self.run_id
        self.keep_archive = keep_archive
        self.created = False

    @property
    def checksums(self):
        return self.archive.with_name(self.run_id + ".sha256")

    def extract(self):
        if self.dest.exists():
            raise FileExistsError(f"{self.dest} already restored")
        self.dest.mkdir(parents=True)
        self.created = True
        mode = "r:gz" if self.archive.suffix == ".gz" else "r:"
        with tarfile.open(self.archive, mode) as tf:
            members = tf.getmembers()
            LOG.info("%s: %d members", self.archive.name, len(members))
            tf.extractall(path=self.dest)
        return len(members)

    def verify(self):
        if not self.checksums.exists():
            LOG.warning("no checksum file for %s, skipping verification", self.run_id)
            return True
        fd, script = tempfile.mkstemp(suffix=".sh", prefix="verify_")
        with os.fdopen(fd, "w") as fh:
            fh.write(VERIFY_SCRIPT)
        env = dict(os.environ, RESTORE_DIR=str(self.dest),
                   CHECKSUMS=str(self.checksums.resolve()))
        try:
            out = subprocess.run(["bash", script], env=env, capture_output=True,
                                 text=True, check=False)
        finally:
            os.unlink(script)
        try:
            total, failed = (int(x) for x in out.stdout.split())
        except ValueError:
            LOG.error("verification output unreadable: %r", out.stdout)
            return False
        LOG.info("%s: %d files checked, %d failed", self.run_id, total, failed)
        return failed == 0

    def cleanup_failed(self):
        if self.created and self.dest.exists():
            shutil.rmtree(self.dest)
            LOG.info("removed incomplete restore %s", self.dest)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("archives", nargs="+", type=Path)
    p.add_argument("--restore-root", type=Path,
                   default=Path(os.environ.get("RESTORE_ROOT", "restored")))
    p.add_argument("--keep-archive", action="store_true", default=True)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    ok = bad = 0
    for archive in args.archives:
        job = RestoreJob(archive, args.restore_root, args.keep_archive)
        try:
            job.extract()
        except (OSError, tarfile.TarError) as exc:
            LOG.error("%s: extraction failed: %s", archive, exc)
            job.cleanup_failed()
            bad += 1
            continue
        if job.verify():
            ok += 1
        else:
            LOG.error("%s: checksum mismatch, restore kept for inspection", job.run_id)
            bad += 1
    LOG.info("restored %d run(s), %d problem(s)", ok, bad)
    return 0 if bad == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
