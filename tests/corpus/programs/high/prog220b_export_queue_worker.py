#!/usr/bin/env python3
"""Production export queue worker.

Started by the operator as root so it can open the protected export volume,
then switches to the dedicated `ediscovery` service account before it
touches any matter data. Picks export job files from the queue directory,
builds the production folder layout and moves finished jobs to done/.
"""

import argparse
import grp
import json
import logging
import os
import pwd
import sys
import time
from pathlib import Path

LOG = logging.getLogger("export_worker")


class JobError(Exception):
    pass


def switch_identity(user, group):
    """Change process credentials to the service account."""
    pw = pwd.getpwnam(user)
    gr = grp.getgrnam(group)
    if os.getuid() != 0:
        LOG.info("not root; keeping uid %d", os.getuid())
        return
    os.setgroups([gr.gr_gid])
    os.setgid(gr.gr_gid)
    os.setuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    os.umask(0o027)
    LOG.info("now running as %s:%s (uid=%d gid=%d)", user, group, os.getuid(), os.getgid())


class ExportJob:
    LAYOUT = ("DATA", "IMAGES", "NATIVES", "TEXT")

    def __init__(self, path):
        self.path = path
        try:
            self.spec = json.loads(path.read_text(encoding="utf-8"))
        except ValueError as exc:
            raise JobError(f"{path.name}: invalid JSON") from exc
        for key in ("matter", "volume", "prefix"):
            if key not in self.spec:
                raise JobError(f"{path.name}: missing {key}")

    def build(self, export_root):
        vol_dir = Path(export_root) / self.spec["matter"] / self.spec["volume"]
        for sub in self.LAYOUT:
            (vol_dir / sub).mkdir(parents=True, exist_ok=True)
        readme = vol_dir / "README.txt"
        readme.write_text(
            f"Production volume {self.spec['volume']}\n"
            f"Bates prefix: {self.spec['prefix']}\n",
            encoding="utf-8",
        )
        return vol_dir


def process_queue(queue_dir, export_root):
    queue = Path(queue_dir)
    done = queue / "done"
    failed = queue / "failed"
    done.mkdir(exist_ok=True)
    failed.mkdir(exist_ok=True)
    handled = 0
    for job_file in sorted(queue.glob("*.json")):
        try:
            job = ExportJob(job_file)
            vol = job.build(export_root)
            LOG.info("built %s", vol)
            job_file.rename(done / job_file.name)
        except (JobError, OSError) as exc:
            LOG.error("job %s failed: %s", job_file.name, exc)
            job_file.rename(failed / job_file.name)
        handled += 1
    return handled


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--queue", default="/srv/export-queue")
    ap.add_argument("--export-root", default="/srv/exports")
    ap.add_argument("--user", default="ediscovery")
    ap.add_argument("--group", default="ediscovery")
    ap.add_argument("--poll", type=float, default=30.0)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        switch_identity(args.user, args.group)
    except (KeyError, PermissionError) as exc:
        LOG.error("cannot switch identity: %s", exc)
        return 2

    while True:
        n = process_queue(args.queue, args.export_root)
        if n:
            LOG.info("handled %d job(s)", n)
        if args.once:
            break
        time.sleep(args.poll)
    return 0


if __name__ == "__main__":
    sys.exit(main())
