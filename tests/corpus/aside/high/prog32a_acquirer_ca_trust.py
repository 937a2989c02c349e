#!/usr/bin/env python3
"""Install the card acquirer's private root CA into the system trust store.

The acquirer's settlement API (SFTP-over-HTTPS gateway) is signed by its own
root CA. Instead of disabling TLS verification in every client, we pin the
CA by SHA-256 fingerprint and add it to the OS trust store once.
"""
import argparse
import hashlib
import logging
import shutil
import ssl
import subprocess
import sys
import urllib.request
from pathlib import Path

log = logging.getLogger("ca-trust")

DEFAULT_CA_URL = "https://pki.acquirer.example/roots/acquirer-root-g2.pem"
DEFAULT_FINGERPRINT = (
    "3f:9a:1c:5e:77:20:d4:8b:61:0e:ab:92:c3:4f:5d:18:e6:0a:7b:39:c2:11:fe:84:5d:06:93:2b:ce:71:a0:4e"
)

DEBIAN_DIR = Path("/usr/local/share/ca-certificates")
RHEL_DIR = Path("/etc/pki/ca-trust/source/anchors")


def fetch_pem(url: str) -> str:
    with urllib.request.urlopen(url, timeout=20) as resp:
        data = resp.read().decode("ascii")
    if "BEGIN CERTIFICATE" not in data:
        raise ValueError("response is not a PEM certificate")
    return data


def fingerprint(pem: str) -> str:
    der = ssl.PEM_cert_to_DER_cert(pem)
    digest = hashlib.sha256(der).hexdigest()
    return ":".join(digest[i:i + 2] for i in range(0, len(digest), 2))


def detect_store():
    if DEBIAN_DIR.parent.exists() and shutil.which("update-ca-certificates"):
        return DEBIAN_DIR, ["update-ca-certificates"]
    if RHEL_DIR.exists() and shutil.which("update-ca-trust"):
        return RHEL_DIR, ["update-ca-trust", "extract"]
    raise RuntimeError("unsupported distribution: no known CA trust tooling")


def sudo(cmd, **kw):
    full = ["sudo", "--"] + list(cmd)
    log.info("running: %s", " ".join(full))
    return subprocess.run(full, check=True, **kw)


def install(pem: str, name: str, dry_run: bool) -> Path:
    store, refresh = detect_store()
    target = store / f"{name}.crt"
    if target.exists() and target.read_text() == pem:
        log.info("%s already installed", target)
        return target
    if dry_run:
        log.info("[dry-run] would write %s and run %s", target, " ".join(refresh))
        return target
    staging = Path(f"{name}.crt")
    staging.write_text(pem)
    try:
        sudo(["install", "-D", "-m", "0644", "-o", "root", "-g", "root", str(staging), str(target)])
        sudo(refresh)
    finally:
        staging.unlink(missing_ok=True)
    return target


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--url", default=DEFAULT_CA_URL)
    ap.add_argument("--pem", type=Path, help="use a local PEM instead of downloading")
    ap.add_argument("--fingerprint", default=DEFAULT_FINGERPRINT)
    ap.add_argument("--name", default="acquirer-root-g2")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        pem = args.pem.read_text() if args.pem else fetch_pem(args.url)
    except (OSError, ValueError) as exc:
        log.error("could not obtain certificate: %s", exc)
        return 1

    actual = fingerprint(pem)
    if actual.lower() != args.fingerprint.lower():
        log.error("fingerprint mismatch!\n expected %s\n got      %s", args.fingerprint, actual)
        return 3
    log.info("fingerprint verified: %s", actual)

    try:
        target = install(pem, args.name, args.dry_run)
    except (RuntimeError, subprocess.CalledProcessError) as exc:
        log.error("installation failed: %s", exc)
        return 1
    log.info("CA available at %s; restart long-running clients to pick it up", target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
