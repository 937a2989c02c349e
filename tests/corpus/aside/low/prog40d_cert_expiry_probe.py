#!/usr/bin/env python3
"""Report expiry and CRL status for PEM certificates kept in ./certs."""
import argparse
import datetime as dt
import json
import logging
import sys
import urllib.request
from pathlib import Path

from cryptography import x509
from cryptography.x509.oid import ExtensionOID

log = logging.getLogger("cert-probe")


def load_chain(path: Path):
    data = path.read_bytes()
    try:
        return x509.load_pem_x509_certificates(data)
    except ValueError:
        log.warning("skipping %s: not PEM", path)
        return []


def crl_urls(cert):
    try:
        ext = cert.extensions.get_extension_for_oid(ExtensionOID.CRL_DISTRIBUTION_POINTS)
    except x509.ExtensionNotFound:
        return []
    urls = []
    for point in ext.value:
        for name in point.full_name or []:
            if isinstance(name, x509.UniformResourceIdentifier):
                urls.append(name.value)
    return urls


def is_revoked(cert, url, timeout):
    req = urllib.request.Request(url, headers={"User-Agent": "cert-probe/1.2"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        body = resp.read()
    try:
        crl = x509.load_der_x509_crl(body)
    except ValueError:
        crl = x509.load_pem_x509_crl(body)
    return crl.get_revoked_certificate_by_serial_number(cert.serial_number) is not None


def inspect(path: Path, warn_days: int, check_crl: bool, timeout: float):
    results = []
    now = dt.datetime.now(dt.timezone.utc)
    for cert in load_chain(path):
        not_after = cert.not_valid_after_utc
        left = (not_after - now).days
        row = {
            "file": str(path),
            "subject": cert.subject.rfc4514_string(),
            "serial": format(cert.serial_number, "x"),
            "not_after": not_after.isoformat(),
            "days_left": left,
            "status": "expired" if left < 0 else ("renew" if left < warn_days else "ok"),
        }
        if check_crl:
            for url in crl_urls(cert):
                try:
                    row["revoked"] = is_revoked(cert, url, timeout)
                    break
                except OSError as exc:
                    log.debug("CRL fetch %s failed: %s", url, exc)
        results.append(row)
    return results


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--dir", default="certs")
    p.add_argument("--warn-days", type=int, default=21)
    p.add_argument("--crl", action="store_true", help="download CRLs and check serials")
    p.add_argument("--timeout", type=float, default=8.0)
    p.add_argument("--out", default="cert_report.json")
    a = p.parse_args()
    logging.basicConfig(level=logging.INFO)

    rows = []
    for pem in sorted(Path(a.dir).glob("*.pem")):
        rows.extend(inspect(pem, a.warn_days, a.crl, a.timeout))

    Path(a.out).write_text(json.dumps(rows, indent=2))
    due = [r for r in rows if r["status"] != "ok" or r.get("revoked")]
    for r in due:
        print(f"{r['status']:8} {r['days_left']:5d}d  {r['subject']}  ({r['file']})")
    log.info("%d certificates checked, %d need attention", len(rows), len(due))
    return 1 if due else 0


if __name__ == "__main__":
    sys.exit(main())
