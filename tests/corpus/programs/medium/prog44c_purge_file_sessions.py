#!/usr/bin/env python3
"""Purge expired sessions from the file-based session store.

The legacy admin app keeps one pickled dict per session under
./var/sessions/ (Django's old file backend format).  This walks that
directory, unpickles each session to read its expiry and removes stale ones.
"""
import argparse
import logging
import os
import pickle
import time
from collections import Counter
from pathlib import Path

log = logging.getLogger("session-purge")
SESSION_PREFIX = "sessionid"


class SessionFile:
    def __init__(self, path: Path):
        self.path = path
        self._data = None

    @property
    def data(self) -> dict:
        if self._data is None:
            with open(self.path, "rb") as fh:
                self._data = pickle.loads(fh.read())
        return self._data

    @property
    def expires_at(self) -> float:
        expiry = self.data.get("_session_expiry")
        if isinstance(expiry, (int, float)):
            return float(expiry)
        # no explicit expiry: fall back to mtime + default age
        return self.path.stat().st_mtime + 14 * 24 * 3600

    @property
    def user_id(self):
        return self.data.get("_auth_user_id")


def iter_sessions(store: Path):
    for entry in os.scandir(store):
        if entry.is_file() and entry.name.startswith(SESSION_PREFIX):
            yield SessionFile(Path(entry.path))


def purge(store: Path, now: float, dry_run: bool, keep_staff: bool, staff_ids: set):
    stats = Counter()
    for sess in iter_sessions(store):
        stats["seen"] += 1
        try:
            expired = sess.expires_at < now
        except (pickle.UnpicklingError, EOFError, AttributeError) as exc:
            log.warning("corrupt session %s: %s", sess.path.name, exc)
            stats["corrupt"] += 1
            expired = True
        if not expired:
            continue
        if keep_staff and str(sess.user_id) in staff_ids:
            stats["kept_staff"] += 1
            continue
        stats["expired"] += 1
        if dry_run:
            log.info("would delete %s", sess.path.name)
        else:
            sess.path.unlink(missing_ok=True)
    return stats


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--store", type=Path, default=Path("var/sessions"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--keep-staff", action="store_true",
                    help="never purge sessions of ids listed in --staff-file")
    ap.add_argument("--staff-file", type=Path, default=Path("var/staff_ids.txt"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.store.is_dir():
        log.error("session store %s does not exist", args.store)
        raise SystemExit(1)
    staff = set()
    if args.keep_staff and args.staff_file.exists():
        staff = {l.strip() for l in args.staff_file.read_text().splitlines() if l.strip()}
    stats = purge(args.store, time.time(), args.dry_run, args.keep_staff, staff)
    log.info("seen=%d expired=%d corrupt=%d kept_staff=%d",
             stats["seen"], stats["expired"], stats["corrupt"], stats["kept_staff"])


if __name__ == "__main__":
    main()
