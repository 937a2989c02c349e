#!/usr/bin/env python3
"""Launcher for the signage player process.

The unit that starts the kiosk session runs this launcher; it prepares the
player environment, switches to the configured kiosk account and then
execs the player binary so the supervisor tracks the player PID directly.

Config (launcher.toml in the working directory):
    [player]
    binary = "/opt/signage/bin/player"
    args = ["--fullscreen", "--playlist", "playlist.json"]
    account = "kiosk"
    extra_groups = ["video", "audio", "render"]
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import sys

try:
    import tomllib
except ImportError:  # Python < 3.11
    import tomli as tomllib

LOG = logging.getLogger("player-launcher")


class Identity:
    """Account switch through libc so saved IDs are replaced as well."""

    _libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def __init__(self, account, extra_groups):
        self.pw = pwd.getpwnam(account)
        self.gids = [self.pw.pw_gid]
        for name in extra_groups:
            try:
                self.gids.append(grp.getgrnam(name).gr_gid)
            except KeyError:
                LOG.warning("group %s does not exist, skipping", name)

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def apply(self):
        uid, gid = self.pw.pw_uid, self.pw.pw_gid
        arr = (ctypes.c_uint * len(self.gids))(*self.gids)
        self._check(self._libc.setgroups(ctypes.c_size_t(len(self.gids)), arr), "setgroups")
        self._check(self._libc.setresgid(gid, gid, gid), "setresgid")
        self._check(self._libc.setresuid(uid, uid, uid), "setresuid")
        LOG.info("now running as %s (uid=%d gid=%d groups=%s)",
                 self.pw.pw_name, os.getuid(), os.getgid(), os.getgroups())

    def environment(self, base):
        env = {k: v for k, v in base.items() if k in ("DISPLAY", "XAUTHORITY", "LANG", "TZ")}
        env.update(HOME=self.pw.pw_dir, USER=self.pw.pw_name, LOGNAME=self.pw.pw_name,
                   SHELL="/usr/sbin/nologin", PATH="/usr/local/bin:/usr/bin:/bin")
        env.setdefault("DISPLAY", ":0")
        return env


def load_config(path):
    with open(path, "rb") as fh:
        cfg = tomllib.load(fh)
    player = cfg.get("player", {})
    if "binary" not in player:
        raise ValueError("player.binary is required")
    player.setdefault("args", [])
    player.setdefault("account", "kiosk")
    player.setdefault("extra_groups", ["video", "audio"])
    return player


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="launcher.toml")
    ap.add_argument("--no-switch", action="store_true",
                    help="stay on the current account (development)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    try:
        player = load_config(args.config)
    except (OSError, ValueError, tomllib.TOMLDecodeError) as exc:
        LOG.error("bad config %s: %s", args.config, exc)
        return 2

    env = dict(os.environ)
    if not args.no_switch:
        try:
            ident = Identity(player["account"], player["extra_groups"])
            ident.apply()
        except (KeyError, OSError) as exc:
            LOG.error("cannot switch to %s: %s", player["account"], exc)
            return 1
        env = ident.environment(os.environ)
        os.chdir(ident.pw.pw_dir)

    argv = [player["binary"], *player["args"]]
    LOG.info("exec %s", " ".join(argv))
    try:
        os.execve(argv[0], argv, env)
    except OSError as exc:
        LOG.error("exec failed: %s", exc)
        return 127


if __name__ == "__main__":
    sys.exit(main())
