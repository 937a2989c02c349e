#!/usr/bin/env python3
"""Publish an nginx virtual host for a project.

Stage 1 renders a server block from vhost.ini into ./rendered/<site>.conf so
it can be reviewed in the merge request.  Stage 2 installs the rendered file
into nginx's sites-available, enables it, validates and reloads nginx.
"""
import argparse
import configparser
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path
from string import Template

log = logging.getLogger("vhost")

RENDER_DIR = Path("rendered")
NGINX_ROOT = Path("/etc/nginx")
AVAILABLE = NGINX_ROOT / "sites-available"
ENABLED = NGINX_ROOT / "sites-enabled"

SERVER_BLOCK = Template("""# managed by vhost_publisher -- changes will be overwritten
server {
    listen 80;
    server_name $server_names;
    root $docroot;
    access_log /var/log/nginx/$site.access.log;

    location / {
        try_files $$uri $$uri/ =404;
    }

    location /api/ {
        proxy_pass http://127.0.0.1:$upstream_port;
        proxy_set_header Host $$host;
        proxy_set_header X-Forwarded-For $$proxy_add_x_forwarded_for;
    }
}
""")


def render(cfg_path):
    cfg = configparser.ConfigParser()
    if not cfg.read(cfg_path):
        sys.exit(f"cannot read {cfg_path}")
    site = cfg.get("site", "name")
    text = SERVER_BLOCK.substitute(
        site=site,
        server_names=" ".join(cfg.get("site", "hosts").split(",")),
        docroot=cfg.get("site", "docroot", fallback=f"/srv/www/{site}"),
        upstream_port=cfg.getint("site", "upstream_port", fallback=8080),
    )
    RENDER_DIR.mkdir(exist_ok=True)
    out = RENDER_DIR / f"{site}.conf"
    out.write_text(text)
    log.info("rendered %s", out)
    return out


def install(rendered):
    site_conf = AVAILABLE / rendered.name
    backup = None
    if site_conf.exists():
        backup = site_conf.with_suffix(".conf.bak")
        shutil.copy2(site_conf, backup)
    shutil.copyfile(rendered, site_conf)
    os.chmod(site_conf, 0o644)
    link = ENABLED / rendered.name
    if not link.exists():
        link.symlink_to(site_conf)
    check = subprocess.run(["nginx", "-t"], capture_output=True, text=True)
    if check.returncode != 0:
        log.error("nginx -t failed:\n%s", check.stderr)
        if backup:
            shutil.move(backup, site_conf)
        else:
            link.unlink(missing_ok=True)
            site_conf.unlink()
        return 1
    subprocess.run(["systemctl", "reload", "nginx"], check=True)
    log.info("site %s live", rendered.stem)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="vhost.ini")
    ap.add_argument("--install", action="store_true", help="also install and reload")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    rendered = render(args.config)
    if args.install:
        return install(rendered)
    return 0


if __name__ == "__main__":
    sys.exit(main())
