#!/usr/bin/env python3
"""Rotate the DKIM signing key for a domain on an OpenDKIM host.

Steps:
  1. generate a new RSA key for selector <YYYYMM>
  2. install it under /etc/opendkim/keys/<domain>/ owned by opendkim
  3. point KeyTable / SigningTable at the new selector
  4. print the DNS TXT record to publish
  5. restart opendkim

Keep the old selector's TXT record published for a few days after the
rotation so mail in flight still verifies.
"""

import argparse
import base64
import datetime
import logging
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

OPENDKIM_ROOT = Path("/etc/opendkim")
KEY_TABLE = OPENDKIM_ROOT / "KeyTable"
SIGNING_TABLE = OPENDKIM_ROOT / "SigningTable"
SERVICE = "opendkim"

logger = logging.getLogger("dkim-rotate")


def generate_key(bits):
    key = rsa.generate_private_key(public_exponent=65537, key_size=bits)
    private_pem = key.private_bytes(
        encoding=serialization.Encoding.PEM,
        format=serialization.PrivateFormat.TraditionalOpenSSL,
        encryption_algorithm=serialization.NoEncryption(),
    )
    public_der = key.public_key().public_bytes(
        encoding=serialization.Encoding.DER,
        format=serialization.PublicFormat.SubjectPublicKeyInfo,
    )
    return private_pem, base64.b64encode(public_der).decode("ascii")


def install_key(domain, selector, private_pem):
    key_dir = OPENDKIM_ROOT / "keys" / domain
    key_dir.mkdir(parents=True, exist_ok=True)
    shutil.chown(key_dir, user="opendkim", group="opendkim")
    key_dir.chmod(0o750)
    key_path = key_dir / f"{selector}.private"
    key_path.write_bytes(private_pem)
    shutil.chown(key_path, user="opendkim", group="opendkim")
    key_path.chmod(0o600)
    logger.info("installed %s", key_path)
    return key_path


def rewrite_table(path, domain, new_line, match):
    lines = path.read_text().splitlines() if path.exists() else []
    kept = [ln for ln in lines if not re.search(match, ln)]
    kept.append(new_line)
    backup = path.with_suffix(".prev")
    if path.exists():
        shutil.copy2(path, backup)
    path.write_text("\n".join(kept) + "\n")
    logger.info("updated %s for %s", path, domain)


def dns_record(domain, selector, pubkey_b64):
    value = f"v=DKIM1; k=rsa; p={pubkey_b64}"
    chunks = textwrap.wrap(value, 250)
    quoted = " ".join(f'"{c}"' for c in chunks)
    return f"{selector}._domainkey.{domain}. 3600 IN TXT ( {quoted} )"


def restart_service():
    subprocess.run(["systemctl", "restart", SERVICE], check=True)
    state = subprocess.run(["systemctl", "is-active", SERVICE],
                           capture_output=True, text=True).stdout.strip()
    if state != "active":
        raise RuntimeError(f"{SERVICE} is {state} after restart")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("domain")
    ap.add_argument("--selector", default=datetime.date.today().strftime("%Y%m"))
    ap.add_argument("--bits", type=int, default=2048, choices=(1024, 2048, 4096))
    ap.add_argument("--no-restart", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    if not re.fullmatch(r"[a-z0-9.-]+\.[a-z]{2,}", args.domain):
        logger.error("invalid domain %r", args.domain)
        return 2
    if not OPENDKIM_ROOT.is_dir():
        logger.error("%s not found - is opendkim installed?", OPENDKIM_ROOT)
        return 1

    private_pem, pub_b64 = generate_key(args.bits)
    key_path = install_key(args.domain, args.selector, private_pem)
    key_id = f"{args.selector}._domainkey.{args.domain}"
    rewrite_table(KEY_TABLE, args.domain,
                  f"{key_id} {args.domain}:{args.selector}:{key_path}",
                  rf"\._domainkey\.{re.escape(args.domain)}\s")
    rewrite_table(SIGNING_TABLE, args.domain, f"*@{args.domain} {key_id}",
                  rf"^\*@{re.escape(args.domain)}\s")

    print("\nPublish this record before the old one is removed:\n")
    print(dns_record(args.domain, args.selector, pub_b64))

    if not args.no_restart:
        try:
            restart_service()
        except (subprocess.CalledProcessError, RuntimeError) as exc:
            logger.error("restart failed: %s", exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
