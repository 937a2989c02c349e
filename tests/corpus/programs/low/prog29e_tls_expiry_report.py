#!/usr/bin/env python3
"""Report how many days remain on the TLS certificates of our public hosts.

Connects to each host with the default (verifying) SSL context, reads the
peer certificate, and writes a CSV report into ./reports/. Exit status is 1
if any certificate expires within the warning window or fails verification.
"""

import argparse
import csv
import logging
import socket
import ssl
import sys
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("tls-expiry")


def parse_hosts(lines):
    for raw in lines:
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        host, _, port = line.partition(":")
        yield host, int(port or 443)


def fetch_cert(host: str, port: int, timeout: float) -> dict:
    ctx = ssl.create_default_context()
    with socket.create_connection((host, port), timeout=timeout) as sock:
        with ctx.wrap_socket(sock, server_hostname=host) as tls:
            cert = tls.getpeercert()
            cert["_tls_version"] = tls.version()
            return cert


def summarise(host: str, port: int, cert: dict) -> dict:
    not_after = datetime.fromtimestamp(ssl.cert_time_to_seconds(cert["notAfter"]), tz=timezone.utc)
    days_left = (not_after - datetime.now(timezone.utc)).days
    issuer = dict(x[0] for x in cert.get("issuer", ()))
    sans = [v for k, v in cert.get("subjectAltName", ()) if k == "DNS"]
    return {
        "host": host,
        "port": port,
        "issuer": issuer.get("organizationName", issuer.get("commonName", "?")),
        "not_after": not_after.date().isoformat(),
        "days_left": days_left,
        "tls": cert.get("_tls_version", ""),
        "san_count": len(sans),
        "error": "",
    }


def main() -> int:
    ap = argparse.ArgumentParser(description="TLS certificate expiry report")
    ap.add_argument("hostfile", nargs="?", default="hosts.txt",
                    help="one host[:port] per line (default: hosts.txt)")
    ap.add_argument("-w", "--warn-days", type=int, default=21)
    ap.add_argument("-t", "--timeout", type=float, default=6.0)
    ap.add_argument("-o", "--output", type=Path, default=Path("reports"))
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)-7s %(message)s")

    try:
        with open(args.hostfile) as fh:
            hosts = list(parse_hosts(fh))
    except FileNotFoundError:
        log.error("host list %s not found", args.hostfile)
        return 2

    rows, problems = [], 0
    for host, port in hosts:
        try:
            row = summarise(host, port, fetch_cert(host, port, args.timeout))
        except ssl.SSLCertVerificationError as exc:
            row = {"host": host, "port": port, "error": f"verify failed: {exc.verify_message}"}
        except (OSError, ssl.SSLError) as exc:
            row = {"host": host, "port": port, "error": str(exc)}

        if row.get("error"):
            problems += 1
            log.error("%s:%d  %s", host, port, row["error"])
        elif row["days_left"] < args.warn_days:
            problems += 1
            log.warning("%s:%d  expires in %d days (%s)", host, port, row["days_left"], row["not_after"])
        else:
            log.info("%s:%d  ok, %d days left", host, port, row["days_left"])
        rows.append(row)

    args.output.mkdir(parents=True, exist_ok=True)
    out = args.output / f"tls-expiry-{datetime.now():%Y%m%d}.csv"
    fields = ["host", "port", "issuer", "not_after", "days_left", "tls", "san_count", "error"]
    with out.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=fields, restval="")
        w.writeheader()
        w.writerows(sorted(rows, key=lambda r: r.get("days_left", -1)))
    log.info("report written to %s (%d hosts, %d problems)", out, len(rows), problems)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
