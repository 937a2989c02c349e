#!/usr/bin/env python3
"""Nightly roster import runner.

Started as root by the operations scheduler so it can read the drop folder
that the HR system writes, then gives up root and continues as the
`crewsched` service account to parse the files and write the import batch.
"""
import argparse
import csv
import grp
import logging
import os
import pwd
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("privdrop_import")

POST_SCRIPT = """#!/usr/bin/env bash
set -euo pipefail
cd "$BATCH_DIR"
sort -t, -k1,1 -u "$BATCH_FILE" > "$BATCH_FILE.sorted"
mv "$BATCH_FILE.sorted" "$BATCH_FILE"
wc -l < "$BATCH_FILE"
"""


def open_drop_files(drop_dir):
    """Open every CSV in the drop folder while we still have root."""
    handles = []
    for path in sorted(Path(drop_dir).glob("*.csv")):
        try:
            handles.append((path.name, open(path, newline="")))
        except OSError as exc:
            log.warning("cannot open %s: %s", path, exc)
    return handles


def drop_privileges(user, group):
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    os.setgroups([])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.umask(0o027)
    os.environ["HOME"] = pw.pw_dir
    os.environ["USER"] = user
    log.info("now running as %s:%s (uid=%d gid=%d)", user, group,
             os.getuid(), os.getgid())
    if os.geteuid() == 0:
        raise RuntimeError("privilege drop did not take effect")


class BatchWriter:
    FIELDS = ["employee_id", "name", "base", "rank", "fleet"]

    def __init__(self, out_dir):
        self.out_dir = Path(out_dir)
        self.out_dir.mkdir(parents=True, exist_ok=True)
        self.path = self.out_dir / "import_batch.csv"
        self.rows = 0

    def write(self, handles):
        with open(self.path, "w", newline="") as out:
            writer = csv.writer(out)
            for name, fh in handles:
                with fh:
                    for row in csv.DictReader(fh):
                        try:
                            writer.writerow([row[f].strip() for f in self.FIELDS])
                            self.rows += 1
                        except KeyError as exc:
                            log.warning("%s: missing column %s", name, exc)
                            break
        return self.path


def post_process(batch_path):
    script = batch_path.parent / "post_process.sh"
    script.write_text(POST_SCRIPT)
    script.chmod(0o700)
    env = dict(os.environ, BATCH_DIR=str(batch_path.parent),
               BATCH_FILE=batch_path.name)
    out = subprocess.run(["bash", str(script)], env=env, capture_output=True,
                         text=True, check=True)
    return int(out.stdout.strip() or 0)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--drop-dir", default="/srv/hr-drop/crew")
    p.add_argument("--out-dir", default="./import_out")
    p.add_argument("--user", default="crewsched")
    p.add_argument("--group", default="crewsched")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if os.geteuid() != 0:
        log.error("must be started as root to read %s", args.drop_dir)
        return 2
    handles = open_drop_files(args.drop_dir)
    if not handles:
        log.info("no files in drop folder")
        return 0
    try:
        drop_privileges(args.user, args.group)
    except (KeyError, OSError, RuntimeError) as exc:
        log.error("cannot drop privileges: %s", exc)
        return 1
    writer = BatchWriter(args.out_dir)
    batch = writer.write(handles)
    try:
        unique = post_process(batch)
    except subprocess.CalledProcessError as exc:
        log.error("post-processing failed: %s", exc.stderr)
        return 1
    log.info("batch %s: %d rows read, %d unique", batch, writer.rows, unique)
    return 0


if __name__ == "__main__":
    sys.exit(main())
