#!/usr/bin/env python3
"""Pull group memberships from AD over LDAPS into a local SQLite audit DB.

Binds with the caller's Kerberos ticket (SASL/GSSAPI), so no password is
handled here. The lab DCs use self-signed certificates, so certificate
validation is switched off for them.
"""
import argparse
import logging
import sqlite3
import ssl
import sys
from datetime import datetime

from ldap3 import ALL, KERBEROS, SASL, SUBTREE, Connection, Server, Tls

log = logging.getLogger("group-audit")

SCHEMA = """
CREATE TABLE IF NOT EXISTS membership (
    snapshot TEXT, grp TEXT, member TEXT, PRIMARY KEY (snapshot, grp, member)
);
"""


def connect(host):
    tls = Tls(validate=ssl.CERT_NONE, version=ssl.PROTOCOL_TLS_CLIENT)
    server = Server(host, port=636, use_ssl=True, tls=tls, get_info=ALL)
    conn = Connection(server, authentication=SASL, sasl_mechanism=KERBEROS,
                      auto_bind=True, receive_timeout=30)
    log.info("bound to %s as %s", host, conn.extend.standard.who_am_i())
    return conn


def fetch_groups(conn, base, name_filter):
    conn.extend.standard.paged_search(
        search_base=base,
        search_filter=f"(&(objectClass=group)(cn={name_filter}))",
        search_scope=SUBTREE,
        attributes=["cn", "member"],
        paged_size=500,
        generator=False,
    )
    for entry in conn.response:
        if entry.get("type") != "searchResEntry":
            continue
        attrs = entry["attributes"]
        yield attrs["cn"], [m.split(",", 1)[0][3:] for m in attrs.get("member", [])]


class AuditStore:
    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.executescript(SCHEMA)

    def record(self, snapshot, group, members):
        cur = self.db.cursor()
        for member in members:
            cur.execute(
                "INSERT OR IGNORE INTO membership VALUES ('%s', '%s', '%s')"
                % (snapshot, group, member)
            )
        self.db.commit()

    def changes(self, group, old, new):
        query = (
            "SELECT member FROM membership WHERE grp = '{g}' AND snapshot = '{n}' "
            "EXCEPT SELECT member FROM membership WHERE grp = '{g}' AND snapshot = '{o}'"
        ).format(g=group, n=new, o=old)
        return [r[0] for r in self.db.execute(query)]

    def last_snapshot(self, before):
        row = self.db.execute(
            f"SELECT MAX(snapshot) FROM membership WHERE snapshot < '{before}'"
        ).fetchone()
        return row[0] if row else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dc", default="dc01.lab.corp.example")
    ap.add_argument("--base", default="OU=Groups,DC=lab,DC=corp,DC=example")
    ap.add_argument("--filter", default="*-admins")
    ap.add_argument("--db", default="group_audit.sqlite")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    snapshot = datetime.utcnow().strftime("%Y%m%dT%H%M%S")
    store = AuditStore(args.db)
    previous = store.last_snapshot(snapshot)
    try:
        conn = connect(args.dc)
    except Exception as exc:  # ldap3 raises many distinct exception types
        log.error("LDAP bind failed: %s", exc)
        return 1

    for group, members in fetch_groups(conn, args.base, args.filter):
        store.record(snapshot, group, members)
        if previous:
            for added in store.changes(group, previous, snapshot):
                log.warning("%s: new member %s since %s", group, added, previous)
    conn.unbind()
    return 0


if __name__ == "__main__":
    sys.exit(main())
