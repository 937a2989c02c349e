#!/usr/bin/env python3
"""
certbot --deploy-hook for the web front ends.

certbot calls this after a successful renewal with RENEWED_LINEAGE (the
live/<name> directory) and RENEWED_DOMAINS set. We copy the new chain and
key into the directory nginx and the FastAPI websocket gateway read from,
fix ownership so the ssl-cert group can read the key, and reload nginx.

Manual use:
    RENEWED_LINEAGE=/etc/letsencrypt/live/api.example.com ./deploy_hook.py
"""
import argparse
import grp
import hashlib
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("cert-deploy-hook")

TARGET_ROOT = Path(os.environ.get("CERT_TARGET_ROOT", "/etc/nginx/ssl"))
CERT_GROUP = os.environ.get("CERT_GROUP", "ssl-cert")
FILES = {
    "fullchain.pem": 0o644,
    "privkey.pem": 0o640,
    "chain.pem": 0o644,
}


def fingerprint(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()[:16]


class CertInstaller:
    def __init__(self, lineage, target_root, group):
        self.lineage = Path(lineage)
        self.name = self.lineage.name
        self.target = target_root / self.name
        self.gid = grp.getgrnam(group).gr_gid

    def changed(self):
        for fname in FILES:
            src, dst = self.lineage / fname, self.target / fname
            if not dst.exists() or fingerprint(src) != fingerprint(dst):
                return True
        return False

    def install(self):
        self.target.mkdir(parents=True, exist_ok=True)
        os.chown(self.target, 0, self.gid)
        os.chmod(self.target, 0o750)
        for fname, mode in FILES.items():
            src = self.lineage / fname
            tmp = self.target / (fname + ".new")
            shutil.copyfile(src.resolve(), tmp)
            os.chown(tmp, 0, self.gid)
            os.chmod(tmp, mode)
            os.replace(tmp, self.target / fname)
            log.info("installed %s (%s)", self.target / fname, fingerprint(self.target / fname))


def reload_services(services, dry_run=False):
    for svc in services:
        cmd = ["systemctl", "reload-or-restart", svc]
        if dry_run:
            log.info("would run: %s", " ".join(cmd))
            continue
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode != 0:
            log.error("%s failed: %s", " ".join(cmd), res.stderr.strip())
            return False
        log.info("%s reloaded", svc)
    return True


def main():
    parser = argparse.ArgumentParser(description="install renewed certificates")
    parser.add_argument("--lineage", default=os.environ.get("RENEWED_LINEAGE"))
    parser.add_argument("--services", default=os.environ.get("CERT_RELOAD", "nginx"),
                        help="comma separated systemd units to reload")
    parser.add_argument("--force", action="store_true")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    if not args.lineage:
        log.error("RENEWED_LINEAGE not set and --lineage not given")
        return 2
    if not Path(args.lineage, "privkey.pem").exists():
        log.error("%s does not look like a certbot lineage", args.lineage)
        return 2

    installer = CertInstaller(args.lineage, TARGET_ROOT, CERT_GROUP)
    log.info("domains: %s", os.environ.get("RENEWED_DOMAINS", installer.name))
    if not (args.force or installer.changed()):
        log.info("certificates for %s unchanged, nothing to do", installer.name)
        return 0
    if args.dry_run:
        log.info("would install into %s", installer.target)
    else:
        try:
            installer.install()
        except PermissionError as err:
            log.error("cannot write %s: %s (run as root from certbot)", installer.target, err)
            return 1
    services = [s.strip() for s in args.services.split(",") if s.strip()]
    return 0 if reload_services(services, args.dry_run) else 1


if __name__ == "__main__":
    sys.exit(main())
