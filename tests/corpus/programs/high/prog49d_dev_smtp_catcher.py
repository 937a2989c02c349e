#!/usr/bin/env python3
"""Tiny SMTP catcher for local development (think MailHog, minus the UI).

Binds 127.0.0.1:25 so unmodified apps can send mail, then gives up root and
stores every message as an .eml file in ./caught-mail.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import socketserver
import time
from pathlib import Path

log = logging.getLogger("smtp-catcher")
_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def drop_privileges(username: str) -> None:
    if os.geteuid() != 0:
        log.info("not root, nothing to drop")
        return
    entry = pwd.getpwnam(username)
    os.setgroups([])
    for fn, arg in ((_libc.setgid, entry.pw_gid), (_libc.setuid, entry.pw_uid)):
        if fn(ctypes.c_uint(arg)) != 0:
            err = ctypes.get_errno()
            raise OSError(err, os.strerror(err))
    os.umask(0o077)
    log.info("now running as %s (uid %d)", username, entry.pw_uid)


class SMTPHandler(socketserver.StreamRequestHandler):
    store: Path = Path("caught-mail")

    def reply(self, line: str) -> None:
        self.wfile.write((line + "\r\n").encode())

    def handle(self):
        self.reply("220 catcher ESMTP ready")
        mail_from, rcpts = None, []
        while True:
            raw = self.rfile.readline(4096)
            if not raw:
                return
            cmd = raw.decode("utf-8", "replace").strip()
            verb = cmd[:4].upper()
            if verb in ("HELO", "EHLO"):
                self.reply("250 catcher")
            elif verb == "MAIL":
                mail_from, rcpts = cmd[10:], []
                self.reply("250 OK")
            elif verb == "RCPT":
                rcpts.append(cmd[8:])
                self.reply("250 OK")
            elif verb == "DATA":
                self.reply("354 end with <CRLF>.<CRLF>")
                body = []
                for line in iter(self.rfile.readline, b""):
                    if line in (b".\r\n", b".\n"):
                        break
                    body.append(line[1:] if line.startswith(b"..") else line)
                self.save(mail_from, rcpts, b"".join(body))
                self.reply("250 queued")
            elif verb == "RSET":
                mail_from, rcpts = None, []
                self.reply("250 OK")
            elif verb == "QUIT":
                self.reply("221 bye")
                return
            else:
                self.reply("502 not implemented")

    def save(self, sender, rcpts, data: bytes) -> None:
        name = f"{time.strftime('%Y%m%d-%H%M%S')}-{time.monotonic_ns() % 100000}.eml"
        header = f"X-Catcher-From: {sender}\r\nX-Catcher-To: {', '.join(rcpts)}\r\n"
        (self.store / name).write_bytes(header.encode() + data)
        log.info("caught mail from %s to %s -> %s", sender, rcpts, name)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=25)
    ap.add_argument("--user", default="nobody")
    ap.add_argument("--store", type=Path, default=Path("caught-mail"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    args.store.mkdir(exist_ok=True)
    if os.geteuid() == 0:
        target = pwd.getpwnam(args.user)
        os.chown(args.store, target.pw_uid, target.pw_gid)
    SMTPHandler.store = args.store.resolve()
    socketserver.ThreadingTCPServer.allow_reuse_address = True
    server = socketserver.ThreadingTCPServer(("127.0.0.1", args.port), SMTPHandler)
    drop_privileges(args.user)
    log.info("listening on 127.0.0.1:%d", args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
