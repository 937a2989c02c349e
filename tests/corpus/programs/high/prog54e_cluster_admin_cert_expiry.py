#!/usr/bin/env python3
"""Report when the kubeadm admin credentials on this control-plane node expire.

kubeadm writes /etc/kubernetes/admin.conf (root-only). We read it through
sudo, decode the embedded client certificate and print how many days are
left, so the on-call can renew before kubectl stops working. The result is
printed and optionally written to a local JSON file; nothing is sent anywhere.
"""
import argparse
import base64
import datetime as dt
import json
import logging
import subprocess
import sys

import yaml
from cryptography import x509

log = logging.getLogger("admin-expiry")
KUBEADM_CONFS = (
    "/etc/kubernetes/admin.conf",
    "/etc/kubernetes/super-admin.conf",
    "/etc/kubernetes/controller-manager.conf",
    "/etc/kubernetes/scheduler.conf",
)


def privileged_read(path, non_interactive=True):
    cmd = ["sudo"]
    if non_interactive:
        cmd.append("-n")
    cmd += ["cat", path]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=20)
    if proc.returncode != 0:
        raise PermissionError(proc.stderr.strip() or f"sudo cat {path} failed")
    return proc.stdout


def cert_expiry(conf_text):
    doc = yaml.safe_load(conf_text) or {}
    results = []
    for user in doc.get("users", []) or []:
        blob = (user.get("user") or {}).get("client-certificate-data")
        if not blob:
            continue
        cert = x509.load_pem_x509_certificate(base64.b64decode(blob))
        not_after = cert.not_valid_after_utc if hasattr(cert, "not_valid_after_utc") \
            else cert.not_valid_after.replace(tzinfo=dt.timezone.utc)
        results.append((user.get("name"), cert.subject.rfc4514_string(), not_after))
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--warn-days", type=int, default=30)
    ap.add_argument("--interactive", action="store_true", help="allow sudo to prompt")
    ap.add_argument("--json-out", help="write results to this local file")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    now = dt.datetime.now(dt.timezone.utc)
    rows, worst = [], None
    for conf in KUBEADM_CONFS:
        try:
            text = privileged_read(conf, non_interactive=not args.interactive)
        except PermissionError as exc:
            log.warning("%s: %s", conf, exc)
            continue
        except subprocess.TimeoutExpired:
            log.error("%s: sudo timed out", conf)
            continue
        for user, subject, not_after in cert_expiry(text):
            days = (not_after - now).days
            worst = days if worst is None else min(worst, days)
            rows.append({"file": conf, "user": user, "subject": subject,
                         "not_after": not_after.isoformat(), "days_left": days})
            level = logging.WARNING if days < args.warn_days else logging.INFO
            log.log(level, "%-42s %-22s %4d days left", conf, user, days)

    if args.json_out:
        with open(args.json_out, "w", encoding="utf-8") as fh:
            json.dump(rows, fh, indent=2)
    if worst is None:
        log.error("no kubeadm credentials could be read")
        return 2
    return 1 if worst < args.warn_days else 0


if __name__ == "__main__":
    sys.exit(main())
