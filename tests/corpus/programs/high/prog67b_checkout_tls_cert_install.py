#!/usr/bin/env python3
"""Install the renewed checkout TLS certificate and the PSP's client-auth CA.

The certificate team drops a bundle (certs/<domain>/fullchain.pem,
privkey.pem and psp-client-ca.pem) into the working directory.  This tool
checks that key and certificate belong together and that the chain is not
about to expire, then puts the files where nginx and the system trust store
expect them and refreshes the trust store so outbound mTLS calls to the PSP
validate.
"""
import argparse
import grp
import logging
import os
import shutil
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import serialization

log = logging.getLogger("cert_install")

NGINX_TLS_DIR = Path("/etc/nginx/tls")
TRUST_DIR = Path("/usr/local/share/ca-certificates/northwind")
MIN_VALIDITY = timedelta(days=14)


class BundleError(Exception):
    pass


def load_bundle(src: Path):
    try:
        chain_pem = (src / "fullchain.pem").read_bytes()
        key_pem = (src / "privkey.pem").read_bytes()
    except FileNotFoundError as exc:
        raise BundleError(f"missing file: {exc.filename}") from exc
    certs = x509.load_pem_x509_certificates(chain_pem)
    key = serialization.load_pem_private_key(key_pem, password=None)
    return certs, key


def check_bundle(domain: str, certs, key) -> None:
    leaf = certs[0]
    pub_leaf = leaf.public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    pub_key = key.public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    if pub_leaf != pub_key:
        raise BundleError("private key does not match certificate")
    san = leaf.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    if domain not in san.get_values_for_type(x509.DNSName):
        raise BundleError(f"{domain} not in certificate SANs")
    remaining = leaf.not_valid_after_utc - datetime.now(timezone.utc)
    if remaining < MIN_VALIDITY:
        raise BundleError(f"certificate expires in {remaining.days} days")
    log.info("leaf ok: %s, expires %s", leaf.subject.rfc4514_string(), leaf.not_valid_after_utc.date())


def place(src: Path, dest: Path, mode: int, group: str = "root") -> None:
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_suffix(dest.suffix + ".new")
    shutil.copyfile(src, tmp)
    os.chmod(tmp, mode)
    os.chown(tmp, 0, grp.getgrnam(group).gr_gid)
    os.replace(tmp, dest)
    log.info("installed %s (%o)", dest, mode)


def install(domain: str, src: Path, with_ca: bool) -> None:
    target = NGINX_TLS_DIR / domain
    if (target / "fullchain.pem").exists():
        backup = target.with_name(f"{domain}.{datetime.now():%Y%m%d%H%M%S}.bak")
        shutil.copytree(target, backup)
        log.info("previous certificate kept in %s", backup)
    place(src / "fullchain.pem", target / "fullchain.pem", 0o644)
    place(src / "privkey.pem", target / "privkey.pem", 0o640, group="www-data")
    if with_ca and (src / "psp-client-ca.pem").exists():
        place(src / "psp-client-ca.pem", TRUST_DIR / "psp-client-ca.crt", 0o644)
        subprocess.run(["update-ca-certificates"], check=True)


def reload_nginx(skip: bool) -> None:
    if skip:
        return
    test = subprocess.run(["nginx", "-t"], capture_output=True, text=True)
    if test.returncode != 0:
        raise BundleError(f"nginx -t failed:\n{test.stderr}")
    subprocess.run(["nginx", "-s", "reload"], check=True)
    log.info("nginx reloaded")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("domain", help="e.g. checkout.northwind-shop.com")
    ap.add_argument("--src", type=Path, default=None, help="bundle dir (default certs/<domain>)")
    ap.add_argument("--no-ca", action="store_true", help="do not refresh the PSP client CA")
    ap.add_argument("--no-reload", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    src = args.src or Path("certs") / args.domain
    try:
        certs, key = load_bundle(src)
        check_bundle(args.domain, certs, key)
        install(args.domain, src, not args.no_ca)
        reload_nginx(args.no_reload)
    except BundleError as exc:
        log.error("%s", exc)
        return 1
    except PermissionError as exc:
        log.error("permission denied: %s (run with root privileges)", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
