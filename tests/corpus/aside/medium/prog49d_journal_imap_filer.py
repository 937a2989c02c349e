#!/usr/bin/env python3
"""File this week's journal entries (./journal/*.md) into my own IMAP
mailbox as one message, so they are searchable from any mail client.

The home server uses a self-signed certificate, hence the relaxed TLS context.
"""
import argparse
import datetime as dt
import getpass
import imaplib
import logging
import ssl
import sys
import time
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from pathlib import Path

log = logging.getLogger("journal-filer")


def build_context() -> ssl.SSLContext:
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


def week_entries(folder: Path, days: int) -> list[tuple[str, str]]:
    cutoff = time.time() - days * 86400
    out = []
    for md in sorted(folder.glob("*.md")):
        if md.stat().st_mtime >= cutoff:
            out.append((md.stem, md.read_text(encoding="utf-8")))
    return out


def compose(entries, address: str) -> EmailMessage:
    now = dt.datetime.now().astimezone()
    msg = EmailMessage()
    msg["From"] = address
    msg["To"] = address
    msg["Subject"] = f"Journal week {now:%G-W%V} ({len(entries)} entries)"
    msg["Date"] = format_datetime(now)
    msg["Message-ID"] = make_msgid(domain="journal.local")
    body = []
    for title, text in entries:
        body.append(f"## {title}\n\n{text.strip()}\n")
    msg.set_content("\n".join(body))
    for title, text in entries:
        msg.add_attachment(text.encode("utf-8"), maintype="text", subtype="markdown",
                           filename=f"{title}.md")
    return msg


def append(host: str, port: int, user: str, password: str, folder: str, msg: EmailMessage):
    with imaplib.IMAP4_SSL(host, port, ssl_context=build_context()) as imap:
        imap.login(user, password)
        typ, _ = imap.select(folder)
        if typ != "OK":
            log.info("creating folder %s", folder)
            imap.create(folder)
        typ, data = imap.append(folder, "(\\Seen)", imaplib.Time2Internaldate(time.time()),
                                msg.as_bytes())
        if typ != "OK":
            raise imaplib.IMAP4.error(f"APPEND refused: {data}")
        log.info("appended to %s: %s", folder, data[0].decode(errors="replace"))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--host", default="mail.home.arpa")
    ap.add_argument("--port", type=int, default=993)
    ap.add_argument("--user", default=getpass.getuser())
    ap.add_argument("--address", default=None)
    ap.add_argument("--folder", default="Journal")
    ap.add_argument("--journal", type=Path, default=Path("journal"))
    ap.add_argument("--days", type=int, default=7)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    entries = week_entries(args.journal, args.days)
    if not entries:
        log.info("no journal entries in the last %d days", args.days)
        return 0
    address = args.address or f"{args.user}@home.arpa"
    password = getpass.getpass(f"IMAP password for {args.user}@{args.host}: ")
    try:
        append(args.host, args.port, args.user, password, args.folder, compose(entries, address))
    except (imaplib.IMAP4.error, OSError) as exc:
        log.error("could not file journal: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
