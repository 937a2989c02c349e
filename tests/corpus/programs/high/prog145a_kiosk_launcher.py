#!/usr/bin/env python3
"""Launcher for the client check-in kiosk in the salon window.

The kiosk browser must run as the locked-down 'kiosk' account. The
launcher is started from the admin session, switches identity and then
starts the check-in page full screen.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import shutil
import sys

log = logging.getLogger("kiosk-launcher")

CHECKIN_URL = "https://book.example.com/checkin?branch=high-street"
BROWSERS = ["chromium", "chromium-browser", "firefox"]


def _libc():
    name = ctypes.util.find_library("c") or "libc.so.6"
    libc = ctypes.CDLL(name, use_errno=True)
    libc.setresuid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
    libc.setresgid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
    return libc


def relaunch_with_admin():
    """Re-run this script through the desktop's admin prompt."""
    helpers = [("pkexec",), ("doas",), ("sudo", "-E")]
    for helper in helpers:
        if shutil.which(helper[0]):
            argv = list(helper) + [sys.executable, os.path.abspath(__file__)] + sys.argv[1:]
            log.info("asking for admin rights via %s", helper[0])
            os.execvp(argv[0], argv)
    raise SystemExit("no way to obtain admin rights on this machine")


class IdentitySwitch:
    def __init__(self, username):
        self.entry = pwd.getpwnam(username)
        self.libc = _libc()

    def supplementary_groups(self):
        return [g.gr_gid for g in grp.getgrall() if self.entry.pw_name in g.gr_mem]

    def apply(self):
        uid, gid = self.entry.pw_uid, self.entry.pw_gid
        os.setgroups(self.supplementary_groups())
        if self.libc.setresgid(gid, gid, gid) != 0:
            err = ctypes.get_errno()
            raise OSError(err, "setresgid failed")
        if self.libc.setresuid(uid, uid, uid) != 0:
            err = ctypes.get_errno()
            raise OSError(err, "setresuid failed")
        os.environ.update({"HOME": self.entry.pw_dir, "USER": self.entry.pw_name,
                           "LOGNAME": self.entry.pw_name})
        os.chdir(self.entry.pw_dir)
        log.info("now running as %s (%d)", self.entry.pw_name, os.getuid())


def find_browser():
    for b in BROWSERS:
        path = shutil.which(b)
        if path:
            return path
    return None


def main():
    parser = argparse.ArgumentParser(description="Start the check-in kiosk")
    parser.add_argument("--user", default="kiosk")
    parser.add_argument("--url", default=os.environ.get("KIOSK_URL", CHECKIN_URL))
    parser.add_argument("--windowed", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if os.geteuid() != 0:
        relaunch_with_admin()

    try:
        IdentitySwitch(args.user).apply()
    except KeyError:
        log.error("account %s does not exist", args.user)
        return 1
    except OSError as exc:
        log.error("could not switch identity: %s", exc)
        return 1

    browser = find_browser()
    if not browser:
        log.error("no supported browser installed")
        return 1
    argv = [browser, args.url]
    if not args.windowed:
        argv.insert(1, "--kiosk")
    os.execv(browser, argv)


if __name__ == "__main__":
    sys.exit(main())
