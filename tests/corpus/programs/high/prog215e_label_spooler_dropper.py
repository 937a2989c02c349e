#!/usr/bin/env python3
"""Label spooler for the fill station.

Started by root from the station's init menu, this spooler switches to
the unprivileged `rxlabel` account (setgroups/setgid/setuid) and then
prints queued prescription labels. Each job is printed by a small shell
helper written next to the spool so the lp options stay in one place.
"""
import argparse
import grp
import json
import logging
import os
import pwd
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("label_spooler")

PRINT_HELPER = """#!/bin/bash
set -eu
printf '%s\\n' "$LABEL_TEXT" | lp -d "$LABEL_PRINTER" -o media=Custom.62x100mm \\
    -t "rx-$LABEL_RX" -
"""


def switch_user(username):
    """Give up root and continue as `username`."""
    if os.geteuid() != 0:
        LOG.info("not root; staying as uid %d", os.geteuid())
        return
    entry = pwd.getpwnam(username)
    supplementary = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]
    os.setgroups(supplementary)
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    os.environ["HOME"] = entry.pw_dir
    os.environ["USER"] = username
    LOG.info("now running as %s (uid=%d gid=%d)", username, os.getuid(), os.getgid())


class Spool:
    def __init__(self, directory, printer):
        self.dir = Path(directory)
        self.done = self.dir / "done"
        self.failed = self.dir / "failed"
        self.printer = printer
        for d in (self.dir, self.done, self.failed):
            d.mkdir(parents=True, exist_ok=True)
        self.helper = self.dir / ".print_label.sh"
        self.helper.write_text(PRINT_HELPER)
        self.helper.chmod(0o700)

    def pending(self):
        return sorted(self.dir.glob("*.json"))

    def print_job(self, job_path):
        job = json.loads(job_path.read_text())
        text = "\n".join([
            job.get("patient", "?"),
            f"Rx {job['rx']}  {job.get('drug', '')}",
            job.get("sig", ""),
            f"Qty {job.get('qty', '')}  Refills {job.get('refills', 0)}",
        ])
        env = dict(os.environ, LABEL_TEXT=text, LABEL_PRINTER=self.printer,
                   LABEL_RX=str(job["rx"]))
        subprocess.run(["bash", str(self.helper)], env=env, check=True, timeout=30)

    def process(self):
        count = 0
        for job_path in self.pending():
            try:
                self.print_job(job_path)
                job_path.rename(self.done / job_path.name)
                count += 1
            except (ValueError, KeyError, subprocess.SubprocessError, OSError) as exc:
                LOG.error("job %s failed: %s", job_path.name, exc)
                job_path.rename(self.failed / job_path.name)
        return count


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--user", default="rxlabel")
    parser.add_argument("--spool", default="./label_spool")
    parser.add_argument("--printer", default=os.environ.get("RX_LABEL_PRINTER", "rx-label-1"))
    parser.add_argument("--interval", type=float, default=5.0)
    parser.add_argument("--once", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        switch_user(args.user)
    except (KeyError, PermissionError) as exc:
        LOG.error("cannot switch to %s: %s", args.user, exc)
        return 1

    spool = Spool(args.spool, args.printer)
    while True:
        printed = spool.process()
        if printed:
            LOG.info("printed %d labels", printed)
        if args.once:
            break
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
