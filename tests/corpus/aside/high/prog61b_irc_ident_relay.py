#!/usr/bin/env python3
"""Ident (RFC 1413) responder for the IRC side of the chat bridge.

Several IRC networks the Slack<->IRC bridge connects to insist on an identd
answer. Port 113 is privileged, so this daemon starts as root, binds the
socket, then switches to the unprivileged bridge account through libc and
serves requests with the bridge's configured ident name.
"""
import argparse
import ctypes
import ctypes.util
import logging
import pwd
import socketserver

log = logging.getLogger("identd")
_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
_libc.setresgid.argtypes = [ctypes.c_uint] * 3
_libc.setresuid.argtypes = [ctypes.c_uint] * 3


def _check(rc: int, what: str):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what} failed: {ctypes.cast(_libc.strerror(err), ctypes.c_char_p).value}")


def switch_account(username: str):
    """Drop from root to `username` permanently (real, effective, saved ids)."""
    entry = pwd.getpwnam(username)
    groups = (ctypes.c_uint * 1)(entry.pw_gid)
    _check(_libc.setgroups(1, groups), "setgroups")
    _check(_libc.setresgid(entry.pw_gid, entry.pw_gid, entry.pw_gid), "setresgid")
    _check(_libc.setresuid(entry.pw_uid, entry.pw_uid, entry.pw_uid), "setresuid")
    log.info("now running as %s (uid %d)", username, entry.pw_uid)


class IdentHandler(socketserver.StreamRequestHandler):
    timeout = 10

    def handle(self):
        try:
            line = self.rfile.readline(256).decode("ascii", "replace").strip()
        except OSError:
            return
        try:
            local, remote = (int(p.strip()) for p in line.split(","))
            if not (0 < local < 65536 and 0 < remote < 65536):
                raise ValueError
        except ValueError:
            self.wfile.write(f"{line} : ERROR : INVALID-PORT\r\n".encode())
            return
        name = self.server.ident_name
        log.info("ident query %s -> %s", line, name)
        self.wfile.write(f"{local}, {remote} : USERID : UNIX : {name}\r\n".encode())


class IdentServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, addr, ident_name: str):
        super().__init__(addr, IdentHandler)
        self.ident_name = ident_name


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--listen", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=113)
    ap.add_argument("--run-as", default="chatbridge")
    ap.add_argument("--ident-name", default="bridge")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    server = IdentServer((args.listen, args.port), args.ident_name)
    switch_account(args.run_as)
    log.info("identd ready on %s:%d", args.listen, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
