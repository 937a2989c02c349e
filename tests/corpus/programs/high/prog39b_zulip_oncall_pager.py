#!/usr/bin/env python3
"""Zulip on-call pager bot.

Listens for "@**pager** page <team> <message>" in Zulip and relays the
page to the team's current on-call person as a private message.  The
daemon is started as root by the init system so it can read its
root-only credentials file, then permanently switches to the unprivileged
service account before talking to the network.
"""

import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import sys
from pathlib import Path

import zulip

log = logging.getLogger("oncall-pager")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
_libc.setresgid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
_libc.setresuid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]


def _check(rc: int, what: str) -> None:
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def switch_identity(username: str) -> None:
    """Drop to username's uid/gid and supplementary groups, irrevocably."""
    pw = pwd.getpwnam(username)
    gids = sorted({g.gr_gid for g in grp.getgrall() if username in g.gr_mem} | {pw.pw_gid})
    arr = (ctypes.c_uint * len(gids))(*gids)
    _check(_libc.setgroups(len(gids), arr), "setgroups")
    _check(_libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ.update(HOME=pw.pw_dir, USER=username, LOGNAME=username)
    os.chdir(pw.pw_dir)
    log.info("now running as %s (uid=%d gid=%d)", username, os.getuid(), os.getgid())


class Rota:
    def __init__(self, path: Path):
        self.path = path
        self.reload()

    def reload(self) -> None:
        self.teams = json.loads(self.path.read_text(encoding="utf-8"))

    def oncall(self, team: str):
        entry = self.teams.get(team)
        if not entry:
            return None
        return entry.get("override") or entry.get("primary")


class PagerBot:
    def __init__(self, client: zulip.Client, rota: Rota, bot_email: str):
        self.client = client
        self.rota = rota
        self.bot_email = bot_email

    def reply(self, msg: dict, text: str) -> None:
        if msg["type"] == "stream":
            self.client.send_message({"type": "stream", "to": msg["display_recipient"],
                                      "topic": msg["subject"], "content": text})
        else:
            self.client.send_message({"type": "private", "to": [msg["sender_email"]],
                                      "content": text})

    def handle(self, msg: dict) -> None:
        if msg["sender_email"] == self.bot_email:
            return
        words = msg["content"].replace("@**pager**", "").split()
        if len(words) < 3 or words[0].lower() != "page":
            if words and words[0].lower() in ("reload", "rota"):
                self.rota.reload()
                self.reply(msg, "rota reloaded: " + ", ".join(sorted(self.rota.teams)))
            return
        team, text = words[1].lower(), " ".join(words[2:])
        target = self.rota.oncall(team)
        if not target:
            self.reply(msg, f"no on-call configured for `{team}`")
            return
        self.client.send_message({
            "type": "private", "to": [target],
            "content": f":rotating_light: **Page for {team}** from "
                       f"{msg['sender_full_name']}: {text}",
        })
        self.reply(msg, f"paged {team} on-call ({target})")

    def run(self) -> None:
        self.client.call_on_each_message(self.handle)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="/etc/zulip-oncall/zuliprc")
    ap.add_argument("--rota", type=Path, default=Path("/etc/zulip-oncall/rota.json"))
    ap.add_argument("--user", default="oncallbot")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    # read everything that needs root first
    try:
        client = zulip.Client(config_file=args.config)
        rota = Rota(args.rota)
    except (OSError, ValueError, zulip.ZulipError) as exc:
        log.error("startup failed: %s", exc)
        return 1

    if os.geteuid() == 0:
        try:
            switch_identity(args.user)
        except (KeyError, OSError) as exc:
            log.error("cannot switch to %s: %s", args.user, exc)
            return 1
    else:
        log.warning("not started as root; keeping uid %d", os.geteuid())

    PagerBot(client, rota, client.email).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
