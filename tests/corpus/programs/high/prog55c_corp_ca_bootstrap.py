#!/usr/bin/env python3
"""Install the corporate TLS-inspection root CA into the system trust store.

Fetches the PEM from the internal PKI over http.client, checks its SHA-256
fingerprint against the pinned value and installs it with
update-ca-certificates (via sudo when not root).
"""
import argparse
import hashlib
import http.client
import logging
import os
import ssl
import subprocess
import sys

PKI_HOST = "pki.corp.example.com"
PKI_PATH = "/certs/corp-inspection-root-g2.pem"
PINNED_SHA256 = "3f9a1c0e5b7d24e8a6c1f0b9d8e7a6c5b4a39281706f5e4d3c2b1a0918273645"
TARGET_DIR = "/usr/local/share/ca-certificates/corp"
TARGET_NAME = "corp-inspection-root-g2.crt"
log = logging.getLogger("ca-bootstrap")


def fetch_pem(timeout):
    ctx = ssl.create_default_context()
    conn = http.client.HTTPSConnection(PKI_HOST, 443, timeout=timeout, context=ctx)
    try:
        conn.request("GET", PKI_PATH, headers={"Accept": "application/x-pem-file"})
        resp = conn.getresponse()
        body = resp.read()
        if resp.status != 200:
            raise RuntimeError(f"PKI returned {resp.status}")
        return body.decode("ascii")
    finally:
        conn.close()


def fingerprint(pem):
    der = ssl.PEM_cert_to_DER_cert(pem)
    return hashlib.sha256(der).hexdigest()


def as_root(cmd):
    if os.geteuid() != 0:
        cmd = ["sudo", "-n"] + cmd
    log.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, check=True, capture_output=True, text=True)


def install(pem, dry_run):
    target = os.path.join(TARGET_DIR, TARGET_NAME)
    if os.path.exists(target):
        with open(target) as fh:
            if fh.read().strip() == pem.strip():
                log.info("already installed at %s", target)
                return False
    if dry_run:
        log.info("dry run: would install %s", target)
        return False
    staging = os.path.abspath(TARGET_NAME + ".staged")
    with open(staging, "w") as fh:
        fh.write(pem)
    as_root(["install", "-d", "-m", "0755", TARGET_DIR])
    as_root(["install", "-m", "0644", "-o", "root", "-g", "root", staging, target])
    os.unlink(staging)
    out = as_root(["update-ca-certificates"])
    log.info(out.stdout.strip().splitlines()[-1] if out.stdout else "trust store updated")
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--pem-file", help="use a local PEM instead of downloading")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        if args.pem_file:
            with open(args.pem_file) as fh:
                pem = fh.read()
        else:
            pem = fetch_pem(args.timeout)
    except (OSError, http.client.HTTPException, RuntimeError) as exc:
        log.error("could not obtain certificate: %s", exc)
        return 1
    fp = fingerprint(pem)
    if fp != PINNED_SHA256:
        log.error("fingerprint mismatch: got %s", fp)
        return 3
    try:
        install(pem, args.dry_run)
    except subprocess.CalledProcessError as exc:
        log.error("install failed: %s", exc.stderr or exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
