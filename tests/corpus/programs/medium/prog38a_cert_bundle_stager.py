#!/usr/bin/env python3
"""Stage renewed certificates for the reverse-proxy test stack.

Takes an exported Let's Encrypt tree (./le-export/live/<domain>/...),
builds the combined PEM bundles the proxy wants under ./staging/ssl,
checks expiry with openssl and validates the local nginx test config
with `nginx -t -p ./staging`.  Nothing outside the working directory is
touched; the real deployment is done by the ops pipeline.
"""
import argparse
import configparser
import hashlib
import logging
import os
import shutil
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

LOG = logging.getLogger("stager")
PARTS = ("cert.pem", "chain.pem", "fullchain.pem", "privkey.pem")


def read_domains(cfg_path):
    cp = configparser.ConfigParser()
    cp.read(cfg_path)
    return [s for s in cp.sections() if cp[s].getboolean("enabled", True)], cp


def openssl_enddate(pem):
    out = subprocess.check_output(
        ["openssl", "x509", "-enddate", "-noout", "-in", str(pem)], text=True)
    stamp = out.strip().split("=", 1)[1]
    return datetime.strptime(stamp, "%b %d %H:%M:%S %Y %Z").replace(tzinfo=timezone.utc)


def fingerprint(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


class Stager:
    def __init__(self, export_root, staging_root):
        self.export_root = Path(export_root)
        self.ssl_dir = Path(staging_root) / "ssl"

    def stage(self, domain, combine=False):
        src = self.export_root / "live" / domain
        missing = [p for p in PARTS if not (src / p).exists()]
        if missing:
            raise FileNotFoundError(f"{domain}: missing {', '.join(missing)}")
        dst = self.ssl_dir / domain
        dst.mkdir(parents=True, exist_ok=True)
        changed = False
        for part in PARTS:
            target = dst / part
            if target.exists() and fingerprint(target) == fingerprint(src / part):
                continue
            shutil.copyfile(src / part, target)
            changed = True
        os.chmod(dst / "privkey.pem", 0o600)
        if combine:
            bundle = dst / f"{domain}.pem"
            bundle.write_bytes((dst / "fullchain.pem").read_bytes() + (dst / "privkey.pem").read_bytes())
            os.chmod(bundle, 0o600)
        return dst, changed


def nginx_test(staging_root, conf="nginx.conf"):
    proc = subprocess.run(
        ["nginx", "-t", "-p", str(Path(staging_root).resolve()) + "/", "-c", conf],
        capture_output=True, text=True)
    LOG.debug(proc.stderr)
    return proc.returncode == 0, proc.stderr.strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="domains.ini")
    ap.add_argument("--export", default="le-export")
    ap.add_argument("--staging", default="staging")
    ap.add_argument("--warn-days", type=int, default=20)
    ap.add_argument("--skip-nginx", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)-7s %(message)s")

    domains, cp = read_domains(args.config)
    if not domains:
        LOG.error("no enabled domains in %s", args.config)
        return 1
    stager = Stager(args.export, args.staging)
    now = datetime.now(timezone.utc)
    problems = 0
    for domain in domains:
        try:
            dst, changed = stager.stage(domain, combine=cp[domain].getboolean("haproxy", False))
        except FileNotFoundError as exc:
            LOG.error("%s", exc)
            problems += 1
            continue
        expires = openssl_enddate(dst / "cert.pem")
        days = (expires - now).days
        level = logging.WARNING if days < args.warn_days else logging.INFO
        LOG.log(level, "%-30s %s, expires in %d days", domain,
                "updated" if changed else "unchanged", days)
        problems += days < args.warn_days

    if not args.skip_nginx:
        ok, msg = nginx_test(args.staging)
        LOG.info("nginx -t: %s", "ok" if ok else msg)
        problems += not ok
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
