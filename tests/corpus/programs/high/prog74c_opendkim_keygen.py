#!/usr/bin/env python3
"""Generate a DKIM key pair for OpenDKIM and register it in the key tables.

Replacement for opendkim-genkey that also maintains KeyTable/SigningTable
entries, so adding a new sending domain is a single command:

    opendkim_keygen.py example.org --selector 2024q3

Prints the TXT record that must be published at
``<selector>._domainkey.<domain>``.
"""

import argparse
import base64
import logging
import os
import pwd
import re
import sys
import textwrap
from datetime import date
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

log = logging.getLogger("opendkim-keygen")

OPENDKIM_DIR = Path(os.environ.get("OPENDKIM_DIR", "/etc/opendkim"))
DOMAIN_RE = re.compile(r"^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z]{2,63}$")


def default_selector():
    today = date.today()
    return f"{today.year}q{(today.month - 1) // 3 + 1}"


def generate_key(bits):
    key = rsa.generate_private_key(public_exponent=65537, key_size=bits)
    pem = key.private_bytes(
        encoding=serialization.Encoding.PEM,
        format=serialization.PrivateFormat.TraditionalOpenSSL,
        encryption_algorithm=serialization.NoEncryption(),
    )
    spki = key.public_key().public_bytes(
        encoding=serialization.Encoding.DER,
        format=serialization.PublicFormat.SubjectPublicKeyInfo,
    )
    return pem, base64.b64encode(spki).decode("ascii")


def txt_record(pubkey_b64, testing=False):
    tags = ["v=DKIM1", "k=rsa"]
    if testing:
        tags.append("t=y")
    tags.append("p=" + pubkey_b64)
    value = "; ".join(tags)
    # split into 255-byte character-strings for zone files
    chunks = textwrap.wrap(value, 250)
    return " ".join(f'"{c}"' for c in chunks)


class KeyStore:
    def __init__(self, base, owner="opendkim"):
        self.base = base
        self.keys_dir = base / "keys"
        self.key_table = base / "KeyTable"
        self.signing_table = base / "SigningTable"
        try:
            pw = pwd.getpwnam(owner)
            self.uid, self.gid = pw.pw_uid, pw.pw_gid
        except KeyError:
            log.warning("user %s not found, keeping current owner", owner)
            self.uid = self.gid = None

    def _own(self, path, mode):
        if self.uid is not None:
            os.chown(path, self.uid, self.gid)
        os.chmod(path, mode)

    def write_private_key(self, domain, selector, pem, force=False):
        ddir = self.keys_dir / domain
        ddir.mkdir(parents=True, exist_ok=True)
        self._own(ddir, 0o750)
        path = ddir / f"{selector}.private"
        if path.exists() and not force:
            raise FileExistsError(f"{path} exists (use --force to overwrite)")
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(pem)
        self._own(path, 0o600)
        return path

    @staticmethod
    def _upsert_line(table, key, line):
        lines = table.read_text().splitlines() if table.exists() else []
        kept = [l for l in lines if not l.split() or l.split()[0] != key]
        kept.append(line)
        table.write_text("\n".join(kept) + "\n")

    def register(self, domain, selector, key_path):
        key_id = f"{selector}._domainkey.{domain}"
        self._upsert_line(self.key_table, key_id, f"{key_id} {domain}:{selector}:{key_path}")
        self._upsert_line(self.signing_table, f"*@{domain}", f"*@{domain} {key_id}")
        for table in (self.key_table, self.signing_table):
            self._own(table, 0o640)
        log.info("registered %s in %s and %s", key_id, self.key_table.name, self.signing_table.name)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Generate and register an OpenDKIM key.")
    ap.add_argument("domain")
    ap.add_argument("-s", "--selector", default=default_selector())
    ap.add_argument("-b", "--bits", type=int, default=2048, choices=(1024, 2048, 3072, 4096))
    ap.add_argument("--testing", action="store_true", help="publish with t=y")
    ap.add_argument("--force", action="store_true")
    ap.add_argument("--base", type=Path, default=OPENDKIM_DIR)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    domain = args.domain.lower().rstrip(".")
    if not DOMAIN_RE.match(domain):
        log.error("invalid domain: %s", args.domain)
        return 2

    pem, pub = generate_key(args.bits)
    store = KeyStore(args.base)
    try:
        key_path = store.write_private_key(domain, args.selector, pem, args.force)
        store.register(domain, args.selector, key_path)
    except (FileExistsError, PermissionError) as exc:
        log.error("%s", exc)
        return 1

    print(f"; publish in the {domain} zone, then reload opendkim")
    print(f"{args.selector}._domainkey\tIN\tTXT\t( {txt_record(pub, args.testing)} )")
    return 0


if __name__ == "__main__":
    sys.exit(main())
