#!/usr/bin/env python3
"""certbot deploy hook: install renewed certificates for nginx and haproxy.

Called by certbot with RENEWED_LINEAGE / RENEWED_DOMAINS set, or by hand
with --domain.  Copies the live files into /etc/nginx/ssl/<domain>/,
builds /etc/haproxy/certs/<domain>.pem bundles, fixes ownership and
reloads the proxies.
"""
import argparse
import configparser
import grp
import hashlib
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("deploy-hook")
PARTS = ("cert.pem", "chain.pem", "fullchain.pem", "privkey.pem")
LE_LIVE = Path("/etc/letsencrypt/live")
NGINX_SSL = Path("/etc/nginx/ssl")
HAPROXY_CERTS = Path("/etc/haproxy/certs")
CONFIG = "/etc/letsencrypt/deploy-hook.ini"


def fingerprint(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def group_id(name, fallback=0):
    try:
        return grp.getgrnam(name).gr_gid
    except KeyError:
        return fallback


class Deployer:
    def __init__(self, web_group="www-data", dry_run=False):
        self.gid = group_id(web_group)
        self.dry_run = dry_run
        self.reload_needed = set()

    def _install(self, src, dst, mode):
        if dst.exists() and fingerprint(dst) == fingerprint(src):
            return False
        if self.dry_run:
            LOG.info("would install %s -> %s", src, dst)
            return True
        shutil.copyfile(src, dst)
        os.chown(dst, 0, self.gid)
        os.chmod(dst, mode)
        return True

    def deploy(self, domain, haproxy=False):
        src = LE_LIVE / domain
        for p in PARTS:
            if not (src / p).exists():
                raise FileNotFoundError(f"{src / p} missing")
        dst = NGINX_SSL / domain
        dst.mkdir(parents=True, exist_ok=True)
        os.chown(dst, 0, self.gid)
        os.chmod(dst, 0o750)
        changed = False
        for part in PARTS:
            mode = 0o640 if part == "privkey.pem" else 0o644
            changed |= self._install(src / part, dst / part, mode)
        if changed:
            self.reload_needed.add("nginx")
        if haproxy:
            HAPROXY_CERTS.mkdir(parents=True, exist_ok=True)
            bundle = HAPROXY_CERTS / f"{domain}.pem"
            data = (src / "fullchain.pem").read_bytes() + (src / "privkey.pem").read_bytes()
            if not bundle.exists() or bundle.read_bytes() != data:
                if not self.dry_run:
                    bundle.write_bytes(data)
                    os.chown(bundle, 0, 0)
                    os.chmod(bundle, 0o600)
                self.reload_needed.add("haproxy")
        return changed

    def reload(self):
        for unit in sorted(self.reload_needed):
            cmd = ["systemctl", "reload", unit]
            if self.dry_run:
                LOG.info("would run %s", " ".join(cmd))
                continue
            if unit == "nginx":
                test = subprocess.run(["nginx", "-t"], capture_output=True, text=True)
                if test.returncode != 0:
                    LOG.error("nginx config test failed, not reloading:\n%s", test.stderr)
                    continue
            subprocess.run(cmd, check=True)
            LOG.info("reloaded %s", unit)


def domains_from_env():
    lineage = os.environ.get("RENEWED_LINEAGE")
    if lineage:
        return [Path(lineage).name]
    return []


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--domain", action="append", default=[])
    ap.add_argument("--config", default=CONFIG)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="deploy-hook: %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        LOG.error("must run as root (certbot runs deploy hooks as root)")
        return 1
    cp = configparser.ConfigParser()
    cp.read(args.config)
    domains = args.domain or domains_from_env() or cp.sections()
    dep = Deployer(cp.get("DEFAULT", "web_group", fallback="www-data"), args.dry_run)
    for domain in domains:
        use_haproxy = cp.getboolean(domain, "haproxy", fallback=False) if cp.has_section(domain) else False
        try:
            dep.deploy(domain, haproxy=use_haproxy)
        except (FileNotFoundError, PermissionError) as exc:
            LOG.error("%s: %s", domain, exc)
    dep.reload()
    return 0


if __name__ == "__main__":
    sys.exit(main())
