#!/usr/bin/env python3
"""Render and deploy nginx virtual hosts from a small JSON site list.

Each site entry looks like::

    {"name": "shop", "server_name": "shop.example.com", "upstream": "127.0.0.1:8081"}

The rendered files go to /etc/nginx/sites-available and are symlinked into
sites-enabled, after which nginx is validated and reloaded.
"""
import argparse
import json
import logging
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("vhost-deployer")

NGINX_ROOT = Path("/etc/nginx")
TEMPLATE = """server {{
    listen 80;
    server_name {server_name};

    access_log /var/log/nginx/{name}.access.log;

    location / {{
        proxy_pass http://{upstream};
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }}
}}
"""


def load_sites(path):
    """Read and minimally validate the site definitions."""
    with open(path, encoding="utf-8") as fh:
        sites = json.load(fh)
    for site in sites:
        missing = {"name", "server_name", "upstream"} - site.keys()
        if missing:
            raise ValueError(f"site {site!r} is missing {sorted(missing)}")
    return sites


def write_vhost(site, dry_run=False):
    """Render one site into sites-available and enable it."""
    available = NGINX_ROOT / "sites-available" / f"{site['name']}.conf"
    enabled = NGINX_ROOT / "sites-enabled" / f"{site['name']}.conf"
    body = TEMPLATE.format(**site)
    if dry_run:
        LOG.info("would write %s (%d bytes)", available, len(body))
        return available
    available.write_text(body, encoding="utf-8")
    available.chmod(0o644)
    if not enabled.exists():
        enabled.symlink_to(available)
    LOG.info("deployed %s", available)
    return available


def run_privileged(*cmd):
    """Run an nginx management command through sudo."""
    full = ["sudo", "-n", *cmd]
    LOG.debug("running %s", " ".join(full))
    result = subprocess.run(full, capture_output=True, text=True)
    if result.returncode != 0:
        LOG.error("%s failed: %s", cmd[0], result.stderr.strip())
    return result.returncode == 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sites", help="JSON file with site definitions")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        sites = load_sites(args.sites)
    except (OSError, ValueError) as exc:
        LOG.error("cannot load sites: %s", exc)
        return 2

    failures = 0
    for site in sites:
        try:
            write_vhost(site, dry_run=args.dry_run)
        except PermissionError:
            LOG.error("no permission to write under %s", NGINX_ROOT)
            failures += 1

    if args.dry_run or failures:
        return 1 if failures else 0

    if not run_privileged("nginx", "-t"):
        return 1
    return 0 if run_privileged("systemctl", "reload", "nginx") else 1


if __name__ == "__main__":
    sys.exit(main())
