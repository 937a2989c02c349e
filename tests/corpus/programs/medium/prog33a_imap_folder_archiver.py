#!/usr/bin/env python3
"""Archive IMAP folders into local mbox files.

Designed for the legacy on-prem mail server, which still presents a
self-signed certificate.  Messages older than --older-than days are
appended to ./archive/<folder>.mbox; with --expunge they are then
removed from the server.

The account password is read from IMAP_PASSWORD and only sent to the
configured IMAP server.
"""

import argparse
import datetime as dt
import imaplib
import logging
import mailbox
import os
import re
import ssl
import sys
from email import message_from_bytes
from pathlib import Path

log = logging.getLogger("imap-archiver")

LIST_RE = re.compile(r'\((?P<flags>[^)]*)\) "(?P<delim>[^"]*)" (?P<name>.+)')


def legacy_tls_context() -> ssl.SSLContext:
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


def safe_name(folder: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", folder).strip("_") or "INBOX"


class Archiver:
    def __init__(self, host, port, user, password, out_dir: Path):
        self.host, self.port, self.user = host, port, user
        self._password = password
        self.out_dir = out_dir
        self.conn = None

    def connect(self):
        self.conn = imaplib.IMAP4_SSL(self.host, self.port, ssl_context=legacy_tls_context())
        self.conn.login(self.user, self._password)
        log.info("connected to %s", self.host)

    def close(self):
        if self.conn is not None:
            try:
                self.conn.close()
            except imaplib.IMAP4.error:
                pass
            self.conn.logout()

    def list_folders(self):
        typ, data = self.conn.list()
        for raw in data or []:
            m = LIST_RE.match(raw.decode(errors="replace"))
            if m and "\\Noselect" not in m.group("flags"):
                yield m.group("name").strip('"')

    def archive_folder(self, folder, cutoff: dt.date, expunge: bool) -> int:
        typ, _ = self.conn.select(f'"{folder}"', readonly=not expunge)
        if typ != "OK":
            log.warning("skip %s", folder)
            return 0
        criteria = f'(BEFORE {cutoff.strftime("%d-%b-%Y")})'
        typ, data = self.conn.uid("SEARCH", None, criteria)
        uids = data[0].split() if typ == "OK" and data and data[0] else []
        if not uids:
            return 0

        self.out_dir.mkdir(parents=True, exist_ok=True)
        box = mailbox.mbox(self.out_dir / f"{safe_name(folder)}.mbox")
        box.lock()
        archived = []
        try:
            for uid in uids:
                typ, msg_data = self.conn.uid("FETCH", uid, "(RFC822)")
                if typ != "OK" or not msg_data or msg_data[0] is None:
                    log.warning("fetch failed for uid %s", uid.decode())
                    continue
                box.add(mailbox.mboxMessage(message_from_bytes(msg_data[0][1])))
                archived.append(uid)
            box.flush()
        finally:
            box.unlock()
            box.close()

        if expunge and archived:
            uid_set = b",".join(archived).decode()
            self.conn.uid("STORE", uid_set, "+FLAGS", r"(\Deleted)")
            self.conn.expunge()
        return len(archived)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--host", required=True)
    ap.add_argument("--port", type=int, default=993)
    ap.add_argument("--user", required=True)
    ap.add_argument("--older-than", type=int, default=365, metavar="DAYS")
    ap.add_argument("--folder", action="append", help="folder(s) to archive; default all")
    ap.add_argument("--out", default="archive")
    ap.add_argument("--expunge", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    password = os.environ.get("IMAP_PASSWORD")
    if not password:
        log.error("IMAP_PASSWORD is not set")
        return 2

    cutoff = dt.date.today() - dt.timedelta(days=args.older_than)
    arch = Archiver(args.host, args.port, args.user, password, Path(args.out))
    try:
        arch.connect()
        folders = args.folder or list(arch.list_folders())
        total = 0
        for folder in folders:
            n = arch.archive_folder(folder, cutoff, args.expunge)
            log.info("%-30s archived %d", folder, n)
            total += n
        log.info("archived %d messages older than %s", total, cutoff)
    except (imaplib.IMAP4.error, OSError) as exc:
        log.error("archive run failed: %s", exc)
        return 1
    finally:
        arch.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
