#!/usr/bin/env python3
"""Telnet login decoy on the real port 23.

Port 23 is privileged, so the decoy is started as root, binds the socket, and
then switches to an unprivileged service account through libc before it
accepts any connection.  Visitors see a login prompt; credentials and typed
lines are recorded to a local JSON-lines file.  Nothing is executed.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import socketserver
import threading
import time

log = logging.getLogger("telnet-decoy")
_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def drop_to(user: str, group: str):
    """Permanently switch real, effective and saved IDs to user/group."""
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    groups = (ctypes.c_uint * 1)(gid)
    _check(_libc.setgroups(ctypes.c_size_t(1), groups), "setgroups")
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    if os.geteuid() == 0 or os.getegid() == 0:
        raise RuntimeError("privilege drop did not take effect")
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as %s(%d):%s(%d)", user, pw.pw_uid, group, gid)


class Journal:
    def __init__(self, path):
        self.path = path
        self.lock = threading.Lock()

    def write(self, **rec):
        rec["ts"] = round(time.time(), 3)
        with self.lock, open(self.path, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(rec) + "\n")


class DecoyHandler(socketserver.StreamRequestHandler):
    timeout = 90

    def send(self, text):
        self.wfile.write(text.encode("latin-1", "replace"))

    def readline(self):
        raw = self.rfile.readline(512)
        if not raw:
            raise EOFError
        # strip telnet IAC negotiation bytes
        cleaned = bytes(b for b in raw if b < 0xF0)
        return cleaned.decode("latin-1").strip()

    def handle(self):
        src = self.client_address[0]
        journal = self.server.journal
        journal.write(event="connect", src=src)
        try:
            self.send("\r\nRT-AX88U-5E10 login: ")
            user = self.readline()
            self.send("Password: ")
            password = self.readline()
            journal.write(event="login", src=src, user=user, password=password)
            time.sleep(1.5)
            self.send("\r\nLogin incorrect\r\n\r\nRT-AX88U-5E10 login: ")
            again = self.readline()
            journal.write(event="login_retry", src=src, user=again)
            self.send("Password: ")
            journal.write(event="login", src=src, user=again, password=self.readline())
            self.send("\r\nLogin incorrect\r\nConnection closed by foreign host.\r\n")
        except (EOFError, OSError, TimeoutError):
            pass
        finally:
            journal.write(event="close", src=src)


class DecoyServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, addr, journal):
        super().__init__(addr, DecoyHandler)
        self.journal = journal


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=23)
    ap.add_argument("--user", default="nobody")
    ap.add_argument("--group", default="nogroup")
    ap.add_argument("--journal", default="telnet-decoy.jsonl")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    journal_path = os.path.abspath(args.journal)
    if not os.path.exists(journal_path):
        open(journal_path, "a").close()
    server = DecoyServer((args.bind, args.port), Journal(journal_path))
    if os.geteuid() == 0:
        os.chown(journal_path, pwd.getpwnam(args.user).pw_uid, grp.getgrnam(args.group).gr_gid)
        drop_to(args.user, args.group)
    else:
        log.warning("not started as root; no privilege change performed")
    log.info("decoy listening on %s:%d", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
