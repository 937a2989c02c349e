#!/usr/bin/env python3
"""Render nginx server blocks from sites.toml and activate them on this host.

Each site is rendered from a template, written to
/etc/nginx/sites-available/<site>.conf, linked into sites-enabled, checked
with `nginx -t` and finally picked up with `systemctl reload nginx`.
"""
import argparse
import logging
import os
import string
import subprocess
import sys
import tomllib
from pathlib import Path

logger = logging.getLogger("vhost-deploy")

AVAILABLE = Path("/etc/nginx/sites-available")
ENABLED = Path("/etc/nginx/sites-enabled")

SERVER_BLOCK = string.Template("""\
# managed by vhost-deploy -- local edits will be overwritten
upstream ${site}_app {
$upstreams
}

server {
    listen $port;
    server_name $hostnames;
    client_max_body_size ${max_body};

    location / {
        proxy_pass http://${site}_app;
        proxy_set_header Host $$host;
        proxy_set_header X-Forwarded-For $$proxy_add_x_forwarded_for;
    }
}
""")


class SiteConfig:
    def __init__(self, name, table):
        self.name = name
        self.port = int(table.get("port", 80))
        self.hosts = table.get("hostnames", [f"{name}.internal"])
        self.backends = table.get("backends", ["127.0.0.1:9000"])
        self.max_body = table.get("max_body", "10m")

    def render(self):
        ups = "\n".join(f"    server {b};" for b in self.backends)
        return SERVER_BLOCK.substitute(
            site=self.name, upstreams=ups, port=self.port,
            hostnames=" ".join(self.hosts), max_body=self.max_body)


def install(site):
    target = AVAILABLE / f"{site.name}.conf"
    backup = target.with_suffix(".conf.bak")
    if target.exists():
        target.replace(backup)
    target.write_text(site.render())
    os.chown(target, 0, 0)
    target.chmod(0o644)
    link = ENABLED / target.name
    if not link.is_symlink():
        link.symlink_to(target)
    logger.info("installed %s", target)
    return target, backup


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("config", nargs="?", default="sites.toml")
    ap.add_argument("--no-reload", action="store_true")
    opts = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="[%(name)s] %(message)s")

    if os.geteuid() != 0:
        logger.error("must run as root to write %s", AVAILABLE)
        return 1
    with open(opts.config, "rb") as fh:
        data = tomllib.load(fh)

    installed = [install(SiteConfig(n, t)) for n, t in data.get("sites", {}).items()]
    check = subprocess.run(["nginx", "-t"], capture_output=True, text=True)
    if check.returncode != 0:
        logger.error("nginx -t failed, rolling back:\n%s", check.stderr)
        for target, backup in installed:
            if backup.exists():
                backup.replace(target)
        return 2
    if not opts.no_reload:
        subprocess.run(["systemctl", "reload", "nginx"], check=True)
        logger.info("nginx reloaded with %d site(s)", len(installed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
