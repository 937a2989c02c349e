#!/usr/bin/env python3
"""Local password age report for the quarterly access review.

For hosts that still have local accounts, auditors want the last password
change, maximum age and expiry state of every human account. This reads the
shadow database and writes a CSV into ./access-review/ for the evidence pack.
"""
import argparse
import csv
import ctypes
import ctypes.util
import logging
import os
import pwd
import socket
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("pw-expiry-audit")

EPOCH = date(1970, 1, 1)
OUT_DIR = Path("access-review")


class Privileges:
    """Raises the effective ids for the shadow read and drops them again."""

    def __init__(self):
        self._libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        self._libc.setresuid.argtypes = [ctypes.c_uint] * 3
        self._libc.setresgid.argtypes = [ctypes.c_uint] * 3
        self.saved = (os.getuid(), os.getgid())

    def __enter__(self):
        if self._libc.setresgid(0, 0, 0) != 0 or self._libc.setresuid(0, 0, 0) != 0:
            err = ctypes.get_errno()
            raise PermissionError(err, os.strerror(err))
        return self

    def __exit__(self, *exc):
        uid, gid = self.saved
        self._libc.setresgid(gid, gid, gid)
        self._libc.setresuid(uid, uid, uid)
        return False


def read_shadow():
    entries = {}
    with open("/etc/shadow") as fh:
        for line in fh:
            parts = line.rstrip("\n").split(":")
            if len(parts) < 9:
                continue
            entries[parts[0]] = parts
    return entries


def shadow_from_chage(login):
    """Fallback when the shadow file cannot be opened: parse chage -l."""
    out = subprocess.run(["chage", "-l", login], capture_output=True, text=True)
    if out.returncode != 0:
        return None
    return {k.strip(): v.strip() for k, _, v in
            (line.partition(":") for line in out.stdout.splitlines())}


def to_date(days):
    return (EPOCH + timedelta(days=int(days))).isoformat() if days not in ("", None) else ""


def human_accounts(min_uid):
    for pw in pwd.getpwall():
        if pw.pw_uid >= min_uid and not pw.pw_shell.endswith(("nologin", "false")):
            yield pw.pw_name


def build_rows(min_uid):
    logins = list(human_accounts(min_uid))
    try:
        with Privileges():
            shadow = read_shadow()
    except (PermissionError, OSError) as exc:
        log.warning("shadow not readable (%s); using chage for each account", exc)
        shadow = None

    for login in logins:
        if shadow is not None:
            s = shadow.get(login)
            if not s:
                continue
            locked = s[1].startswith(("!", "*"))
            yield {"login": login, "last_change": to_date(s[2]), "max_days": s[4],
                   "account_expires": to_date(s[7]), "locked": locked}
        else:
            info = shadow_from_chage(login) or {}
            yield {"login": login, "last_change": info.get("Last password change", ""),
                   "max_days": info.get("Maximum number of days between password change", ""),
                   "account_expires": info.get("Account expires", ""), "locked": ""}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--min-uid", type=int, default=1000)
    ap.add_argument("--quarter", default=f"{date.today().year}Q{(date.today().month - 1) // 3 + 1}")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    rows = list(build_rows(args.min_uid))
    OUT_DIR.mkdir(exist_ok=True)
    out = OUT_DIR / f"{socket.gethostname()}-{args.quarter}-password-age.csv"
    with out.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["login", "last_change", "max_days",
                                                "account_expires", "locked"])
        writer.writeheader()
        writer.writerows(rows)
    os.chmod(out, 0o600)
    log.info("wrote %d accounts to %s", len(rows), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
