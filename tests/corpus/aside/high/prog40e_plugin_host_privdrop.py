#!/usr/bin/env python3
"""Plugin host for the Hollow Lantern dedicated server.

Started by the server's init script as root so that it can open the shared
log directory and bind the admin socket; it then permanently switches to the
unprivileged "hlserver" account with setresgid/setresuid from libc before
loading any third-party plugin. Plugins are plain JSON rule files that map
chat commands to canned responses.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import socket
import sys
from pathlib import Path

log = logging.getLogger("pluginhost")
_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc: int, what: str) -> None:
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def become(user: str) -> None:
    entry = pwd.getpwnam(user)
    uid, gid = entry.pw_uid, entry.pw_gid
    groups = (ctypes.c_uint * 1)(gid)
    _check(_libc.setgroups(1, groups), "setgroups")
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    _check(_libc.setresuid(uid, uid, uid), "setresuid")
    os.environ.update(HOME=entry.pw_dir, USER=user, LOGNAME=user)
    log.info("now running as %s (uid=%d gid=%d)", user, os.getuid(), os.getgid())


class RulePlugin:
    def __init__(self, path: Path):
        spec = json.loads(path.read_text())
        self.name = spec.get("name", path.stem)
        self.rules = {r["command"].lower(): r["reply"] for r in spec.get("rules", [])}

    def handle(self, line: str):
        return self.rules.get(line.strip().lower())


def load_plugins(directory: Path):
    plugins = []
    for path in sorted(directory.glob("*.json")):
        try:
            plugins.append(RulePlugin(path))
            log.info("loaded plugin %s", path.name)
        except (ValueError, KeyError) as exc:
            log.warning("bad plugin %s: %s", path.name, exc)
    return plugins


def serve(sock: socket.socket, plugins) -> None:
    while True:
        conn, _ = sock.accept()
        with conn, conn.makefile("rw", encoding="utf-8") as stream:
            for line in stream:
                reply = next((r for p in plugins if (r := p.handle(line))), None)
                stream.write((reply or "unknown command") + "\n")
                stream.flush()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default="hlserver")
    ap.add_argument("--plugins", default="/srv/hlserver/plugins", type=Path)
    ap.add_argument("--admin-port", type=int, default=27050)
    ap.add_argument("--log", default="/var/log/hlserver/pluginhost.log")
    args = ap.parse_args()
    logging.basicConfig(filename=args.log, level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if os.geteuid() != 0:
        print("pluginhost must be started as root; it drops privileges itself",
              file=sys.stderr)
        return 1

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", args.admin_port))
    sock.listen(4)

    try:
        become(args.user)
    except (KeyError, OSError) as exc:
        log.critical("could not drop privileges: %s", exc)
        return 1

    plugins = load_plugins(args.plugins)
    try:
        serve(sock, plugins)
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
