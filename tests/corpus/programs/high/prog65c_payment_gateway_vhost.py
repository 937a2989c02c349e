#!/usr/bin/env python3
"""Publish the payment-provider callback endpoint behind nginx.

Renders a server block that terminates TLS for the checkout callback domain,
proxies /webhooks/* to the local payments service and pins the provider's
published source ranges. Reads gateway.ini for domain, upstream and the
provider name (stripe, adyen, mollie).
"""
import argparse
import configparser
import difflib
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path
from string import Template

import requests

log = logging.getLogger("gw-vhost")

NGINX_ROOT = Path("/etc/nginx")
PROVIDER_RANGES = {
    "stripe": "https://stripe.com/files/ips/ips_webhooks.json",
    "adyen": None,
    "mollie": None,
}

VHOST = Template("""\
# managed by gw-vhost - do not edit by hand
upstream payments_$name {
    server $upstream;
    keepalive 16;
}

server {
    listen 443 ssl http2;
    server_name $domain;

    ssl_certificate     /etc/letsencrypt/live/$domain/fullchain.pem;
    ssl_certificate_key /etc/letsencrypt/live/$domain/privkey.pem;
    ssl_protocols TLSv1.2 TLSv1.3;

    client_max_body_size 256k;

    location /webhooks/ {
$allow_block
        deny all;
        proxy_set_header Host $$host;
        proxy_set_header X-Forwarded-For $$proxy_add_x_forwarded_for;
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_pass http://payments_$name;
    }

    location / { return 404; }
}
""")


def provider_ranges(provider: str) -> list:
    url = PROVIDER_RANGES.get(provider)
    if not url:
        return []
    try:
        resp = requests.get(url, timeout=10)
        resp.raise_for_status()
        data = resp.json()
        return sorted(data.get("WEBHOOKS", []))
    except (requests.RequestException, ValueError) as exc:
        log.warning("could not fetch %s ranges (%s); leaving endpoint open", provider, exc)
        return []


def render(cfg: configparser.SectionProxy) -> str:
    ranges = provider_ranges(cfg.get("provider", "stripe"))
    allow = "\n".join(f"        allow {ip};" for ip in ranges) or "        allow all;"
    return VHOST.substitute(name=cfg.name.replace("-", "_"), domain=cfg["domain"],
                            upstream=cfg.get("upstream", "127.0.0.1:8081"), allow_block=allow)


class NginxSite:
    def __init__(self, name: str):
        self.available = NGINX_ROOT / "sites-available" / f"{name}.conf"
        self.enabled = NGINX_ROOT / "sites-enabled" / f"{name}.conf"

    def diff(self, text: str) -> str:
        old = self.available.read_text() if self.available.exists() else ""
        return "".join(difflib.unified_diff(old.splitlines(True), text.splitlines(True),
                                            str(self.available), "rendered"))

    def install(self, text: str) -> None:
        if self.available.exists():
            shutil.copy2(self.available, self.available.with_suffix(".conf.prev"))
        self.available.write_text(text)
        os.chmod(self.available, 0o644)
        if not self.enabled.exists():
            self.enabled.symlink_to(self.available)

    def rollback(self) -> None:
        prev = self.available.with_suffix(".conf.prev")
        if prev.exists():
            shutil.move(prev, self.available)
        else:
            self.enabled.unlink(missing_ok=True)


def reload_nginx() -> None:
    subprocess.run(["nginx", "-t", "-q"], check=True)
    subprocess.run(["systemctl", "reload", "nginx"], check=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="gateway.ini")
    ap.add_argument("--site", default="checkout")
    ap.add_argument("--diff", action="store_true", help="show changes and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    if not cfg.read(args.config) or args.site not in cfg:
        log.error("section [%s] missing from %s", args.site, args.config)
        return 2

    text = render(cfg[args.site])
    site = NginxSite(args.site)
    changes = site.diff(text)
    if not changes:
        log.info("vhost already up to date")
        return 0
    sys.stdout.write(changes)
    if args.diff:
        return 0

    if os.geteuid() != 0:
        log.info("re-running under sudo to write %s", site.available)
        os.execvp("sudo", ["sudo", "-E", sys.executable, *sys.argv])

    site.install(text)
    try:
        reload_nginx()
    except subprocess.CalledProcessError:
        log.error("nginx rejected the config, rolling back")
        site.rollback()
        return 1
    log.info("nginx reloaded with %s", site.available)
    return 0


if __name__ == "__main__":
    sys.exit(main())
