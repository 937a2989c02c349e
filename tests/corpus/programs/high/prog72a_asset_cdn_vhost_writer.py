#!/usr/bin/env python3
"""Generate and activate the nginx vhost for the image/video asset CDN origin.

Reads cdn_sites.toml-ish INI (one section per asset host), renders an
nginx server block per host with the right cache headers for images,
HLS manifests and segments, installs it and reloads nginx.
"""
import argparse
import configparser
import logging
import os
import subprocess
import sys
from pathlib import Path
from string import Template

LOG = logging.getLogger("vhost")

SERVER_TMPL = Template("""\
# managed by asset_cdn_vhost_writer - edits will be overwritten
server {
    listen 443 ssl http2;
    server_name $host;
    root $root;

    ssl_certificate     $cert;
    ssl_certificate_key $key;

    access_log /var/log/nginx/$name.access.log;

    location ~* \\.(jpe?g|png|webp|avif)$$ {
        expires 30d;
        add_header Cache-Control "public, immutable";
    }
    location ~* \\.m3u8$$ {
        expires 4s;
        add_header Cache-Control "public, max-age=4";
    }
    location ~* \\.(ts|m4s)$$ {
        expires 1d;
    }
    location / {
        try_files $$uri =404;
    }
}
""")


class VhostInstaller:
    available = Path(os.environ.get("NGINX_AVAILABLE", "/etc/nginx/sites-available"))
    enabled = Path(os.environ.get("NGINX_ENABLED", "/etc/nginx/sites-enabled"))

    def __init__(self, dry_run=False):
        self.dry_run = dry_run

    def render(self, name, section):
        return SERVER_TMPL.substitute(
            name=name,
            host=section["host"],
            root=section.get("root", f"/srv/assets/{name}"),
            cert=section.get("cert", f"/etc/letsencrypt/live/{section['host']}/fullchain.pem"),
            key=section.get("key", f"/etc/letsencrypt/live/{section['host']}/privkey.pem"),
        )

    def install(self, name, text):
        target = self.available / f"assets-{name}.conf"
        link = self.enabled / target.name
        if self.dry_run:
            print(text)
            return target
        if target.exists() and target.read_text() == text:
            LOG.info("%s unchanged", target)
        else:
            target.write_text(text)
            os.chmod(target, 0o644)
            LOG.info("wrote %s", target)
        if not link.exists():
            link.symlink_to(target)
        return target

    def reload(self):
        if self.dry_run:
            return
        check = subprocess.run(["nginx", "-t"], capture_output=True, text=True)
        if check.returncode != 0:
            LOG.error("nginx -t failed:\n%s", check.stderr)
            raise SystemExit(1)
        subprocess.run(["systemctl", "reload", "nginx"], check=True)
        LOG.info("nginx reloaded")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="cdn_sites.ini")
    ap.add_argument("--only", help="render just this section")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        LOG.error("cannot read %s", args.config)
        return 1

    inst = VhostInstaller(dry_run=args.dry_run)
    changed = 0
    for name in cfg.sections():
        if args.only and name != args.only:
            continue
        try:
            inst.install(name, inst.render(name, cfg[name]))
            changed += 1
        except KeyError as exc:
            LOG.error("section %s missing %s", name, exc)
        except PermissionError as exc:
            LOG.error("cannot write vhost: %s (run as root)", exc)
            return 1
    if changed:
        inst.reload()
    return 0


if __name__ == "__main__":
    sys.exit(main())
