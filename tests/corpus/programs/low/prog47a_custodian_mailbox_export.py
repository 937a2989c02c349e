#!/usr/bin/env python3
"""Export a custodian's IMAP folders to local mbox files for review.

Credentials come from the environment and are only ever sent to the
configured IMAP server.  Output lands in ./exports/<custodian>/.
"""
import argparse
import configparser
import imaplib
import logging
import mailbox
import os
import re
import ssl
import sys
from email import message_from_bytes
from pathlib import Path

log = logging.getLogger("mbx-export")
LIST_RE = re.compile(r'\((?P<flags>.*?)\) "(?P<delim>.*)" (?P<name>.+)')


def load_settings(path: Path) -> dict:
    cfg = configparser.ConfigParser()
    cfg.read(path)
    sect = cfg["imap"] if cfg.has_section("imap") else {}
    return {
        "host": sect.get("host", "imap.example-firm.com"),
        "port": int(sect.get("port", 993)),
        "folders": [f.strip() for f in sect.get("folders", "INBOX,Sent").split(",")],
    }


def open_session(host: str, port: int, user: str, secret: str) -> imaplib.IMAP4_SSL:
    ctx = ssl.create_default_context()
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    conn = imaplib.IMAP4_SSL(host, port, ssl_context=ctx)
    conn.login(user, secret)
    return conn


def list_folders(conn) -> list:
    typ, data = conn.list()
    names = []
    for raw in data or []:
        m = LIST_RE.match(raw.decode(errors="replace"))
        if m:
            names.append(m.group("name").strip('"'))
    return names


def export_folder(conn, folder: str, dest: Path) -> int:
    typ, _ = conn.select(f'"{folder}"', readonly=True)
    if typ != "OK":
        log.warning("cannot open %s", folder)
        return 0
    typ, ids = conn.search(None, "ALL")
    box = mailbox.mbox(str(dest / (folder.replace("/", "_") + ".mbox")))
    box.lock()
    written = 0
    try:
        for msg_id in ids[0].split():
            typ, parts = conn.fetch(msg_id, "(BODY.PEEK[])")
            if typ == "OK" and parts and isinstance(parts[0], tuple):
                box.add(message_from_bytes(parts[0][1]))
                written += 1
    finally:
        box.flush()
        box.unlock()
        box.close()
    return written


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("custodian", help="mailbox login, e.g. jdoe@example-firm.com")
    ap.add_argument("--config", default="export.ini")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    secret = os.environ.get("IMAP_EXPORT_PASSWORD")
    if not secret:
        log.error("set IMAP_EXPORT_PASSWORD first")
        return 1
    settings = load_settings(Path(args.config))
    dest = Path("exports") / args.custodian.split("@")[0]
    dest.mkdir(parents=True, exist_ok=True)

    conn = open_session(settings["host"], settings["port"], args.custodian, secret)
    try:
        available = set(list_folders(conn))
        for folder in settings["folders"]:
            if folder not in available:
                log.info("skipping missing folder %s", folder)
                continue
            n = export_folder(conn, folder, dest)
            log.info("%s: %d messages", folder, n)
    finally:
        conn.logout()
    return 0


if __name__ == "__main__":
    sys.exit(main())
