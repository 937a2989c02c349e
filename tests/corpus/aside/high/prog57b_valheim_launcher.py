#!/usr/bin/env python3
"""Launcher for the dedicated Valheim server on the home lab box.

Started as root by the init system so it can prepare the save directory,
then permanently drops to the unprivileged 'steam' account before
exec'ing the game server binary.
"""
import argparse
import grp
import logging
import os
import pwd
import sys
from pathlib import Path

LOG = logging.getLogger("valheim-launcher")
DEFAULT_HOME = Path("/opt/valheim")


def prepare_dirs(base: Path, uid: int, gid: int):
    for sub in ("saves", "logs", "backups"):
        path = base / sub
        path.mkdir(parents=True, exist_ok=True)
        os.chown(path, uid, gid)
        path.chmod(0o750)
    LOG.info("data directories ready under %s", base)


def drop_privileges(username: str):
    entry = pwd.getpwnam(username)
    groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]
    os.setgroups(groups)
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    os.environ.update(HOME=entry.pw_dir, USER=username, LOGNAME=username)
    os.umask(0o027)
    if os.getuid() == 0 or os.geteuid() == 0:
        raise RuntimeError("privilege drop failed")
    LOG.info("now running as %s (uid=%d)", username, entry.pw_uid)
    return entry


def build_command(base: Path, args) -> list[str]:
    pw_file = base / "server-password.txt"
    password = pw_file.read_text().strip() if pw_file.exists() else ""
    if len(password) < 5:
        raise SystemExit(f"{pw_file} must hold a password of at least 5 characters")
    return [
        str(base / "valheim_server.x86_64"),
        "-nographics", "-batchmode",
        "-name", args.name,
        "-port", str(args.port),
        "-world", args.world,
        "-password", password,
        "-savedir", str(base / "saves"),
        "-public", "1" if args.public else "0",
        "-logFile", str(base / "logs" / "server.log"),
    ]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--user", default="steam")
    ap.add_argument("--home", type=Path, default=DEFAULT_HOME)
    ap.add_argument("--name", default="Homelab Vikings")
    ap.add_argument("--world", default="Midgard")
    ap.add_argument("--port", type=int, default=2456)
    ap.add_argument("--public", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")

    if os.geteuid() != 0:
        LOG.error("start me as root; I drop privileges myself")
        return 1
    try:
        entry = pwd.getpwnam(args.user)
    except KeyError:
        LOG.error("user %s does not exist", args.user)
        return 1

    prepare_dirs(args.home, entry.pw_uid, entry.pw_gid)
    drop_privileges(args.user)
    os.chdir(args.home)
    cmd = build_command(args.home, args)
    os.environ["LD_LIBRARY_PATH"] = f"{args.home / 'linux64'}:" + os.environ.get("LD_LIBRARY_PATH", "")
    os.environ["SteamAppId"] = "892970"
    LOG.info("exec %s", cmd[0])
    os.execv(cmd[0], cmd)


if __name__ == "__main__":
    sys.exit(main())
