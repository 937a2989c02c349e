#!/usr/bin/env python3
"""Audit TLS certificates served by internal endpoints, including self-signed ones.

Reads host:port pairs from a CSV inventory and prints days until expiry.
"""
import argparse
import csv
import datetime as dt
import logging
import socket
import ssl
import sys
from concurrent.futures import ThreadPoolExecutor

from cryptography import x509

log = logging.getLogger("tls-audit")


def lenient_context() -> ssl.SSLContext:
    # many internal appliances use self-signed or expired certs; we still want the dates
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    ctx.minimum_version = ssl.TLSVersion.TLSv1
    return ctx


def fetch_cert(host: str, port: int, timeout: float):
    ctx = lenient_context()
    with socket.create_connection((host, port), timeout=timeout) as raw:
        with ctx.wrap_socket(raw, server_hostname=host) as tls:
            der = tls.getpeercert(binary_form=True)
            proto = tls.version()
    return x509.load_der_x509_certificate(der), proto


def audit_one(row, timeout):
    host, port = row["host"], int(row.get("port") or 443)
    try:
        cert, proto = fetch_cert(host, port, timeout)
    except (OSError, ssl.SSLError) as exc:
        return {"host": host, "port": port, "error": str(exc)}
    left = (cert.not_valid_after_utc - dt.datetime.now(dt.timezone.utc)).days
    issuer = cert.issuer.rfc4514_string()
    return {
        "host": host,
        "port": port,
        "owner": row.get("owner", "-"),
        "protocol": proto,
        "days_left": left,
        "self_signed": issuer == cert.subject.rfc4514_string(),
        "issuer": issuer,
    }


def load_inventory(path):
    with open(path, newline="") as fh:
        return [r for r in csv.DictReader(fh) if r.get("host") and not r["host"].startswith("#")]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("inventory", help="CSV with host,port,owner columns")
    ap.add_argument("--threshold", type=int, default=30)
    ap.add_argument("--workers", type=int, default=16)
    ap.add_argument("--timeout", type=float, default=5.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    rows = load_inventory(args.inventory)
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        results = list(pool.map(lambda r: audit_one(r, args.timeout), rows))

    bad = 0
    for res in sorted(results, key=lambda r: r.get("days_left", -9999)):
        if "error" in res:
            log.warning("%s:%s unreachable (%s)", res["host"], res["port"], res["error"])
            bad += 1
            continue
        flag = "!!" if res["days_left"] < args.threshold else "  "
        ss = " self-signed" if res["self_signed"] else ""
        print(f"{flag} {res['host']}:{res['port']:<5} {res['days_left']:>5}d {res['protocol']}{ss} [{res['owner']}]")
        bad += res["days_left"] < args.threshold
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
