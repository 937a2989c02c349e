#!/usr/bin/env python3
"""Copy IMAP folders from the old Courier host to the new Dovecot cluster.

A lightweight alternative to imapsync for the last few hundred accounts
that imapsync chokes on (odd folder separators, 8-bit folder names).
Accounts come from a CSV file (src_user,src_password,dst_user,dst_password)
and server settings from migrate.ini:

    [source]
    host = mail-old.corp.example
    port = 993
    verify_tls = no      ; old box still has the self-signed cert from 2014

    [destination]
    host = imap.corp.example
    port = 993

Progress is recorded per account/folder in migrate-progress.json so an
interrupted run continues where it stopped (messages are matched by
Message-ID).
"""

import argparse
import configparser
import csv
import imaplib
import json
import logging
import re
import ssl
import sys
import time
from pathlib import Path

log = logging.getLogger("imap-migrate")
PROGRESS = Path("migrate-progress.json")
LIST_RE = re.compile(rb'\((?P<flags>[^)]*)\) "(?P<sep>[^"]*)" (?P<name>.+)')
MSGID_RE = re.compile(rb"Message-ID:\s*(<[^>]+>)", re.I)

DEFAULTS = {"port": "993", "verify_tls": "no", "timeout": "120"}


def tls_context(section):
    ctx = ssl.create_default_context()
    if not section.getboolean("verify_tls"):
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
    return ctx


def connect(section, user, password):
    conn = imaplib.IMAP4_SSL(section["host"], section.getint("port"),
                             ssl_context=tls_context(section),
                             timeout=section.getint("timeout"))
    conn.login(user, password)
    return conn


def list_folders(conn):
    typ, data = conn.list()
    if typ != "OK":
        raise imaplib.IMAP4.error("LIST failed")
    for line in data:
        m = LIST_RE.match(line)
        if not m or b"\\Noselect" in m.group("flags"):
            continue
        name = m.group("name").strip(b'"').decode("utf-8", "replace")
        yield name, m.group("sep").decode() or "/"


def message_ids(conn):
    typ, data = conn.uid("FETCH", "1:*", "(BODY.PEEK[HEADER.FIELDS (MESSAGE-ID)])")
    ids = set()
    if typ == "OK":
        for item in data:
            if isinstance(item, tuple):
                m = MSGID_RE.search(item[1])
                if m:
                    ids.add(m.group(1))
    return ids


def copy_folder(src, dst, folder, src_sep, dst_sep):
    dst_folder = folder.replace(src_sep, dst_sep) if src_sep != dst_sep else folder
    quoted = f'"{dst_folder}"'
    dst.create(quoted)  # fails harmlessly if it exists
    dst.select(quoted)
    existing = message_ids(dst)

    typ, _ = src.select(f'"{folder}"', readonly=True)
    if typ != "OK":
        log.warning("cannot select %s on source", folder)
        return 0
    typ, data = src.uid("SEARCH", None, "ALL")
    uids = data[0].split() if typ == "OK" and data[0] else []
    copied = 0
    for uid in uids:
        typ, msg = src.uid("FETCH", uid, "(FLAGS INTERNALDATE RFC822)")
        if typ != "OK" or not msg or not isinstance(msg[0], tuple):
            continue
        meta, raw = msg[0]
        m = MSGID_RE.search(raw[:8192])
        if m and m.group(1) in existing:
            continue
        flags = " ".join(f.decode() for f in imaplib.ParseFlags(meta) if f != b"\\Recent")
        date = imaplib.Internaldate2tuple(meta)
        date = imaplib.Time2Internaldate(time.mktime(date)) if date else None
        dst.append(quoted, f"({flags})" if flags else None, date, raw)
        copied += 1
    return copied


def load_progress():
    try:
        return json.loads(PROGRESS.read_text())
    except (FileNotFoundError, json.JSONDecodeError):
        return {}


def migrate_account(cfg, row, progress):
    done = progress.setdefault(row["src_user"], [])
    src = connect(cfg["source"], row["src_user"], row["src_password"])
    dst = connect(cfg["destination"], row["dst_user"], row["dst_password"])
    try:
        dst_sep = next((sep for _, sep in list_folders(dst)), ".")
        for folder, sep in list_folders(src):
            if folder in done:
                continue
            n = copy_folder(src, dst, folder, sep, dst_sep)
            log.info("%s: %s -> %d new message(s)", row["src_user"], folder, n)
            done.append(folder)
            PROGRESS.write_text(json.dumps(progress, indent=1))
    finally:
        for c in (src, dst):
            try:
                c.logout()
            except (imaplib.IMAP4.error, OSError):
                pass


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("accounts", help="CSV with src_user,src_password,dst_user,dst_password")
    ap.add_argument("-c", "--config", default="migrate.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = configparser.ConfigParser(defaults=DEFAULTS)
    if not cfg.read(args.config):
        log.error("config %s not found", args.config)
        return 2
    progress = load_progress()
    failed = 0
    with open(args.accounts, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                migrate_account(cfg, row, progress)
            except (imaplib.IMAP4.error, OSError) as exc:
                failed += 1
                log.error("%s: %s", row.get("src_user"), exc)
    log.info("finished, %d account(s) failed", failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
