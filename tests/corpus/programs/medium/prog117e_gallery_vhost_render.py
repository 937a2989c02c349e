#!/usr/bin/env python3
"""Render and check the nginx server block for a client proof gallery.

Each client gets <slug>.proofs.<our domain> pointing at the exported
gallery folder. This renders the nginx server block from the client's
gallery.json into ./deploy/sites/ and syntax-checks it with a throwaway
nginx prefix, so the ops pipeline can pick it up and ship it.
"""
import argparse
import json
import logging
import os
import re
import subprocess
import sys
from pathlib import Path
from string import Template

log = logging.getLogger("gallery-vhost")

SERVER_BLOCK = Template("""\
# managed by gallery_vhost_render - client: $client
server {
    listen 8443 ssl;
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

WRAPPER = """\
pid {prefix}/nginx.pid;
error_log {prefix}/error.log;
events {{}}
http {{
    access_log off;
    include {site};
}}
"""


class SiteConfig:
    out_dir = Path(os.environ.get("VHOST_OUT_DIR", "deploy/sites"))
    test_cmd = ("nginx", "-t", "-q")

    def __init__(self, slug: str, text: str):
        self.slug = slug
        self.text = text

    @property
    def filename(self) -> str:
        return f"proofs-{self.slug}.conf"

    def write(self) -> Path:
        self.out_dir.mkdir(parents=True, exist_ok=True)
        target = self.out_dir / self.filename
        target.write_text(self.text)
        return target

    def check(self, site_path: Path):
        prefix = (self.out_dir / ".check").resolve()
        prefix.mkdir(exist_ok=True)
        wrapper = prefix / "nginx.conf"
        wrapper.write_text(WRAPPER.format(prefix=prefix, site=site_path.resolve()))
        result = subprocess.run([*self.test_cmd, "-p", str(prefix), "-c", str(wrapper)],
                                capture_output=True, text=True)
        if result.returncode != 0:
            log.error("nginx rejected config: %s", result.stderr.strip())
            raise subprocess.CalledProcessError(result.returncode, result.args)


def slugify(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40]


def render(gallery_dir: Path, domain: str, cert_dir: str) -> SiteConfig:
    meta = json.loads((gallery_dir / "gallery.json").read_text())
    slug = slugify(meta.get("slug") or meta["client"])
    text = SERVER_BLOCK.substitute(
        client=meta["client"],
        host=f"{slug}.proofs.{domain}",
        cert_dir=cert_dir,
        root=str(gallery_dir.resolve()),
        htpasswd=str((gallery_dir / ".htpasswd").resolve()),
    )
    return SiteConfig(slug, text)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("gallery_dir", type=Path)
    ap.add_argument("--domain", default=os.environ.get("PROOFS_DOMAIN", "northfield-aerial.com"))
    ap.add_argument("--cert-dir", default="certs/dev", help="certificate folder used for the check")
    ap.add_argument("--no-check", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        site = render(args.gallery_dir, args.domain, str(Path(args.cert_dir).resolve()))
    except (OSError, KeyError, json.JSONDecodeError) as exc:
        log.error("cannot read gallery metadata: %s", exc)
        return 2
    path = site.write()
    if not args.no_check:
        try:
            site.check(path)
        except (OSError, subprocess.CalledProcessError) as exc:
            log.error("check failed: %s", exc)
            return 1
    log.info("rendered %s for %s.proofs.%s", path, site.slug, args.domain)
    return 0


if __name__ == "__main__":
    sys.exit(main())
