#!/usr/bin/env python3
"""Bounce listener for the newsletter sender.

A tiny SMTP endpoint that the MTA forwards DSNs (delivery status notifications)
to. Hard bounces (5.x.x) are appended to suppressions.csv so the next send
skips those addresses; soft bounces are counted and only suppressed after
three in a row.

Listens on port 25 of the loopback interface, then switches to the unprivileged
service account named in bounce.ini before handling any mail.
"""
import argparse
import asyncio
import configparser
import csv
import ctypes
import ctypes.util
import email
import grp
import logging
import os
import pwd
import re
import socket
import sys
from collections import Counter

log = logging.getLogger("bounces")

STATUS_RE = re.compile(r"^Status:\s*([245])\.(\d{1,3})\.(\d{1,3})", re.M | re.I)
RCPT_RE = re.compile(r"^Final-Recipient:\s*rfc822;\s*(\S+)", re.M | re.I)


class Identity:
    """Switches the process to the service account after the socket is bound."""

    _libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    @classmethod
    def assume(cls, user, group):
        pw = pwd.getpwnam(user)
        gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
        groups = (ctypes.c_uint * 1)(gid)
        for fn, args in (("setgroups", (1, groups)),
                         ("setresgid", (gid, gid, gid)),
                         ("setresuid", (pw.pw_uid, pw.pw_uid, pw.pw_uid))):
            if getattr(cls._libc, fn)(*args) != 0:
                err = ctypes.get_errno()
                raise OSError(err, f"{fn}: {os.strerror(err)}")
        os.environ["HOME"] = pw.pw_dir
        log.info("running as %s (uid=%d gid=%d)", user, os.getuid(), os.getgid())


class BounceSink:
    def __init__(self, suppress_file):
        self.out = open(suppress_file, "a", newline="", buffering=1)
        self.writer = csv.writer(self.out)
        self.soft = Counter()

    def record(self, raw):
        msg = email.message_from_bytes(raw)
        text = "\n".join(
            part.get_payload(decode=True).decode("utf-8", "replace")
            if not part.is_multipart() and part.get_payload(decode=True) else str(part)
            for part in msg.walk() if part.get_content_type() in
            ("message/delivery-status", "text/plain")
        )
        rcpt, status = RCPT_RE.search(text), STATUS_RE.search(text)
        if not rcpt or not status:
            return
        addr, klass = rcpt.group(1).lower(), status.group(1)
        code = ".".join(status.groups())
        if klass == "5":
            self.writer.writerow([addr, "hard", code])
        elif klass == "4":
            self.soft[addr] += 1
            if self.soft[addr] >= 3:
                self.writer.writerow([addr, "soft", code])
        log.info("bounce %s %s", addr, code)


async def handle(reader, writer, sink):
    async def say(line):
        writer.write((line + "\r\n").encode())
        await writer.drain()

    await say("220 bounces ESMTP")
    data_mode, buf = False, []
    while line := await reader.readline():
        if data_mode:
            if line in (b".\r\n", b".\n"):
                sink.record(b"".join(buf))
                data_mode, buf = False, []
                await say("250 queued")
            else:
                buf.append(line[1:] if line.startswith(b"..") else line)
            continue
        verb = line[:4].upper()
        if verb in (b"HELO", b"EHLO"):
            await say("250 bounces")
        elif verb in (b"MAIL", b"RCPT", b"RSET", b"NOOP"):
            await say("250 ok")
        elif verb == b"DATA":
            data_mode = True
            await say("354 end with .")
        elif verb == b"QUIT":
            await say("221 bye")
            break
        else:
            await say("502 not implemented")
    writer.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="bounce.ini")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    cfg.read_dict({"listener": {"host": "127.0.0.1", "port": "25", "user": "newsletter",
                                "group": "", "suppressions": "suppressions.csv"}})
    cfg.read(args.config)
    lc = cfg["listener"]

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((lc["host"], lc.getint("port")))
    sock.listen(64)
    sink = BounceSink(lc["suppressions"])
    try:
        Identity.assume(lc["user"], lc["group"] or None)
    except (KeyError, OSError) as exc:
        log.error("cannot switch to %s: %s", lc["user"], exc)
        return 1

    async def serve():
        server = await asyncio.start_server(lambda r, w: handle(r, w, sink), sock=sock)
        async with server:
            await server.serve_forever()

    try:
        asyncio.run(serve())
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
