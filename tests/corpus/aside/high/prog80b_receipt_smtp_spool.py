#!/usr/bin/env python3
"""Local SMTP spool for donation receipts.

The old donor database can only send mail to "localhost:25" and cannot do
TLS or authentication.  This listens there, accepts the receipt messages,
and drops them as .eml files in spool/ for receipt_mailer to send through
the real provider.  It binds the port as root and then runs as the
unprivileged service account.

    receipt_smtp_spool.py --user receipts [--port 25] [--spool spool/]
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import socketserver
import sys
import uuid
from datetime import datetime, timezone
from email.utils import formatdate
from pathlib import Path

log = logging.getLogger("receipt-spool")

MAX_MESSAGE = 2 * 1024 * 1024
ALLOWED_SENDER_DOMAINS = ("example.org",)

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def become(user, group=None):
    """Switch the whole process to the service account."""
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    uid = pw.pw_uid
    groups = (ctypes.c_uint * 1)(gid)
    _check(_libc.setgroups(ctypes.c_size_t(1), groups), "setgroups")
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    _check(_libc.setresuid(uid, uid, uid), "setresuid")
    os.environ["HOME"] = pw.pw_dir
    os.environ["USER"] = os.environ["LOGNAME"] = user
    log.info("running as %s (uid %d, gid %d)", user, uid, gid)


class SpoolHandler(socketserver.StreamRequestHandler):
    spool_dir = Path("spool")

    def reply(self, line):
        self.wfile.write((line + "\r\n").encode())

    def reset(self):
        self.sender, self.rcpts = None, []

    def handle(self):
        self.reset()
        self.reply("220 receipts-spool ESMTP ready")
        while True:
            raw = self.rfile.readline(4096)
            if not raw:
                return
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            verb, _, arg = line.partition(" ")
            verb = verb.upper()
            if verb in ("HELO", "EHLO"):
                self.reply(f"250 receipts-spool hello {arg}")
            elif verb == "MAIL" and arg.upper().startswith("FROM:"):
                addr = arg[5:].strip().strip("<>")
                if not addr.lower().endswith(ALLOWED_SENDER_DOMAINS):
                    self.reply("550 sender not accepted")
                    continue
                self.sender = addr
                self.reply("250 OK")
            elif verb == "RCPT" and arg.upper().startswith("TO:"):
                if not self.sender:
                    self.reply("503 need MAIL first")
                    continue
                self.rcpts.append(arg[3:].strip().strip("<>"))
                self.reply("250 OK")
            elif verb == "DATA":
                if not self.rcpts:
                    self.reply("503 need RCPT first")
                    continue
                self.reply("354 end with <CRLF>.<CRLF>")
                self.receive_data()
            elif verb == "RSET":
                self.reset()
                self.reply("250 OK")
            elif verb == "NOOP":
                self.reply("250 OK")
            elif verb == "QUIT":
                self.reply("221 bye")
                return
            else:
                self.reply("502 command not implemented")

    def receive_data(self):
        chunks, size = [], 0
        while True:
            raw = self.rfile.readline(65536)
            if not raw or raw in (b".\r\n", b".\n"):
                break
            if raw.startswith(b".."):
                raw = raw[1:]
            size += len(raw)
            if size > MAX_MESSAGE:
                self.reply("552 message too large")
                return
            chunks.append(raw)
        msg_id = f"{datetime.now(timezone.utc):%Y%m%d%H%M%S}-{uuid.uuid4().hex[:8]}"
        header = (f"X-Spool-Sender: {self.sender}\r\n"
                  f"X-Spool-Recipients: {', '.join(self.rcpts)}\r\n"
                  f"X-Spool-Received: {formatdate(localtime=True)}\r\n")
        path = self.spool_dir / f"{msg_id}.eml"
        tmp = path.with_suffix(".part")
        tmp.write_bytes(header.encode() + b"".join(chunks))
        tmp.rename(path)
        log.info("spooled %s for %d recipient(s)", path.name, len(self.rcpts))
        self.reply(f"250 queued as {msg_id}")
        self.reset()


class SpoolServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--user", default="receipts")
    ap.add_argument("--group")
    ap.add_argument("--listen", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=25)
    ap.add_argument("--spool", default="spool")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    spool = Path(args.spool).resolve()
    spool.mkdir(parents=True, exist_ok=True)
    SpoolHandler.spool_dir = spool

    try:
        server = SpoolServer((args.listen, args.port), SpoolHandler)
    except PermissionError:
        log.error("port %d needs root to bind; start this from the service manager", args.port)
        return 2

    if os.geteuid() == 0:
        pw = pwd.getpwnam(args.user)
        os.chown(spool, pw.pw_uid, pw.pw_gid)
        become(args.user, args.group)

    log.info("listening on %s:%d, spooling to %s", args.listen, args.port, spool)
    with server:
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            log.info("stopping")
    return 0


if __name__ == "__main__":
    sys.exit(main())
