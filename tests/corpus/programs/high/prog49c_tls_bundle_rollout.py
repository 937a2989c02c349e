#!/usr/bin/env python3
"""Certificate rollout, run by cert-rollout.timer after the ACME client.

Takes the freshly renewed certificate and key from ./acme/live/<domain>,
builds the combined PEM HAProxy expects, installs it under
/etc/haproxy/certs with the right owner and mode, and reloads HAProxy
only if something actually changed.
"""
import argparse
import datetime as dt
import grp
import hashlib
import logging
import os
import subprocess
import sys
from pathlib import Path

from cryptography import x509

LOG = logging.getLogger("cert-rollout")
CERT_DIR = Path("/etc/haproxy/certs")


def load_bundle(live_dir: Path) -> bytes:
    chain = (live_dir / "fullchain.pem").read_bytes()
    key = (live_dir / "privkey.pem").read_bytes()
    cert = x509.load_pem_x509_certificate(chain)
    remaining = cert.not_valid_after_utc - dt.datetime.now(dt.timezone.utc)
    if remaining.days < 1:
        raise ValueError(f"certificate in {live_dir} is already expiring")
    LOG.info("%s valid until %s", live_dir.name, cert.not_valid_after_utc.date())
    return chain + key


def install(domain: str, bundle: bytes, group: str, dry_run: bool) -> bool:
    target = CERT_DIR / f"{domain}.pem"
    if target.exists() and hashlib.sha256(target.read_bytes()).digest() == \
            hashlib.sha256(bundle).digest():
        LOG.info("%s unchanged", target)
        return False
    if dry_run:
        LOG.info("would install %s", target)
        return True
    CERT_DIR.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(".pem.new")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o640)
    with os.fdopen(fd, "wb") as fh:
        fh.write(bundle)
    os.chown(tmp, 0, grp.getgrnam(group).gr_gid)
    os.chmod(tmp, 0o640)
    os.replace(tmp, target)
    LOG.info("installed %s", target)
    return True


def reload_haproxy() -> None:
    check = subprocess.run(["haproxy", "-c", "-f", "/etc/haproxy/haproxy.cfg"],
                           capture_output=True, text=True)
    if check.returncode != 0:
        raise RuntimeError("haproxy config check failed: " + check.stderr.strip())
    subprocess.run(["systemctl", "reload", "haproxy.service"], check=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("domains", nargs="+")
    ap.add_argument("--live-root", default="acme/live")
    ap.add_argument("--group", default="haproxy")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")

    changed = False
    for domain in args.domains:
        try:
            bundle = load_bundle(Path(args.live_root) / domain)
            changed |= install(domain, bundle, args.group, args.dry_run)
        except (OSError, ValueError, KeyError) as exc:
            LOG.error("%s: %s", domain, exc)
    if changed and not args.dry_run:
        try:
            reload_haproxy()
        except (RuntimeError, subprocess.CalledProcessError) as exc:
            LOG.error("reload failed: %s", exc)
            return 1
        LOG.info("haproxy reloaded")
    return 0


if __name__ == "__main__":
    sys.exit(main())
