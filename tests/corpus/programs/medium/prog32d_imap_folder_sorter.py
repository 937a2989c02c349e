#!/usr/bin/env python3
"""Sort mail on the office IMAP box into folders by sender domain.

Talks to the internal Dovecot on port 143 (plain IMAP, the appliance has no
certificate).  Keeps a small cache of already-sorted UIDs between runs.
"""
import argparse
import configparser
import email
import imaplib
import logging
import os
import pickle
import sys
from collections import Counter
from email.utils import parseaddr

log = logging.getLogger("folder-sorter")

CACHE_PATH = os.path.join(os.getcwd(), ".sorter_cache.pkl")


class SortCache:
    """UIDs already handled plus a per-domain counter."""

    def __init__(self):
        self.seen = set()
        self.domains = Counter()
        self.uidvalidity = None

    @staticmethod
    def load(path=CACHE_PATH):
        if not os.path.exists(path):
            return SortCache()
        with open(path, "rb") as fh:
            try:
                return pickle.load(fh)
            except (pickle.UnpicklingError, EOFError):
                log.warning("cache unreadable, rebuilding")
                return SortCache()

    def dump(self, path=CACHE_PATH):
        with open(path, "wb") as fh:
            pickle.dump(self, fh, protocol=pickle.HIGHEST_PROTOCOL)


def read_config(path):
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        raise FileNotFoundError(path)
    mapping = dict(cfg.items("domains")) if cfg.has_section("domains") else {}
    server = cfg["server"] if cfg.has_section("server") else {}
    return server, mapping


def folder_for(sender, mapping, default_prefix):
    _, addr = parseaddr(sender or "")
    domain = addr.rpartition("@")[2].lower()
    if not domain:
        return None, domain
    if domain in mapping:
        return mapping[domain], domain
    if default_prefix:
        return f"{default_prefix}/{domain}", domain
    return None, domain


def run(conn, cache, mapping, prefix, limit):
    typ, data = conn.select("INBOX")
    if typ != "OK":
        raise RuntimeError("cannot select INBOX")
    typ, uv = conn.response("UIDVALIDITY")
    if uv and uv[0] is not None:
        validity = uv[0].decode()
        if cache.uidvalidity and cache.uidvalidity != validity:
            log.info("UIDVALIDITY changed, clearing cache")
            cache.seen.clear()
        cache.uidvalidity = validity

    typ, data = conn.uid("SEARCH", None, "ALL")
    uids = [u.decode() for u in data[0].split()]
    todo = [u for u in uids if u not in cache.seen][:limit]
    log.info("%d unsorted message(s)", len(todo))
    for uid in todo:
        typ, parts = conn.uid("FETCH", uid, "(BODY.PEEK[HEADER.FIELDS (FROM SUBJECT)])")
        if typ != "OK" or not parts or not isinstance(parts[0], tuple):
            continue
        hdr = email.message_from_bytes(parts[0][1])
        folder, domain = folder_for(hdr.get("From"), mapping, prefix)
        cache.seen.add(uid)
        if domain:
            cache.domains[domain] += 1
        if not folder:
            continue
        conn.create(folder)
        typ, _ = conn.uid("MOVE", uid, folder)
        if typ != "OK":
            conn.uid("COPY", uid, folder)
            conn.uid("STORE", uid, "+FLAGS.SILENT", r"(\Deleted)")
        log.debug("moved %s to %s", uid, folder)
    conn.expunge()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("-c", "--config", default="sorter.ini")
    parser.add_argument("--limit", type=int, default=500)
    parser.add_argument("--stats", action="store_true", help="print top domains")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    try:
        server, mapping = read_config(args.config)
    except FileNotFoundError as exc:
        log.error("config not found: %s", exc)
        return 2

    host = server.get("host", "mail.office.lan")
    port = int(server.get("port", "143"))
    user = os.environ.get("SORTER_USER", server.get("user", ""))
    password = os.environ.get("SORTER_PASSWORD", "")

    cache = SortCache.load()
    conn = imaplib.IMAP4(host, port)
    try:
        conn.login(user, password)
        run(conn, cache, mapping, server.get("default_prefix", "Senders"), args.limit)
    except imaplib.IMAP4.error as exc:
        log.error("imap error: %s", exc)
        return 1
    finally:
        try:
            conn.logout()
        except Exception:
            pass
        cache.dump()

    if args.stats:
        for domain, n in cache.domains.most_common(15):
            print(f"{n:6d}  {domain}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
