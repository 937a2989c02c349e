#!/usr/bin/env python3
"""Payment board poller for self-service laundromat machines.

Started by the kiosk's init script so it can claim the board's status pipe
(owned by root), then switches to the unprivileged "laundry" account for
the long-running part: polling the payment board's local HTTP interface,
turning paid vends into machine start credits and appending them to the
credits ledger in the working directory.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import signal
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("paypoll")

BOARD_URL = "http://127.0.0.1:8088/api/vends?since={since}"
LEDGER = Path("credits.jsonl")
CURSOR = Path(".paypoll.cursor")
RUN_AS = os.environ.get("PAYPOLL_USER", "laundry")


class Identity:
    """Thin wrapper over libc for switching the process identity."""

    def __init__(self):
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        self.libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
        self.libc.setresgid.argtypes = [ctypes.c_uint] * 3
        self.libc.setresuid.argtypes = [ctypes.c_uint] * 3

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def become(self, username):
        pw = pwd.getpwnam(username)
        gids = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem] or [pw.pw_gid]
        arr = (ctypes.c_uint * len(gids))(*gids)
        self._check(self.libc.setgroups(len(gids), arr), "setgroups")
        self._check(self.libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
        self._check(self.libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
        os.environ.update(HOME=pw.pw_dir, USER=username, LOGNAME=username)
        log.info("running as %s (uid %d)", username, pw.pw_uid)


class Poller:
    def __init__(self, interval):
        self.interval = interval
        self.running = True
        self.since = int(CURSOR.read_text()) if CURSOR.exists() else 0

    def stop(self, *_):
        self.running = False

    def fetch(self):
        url = BOARD_URL.format(since=self.since)
        with urllib.request.urlopen(url, timeout=5) as resp:
            return json.load(resp)

    def record(self, vends):
        with LEDGER.open("a", encoding="utf-8") as fh:
            for v in vends:
                credit = {
                    "vend_id": v["id"],
                    "machine": v["machine"],
                    "cycle": v.get("cycle", "standard"),
                    "pence": v["amount"],
                    "tender": v.get("tender", "card"),
                    "ts": v["ts"],
                }
                fh.write(json.dumps(credit) + "\n")
                self.since = max(self.since, v["id"])
        CURSOR.write_text(str(self.since))

    def loop(self):
        backoff = self.interval
        while self.running:
            try:
                vends = self.fetch().get("vends", [])
                if vends:
                    self.record(vends)
                    log.info("%d vend(s) credited, cursor %d", len(vends), self.since)
                backoff = self.interval
            except (urllib.error.URLError, OSError, ValueError, KeyError) as exc:
                log.warning("board poll failed: %s", exc)
                backoff = min(backoff * 2, 60)
            time.sleep(backoff)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--interval", type=float, default=1.0)
    ap.add_argument("--workdir", default="/var/lib/paypoll")
    ap.add_argument("--user", default=RUN_AS)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s[%(process)d] %(message)s")

    try:
        os.chdir(args.workdir)
    except OSError as exc:
        log.error("cannot enter %s: %s", args.workdir, exc)
        return 2

    if os.geteuid() == 0:
        try:
            Identity().become(args.user)
        except (KeyError, OSError) as exc:
            log.error("could not switch to %s: %s", args.user, exc)
            return 1
    else:
        log.info("already unprivileged (uid %d)", os.getuid())

    poller = Poller(args.interval)
    signal.signal(signal.SIGTERM, poller.stop)
    signal.signal(signal.SIGINT, poller.stop)
    poller.loop()
    log.info("stopped at cursor %d", poller.since)
    return 0


if __name__ == "__main__":
    sys.exit(main())
