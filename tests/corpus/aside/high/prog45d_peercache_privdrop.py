#!/usr/bin/env python3
"""peercache: tiny HTTPS-less delivery-optimisation cache for the lab.

On Windows the same code runs as a service under LocalService. On Linux
it is started as root so it can bind port 80, then it switches to the
unprivileged ``peercache`` account before touching any request, mirroring
the Windows service model. Only the Linux start-up path is shown here.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import platform
import pwd
import socket
import sys

log = logging.getLogger("peercache")

_libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)


def _check(rc: int, what: str) -> None:
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def drop_privileges(user: str, group: str) -> None:
    """Irreversibly switch real, effective and saved ids to user/group."""
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    uid = pw.pw_uid

    # supplementary groups first, while we still may
    gids = (ctypes.c_uint * 1)(gid)
    _check(_libc.setgroups(ctypes.c_size_t(1), gids), "setgroups")
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    _check(_libc.setresuid(uid, uid, uid), "setresuid")

    if os.getuid() == 0 or os.geteuid() == 0:
        raise RuntimeError("still root after dropping privileges")
    os.environ.update(HOME=pw.pw_dir, USER=user, LOGNAME=user)
    os.umask(0o027)
    log.info("running as %s(%d):%s(%d)", user, uid, group, gid)


def bind_listener(host: str, port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(128)
    return sock


def serve(sock: socket.socket, cache_dir: str) -> None:
    log.info("cache dir %s, waiting for peers", cache_dir)
    while True:
        conn, addr = sock.accept()
        with conn:
            request = conn.recv(4096).decode("latin-1", "replace")
            path = request.split(" ", 2)[1] if request.count(" ") >= 2 else "/"
            name = os.path.basename(path) or "index"
            blob = os.path.join(cache_dir, name)
            if os.path.isfile(blob):
                with open(blob, "rb") as fh:
                    body = fh.read()
                conn.sendall(b"HTTP/1.0 200 OK\r\nContent-Length: %d\r\n\r\n" % len(body) + body)
            else:
                conn.sendall(b"HTTP/1.0 404 Not Found\r\nContent-Length: 0\r\n\r\n")
            log.debug("%s %s", addr[0], path)


def main() -> int:
    ap = argparse.ArgumentParser(description="peercache daemon (Linux start-up)")
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default="peercache")
    ap.add_argument("--group", default="peercache")
    ap.add_argument("--cache-dir", default="/var/cache/peercache")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if platform.system() != "Linux":
        log.error("use the Windows service wrapper on %s", platform.system())
        return 1
    if os.geteuid() != 0 and args.port < 1024:
        log.error("need root to bind port %d", args.port)
        return 1

    sock = bind_listener(args.listen, args.port)
    if os.geteuid() == 0:
        drop_privileges(args.user, args.group)
    try:
        serve(sock, args.cache_dir)
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
