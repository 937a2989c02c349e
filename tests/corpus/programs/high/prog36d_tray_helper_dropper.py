#!/usr/bin/env python3
"""acme-tray-helper: privileged bootstrap for the Acme VPN tray icon.

The helper is started as root by the VPN package so it can read the
machine-wide profile store (/var/lib/acme-vpn/profiles, mode 0700 root).
It loads the profile list, then permanently switches to the desktop user
that launched it and serves the list to the tray icon over a Unix socket
in the current directory.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import socket
import sys
from pathlib import Path

PROFILE_STORE = Path("/var/lib/acme-vpn/profiles")
SOCKET_NAME = "acme-tray.sock"
PR_SET_NO_NEW_PRIVS = 38

log = logging.getLogger("tray-helper")


def load_profiles(store: Path) -> list:
    profiles = []
    if not store.is_dir():
        log.warning("profile store %s missing", store)
        return profiles
    for p in sorted(store.glob("*.json")):
        try:
            data = json.loads(p.read_text())
        except (OSError, ValueError) as exc:
            log.warning("skipping %s: %s", p.name, exc)
            continue
        # the tray only needs display data, never the keys
        profiles.append({"id": p.stem, "name": data.get("name", p.stem),
                         "server": data.get("server"), "proto": data.get("proto", "wireguard")})
    return profiles


def resolve_target_user(explicit: str) -> pwd.struct_passwd:
    if explicit:
        return pwd.getpwnam(explicit)
    for var in ("SUDO_UID", "PKEXEC_UID"):
        if os.environ.get(var):
            return pwd.getpwuid(int(os.environ[var]))
    raise SystemExit("cannot tell which desktop user to switch to; use --user")


def drop_privileges(user: pwd.struct_passwd) -> None:
    if os.getuid() != 0:
        log.info("not running as root, nothing to drop")
        return
    groups = os.getgrouplist(user.pw_name, user.pw_gid)
    os.setgroups(groups)
    os.setresgid(user.pw_gid, user.pw_gid, user.pw_gid)
    os.setresuid(user.pw_uid, user.pw_uid, user.pw_uid)
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        log.warning("prctl(NO_NEW_PRIVS) failed: errno %d", ctypes.get_errno())
    try:
        os.setuid(0)
    except PermissionError:
        pass
    else:
        raise SystemExit("privilege drop failed: could regain root")
    os.environ.update(HOME=user.pw_dir, USER=user.pw_name, LOGNAME=user.pw_name)
    log.info("now running as %s (uid=%d, groups=%s)", user.pw_name, user.pw_uid,
             ",".join(grp.getgrgid(g).gr_name for g in groups))


def serve(profiles: list, sock_path: Path) -> None:
    if sock_path.exists():
        sock_path.unlink()
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    srv.bind(str(sock_path))
    os.chmod(sock_path, 0o600)
    srv.listen(4)
    log.info("serving %d profile(s) on %s", len(profiles), sock_path)
    try:
        while True:
            conn, _ = srv.accept()
            with conn:
                request = conn.recv(256).decode(errors="replace").strip()
                if request == "LIST":
                    reply = {"ok": True, "profiles": profiles}
                elif request == "PING":
                    reply = {"ok": True}
                else:
                    reply = {"ok": False, "error": "unknown request"}
                conn.sendall(json.dumps(reply).encode() + b"\n")
    finally:
        srv.close()
        sock_path.unlink(missing_ok=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Acme VPN tray helper")
    ap.add_argument("--user", default="", help="desktop user to switch to")
    ap.add_argument("--store", type=Path, default=PROFILE_STORE)
    ap.add_argument("--socket", type=Path, default=Path(SOCKET_NAME))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    target = resolve_target_user(args.user)
    profiles = load_profiles(args.store)
    sock_path = args.socket.resolve()
    drop_privileges(target)
    try:
        serve(profiles, sock_path)
    except KeyboardInterrupt:
        log.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
