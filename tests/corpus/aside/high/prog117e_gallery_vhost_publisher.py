#!/usr/bin/env python3
"""Publish a client proof gallery on its own sub-domain.

Each client gets <slug>.proofs.<our domain> pointing at the exported
gallery folder. This renders the nginx server block from the client's
gallery.json, installs it into the nginx site directories, validates and
reloads nginx.
"""
import argparse
import json
import logging
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from string import Template

log = logging.getLogger("gallery-vhost")

SERVER_BLOCK = Template("""\
# managed by gallery_vhost_publisher - client: $client
server {
    listen 443 ssl http2;
    server_name $host;

    ssl_certificate     $cert_dir/fullchain.pem;
    ssl_certificate_key $cert_dir/privkey.pem;

    root $root;
    index index.html;

    auth_basic "Proofs for $client";
    auth_basic_user_file $htpasswd;

    location ~* \\.(jpe?g|png|webp)$$ {
        expires 7d;
        add_header Cache-Control "public";
    }
    location / {
        try_files $$uri $$uri/ =404;
    }
}
""")


class SiteConfig:
    available = Path(os.environ.get("NGINX_SITES_AVAILABLE", "/etc/nginx/sites-available"))
    enabled = Path(os.environ.get("NGINX_SITES_ENABLED", "/etc/nginx/sites-enabled"))
    reload_cmd = ("systemctl", "reload", "nginx")
    test_cmd = ("nginx", "-t", "-q")

    def __init__(self, slug: str, text: str):
        self.slug = slug
        self.text = text

    @property
    def filename(self) -> str:
        return f"proofs-{self.slug}.conf"

    def install(self) -> Path:
        target = self.available / self.filename
        backup = None
        if target.exists():
            backup = target.with_suffix(".conf.bak")
            shutil.copy2(target, backup)
        target.write_text(self.text)
        os.chmod(target, 0o644)
        link = self.enabled / self.filename
        if not link.exists():
            link.symlink_to(target)
        try:
            subprocess.run(self.test_cmd, check=True, capture_output=True, text=True)
        except subprocess.CalledProcessError as exc:
            log.error("nginx rejected config: %s", exc.stderr.strip())
            if backup:
                shutil.move(backup, target)
            else:
                link.unlink(missing_ok=True)
                target.unlink(missing_ok=True)
            raise
        return target

    def activate(self):
        subprocess.run(self.reload_cmd, check=True)


def slugify(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40]


def render(gallery_dir: Path, domain: str) -> SiteConfig:
    meta = json.loads((gallery_dir / "gallery.json").read_text())
    slug = slugify(meta.get("slug") or meta["client"])
    text = SERVER_BLOCK.substitute(
        client=meta["client"],
        host=f"{slug}.proofs.{domain}",
        cert_dir=f"/etc/letsencrypt/live/proofs.{domain}",
        root=str(gallery_dir.resolve()),
        htpasswd=str((gallery_dir / ".htpasswd").resolve()),
    )
    return SiteConfig(slug, text)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("gallery_dir", type=Path)
    ap.add_argument("--domain", default=os.environ.get("PROOFS_DOMAIN", "northfield-aerial.com"))
    ap.add_argument("--print", dest="print_only", action="store_true", help="print config and stop")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        site = render(args.gallery_dir, args.domain)
    except (OSError, KeyError, json.JSONDecodeError) as exc:
        log.error("cannot read gallery metadata: %s", exc)
        return 2
    if args.print_only:
        sys.stdout.write(site.text)
        return 0
    try:
        path = site.install()
        site.activate()
    except (OSError, subprocess.CalledProcessError) as exc:
        log.error("publish failed: %s", exc)
        return 1
    log.info("published %s -> https://%s.proofs.%s/", path, site.slug, args.domain)
    return 0


if __name__ == "__main__":
    sys.exit(main())
