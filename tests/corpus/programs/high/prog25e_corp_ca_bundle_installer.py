#!/usr/bin/env python3
"""corp-ca - trust the corporate TLS-inspection CA for cloud CLIs.

Downloads the corporate root CA from the internal PKI, checks it against a
pinned SHA-256 fingerprint, installs it into the system trust store
(/usr/local/share/ca-certificates + update-ca-certificates) and points the AWS
CLI's `ca_bundle` setting at the refreshed system bundle, so aws/gcloud/az
stop failing with CERTIFICATE_VERIFY_FAILED behind the proxy.
"""

import argparse
import configparser
import hashlib
import logging
import shutil
import ssl
import subprocess
import sys
import tempfile
from pathlib import Path

import requests

LOG = logging.getLogger("corp-ca")

CA_URL = "https://pki.corp.example.com/roots/corp-root-ca-2024.pem"
PINNED_SHA256 = "4f1c0e0b8b7a3d2e9c6f5a1b0d8e7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d"
SYSTEM_CA_DIR = Path("/usr/local/share/ca-certificates")
SYSTEM_BUNDLE = Path("/etc/ssl/certs/ca-certificates.crt")
CERT_NAME = "corp-root-ca.crt"
AWS_CONFIG = Path.home() / ".aws" / "config"


def fetch_ca(url: str) -> bytes:
    resp = requests.get(url, timeout=15)
    resp.raise_for_status()
    return resp.content


def der_fingerprint(pem: bytes) -> str:
    der = ssl.PEM_cert_to_DER_cert(pem.decode("ascii"))
    return hashlib.sha256(der).hexdigest()


def already_installed(pem: bytes) -> bool:
    target = SYSTEM_CA_DIR / CERT_NAME
    return target.exists() and target.read_bytes() == pem


def install_system(pem: bytes, dry_run: bool) -> None:
    if shutil.which("update-ca-certificates") is None:
        raise RuntimeError("update-ca-certificates not found (Debian/Ubuntu only)")
    with tempfile.NamedTemporaryFile("wb", suffix=".crt", delete=False) as tmp:
        tmp.write(pem)
        staged = tmp.name
    commands = [
        ["sudo", "install", "-D", "-o", "root", "-g", "root", "-m", "0644",
         staged, str(SYSTEM_CA_DIR / CERT_NAME)],
        ["sudo", "update-ca-certificates"],
    ]
    try:
        for cmd in commands:
            LOG.info("%s %s", "would run" if dry_run else "running", " ".join(cmd))
            if not dry_run:
                subprocess.run(cmd, check=True)
    finally:
        Path(staged).unlink(missing_ok=True)


def configure_aws(profiles, dry_run: bool) -> None:
    cfg = configparser.ConfigParser()
    cfg.read(AWS_CONFIG)
    sections = profiles or [s for s in cfg.sections()] or ["default"]
    for section in sections:
        if not cfg.has_section(section):
            cfg.add_section(section)
        cfg.set(section, "ca_bundle", str(SYSTEM_BUNDLE))
        LOG.info("[%s] ca_bundle = %s", section, SYSTEM_BUNDLE)
    if dry_run:
        return
    AWS_CONFIG.parent.mkdir(parents=True, exist_ok=True)
    with AWS_CONFIG.open("w", encoding="utf-8") as fh:
        cfg.write(fh)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--url", default=CA_URL)
    ap.add_argument("--fingerprint", default=PINNED_SHA256)
    ap.add_argument("--aws-profile", action="append", default=[],
                    help="AWS config section to update (repeatable; default: all)")
    ap.add_argument("--skip-aws", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="corp-ca: %(message)s")

    try:
        pem = fetch_ca(args.url)
    except requests.RequestException as exc:
        LOG.error("download failed: %s", exc)
        return 1

    try:
        actual = der_fingerprint(pem)
    except (ValueError, UnicodeDecodeError) as exc:
        LOG.error("downloaded file is not a PEM certificate: %s", exc)
        return 1
    if actual != args.fingerprint.lower():
        LOG.error("fingerprint mismatch: got %s", actual)
        return 1

    if already_installed(pem):
        LOG.info("CA already present in system trust store")
    else:
        try:
            install_system(pem, args.dry_run)
        except (RuntimeError, subprocess.CalledProcessError) as exc:
            LOG.error("system install failed: %s", exc)
            return 2

    if not args.skip_aws:
        configure_aws(args.aws_profile, args.dry_run)
    LOG.info("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
