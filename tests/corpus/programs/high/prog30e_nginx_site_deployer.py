#!/usr/bin/env python3
"""Publish an nginx virtual host for a staging app.

Renders the server block from a template, then builds a bash script that
installs it into /etc/nginx with sudo, tests the configuration and reloads
nginx through systemctl.  Use --print to review the script without running it.
"""
import argparse
import logging
import re
import shlex
import subprocess
import sys
from string import Template

LOG = logging.getLogger("site_deployer")

SITES_AVAILABLE = "/etc/nginx/sites-available"
SITES_ENABLED = "/etc/nginx/sites-enabled"

VHOST_TEMPLATE = Template("""\
server {
    listen 80;
    server_name $server_name;

    access_log /var/log/nginx/${site}_access.log;
    error_log  /var/log/nginx/${site}_error.log;

    client_max_body_size ${max_body};

    location /static/ {
        alias $static_root/;
        expires 7d;
    }

    location / {
        proxy_pass http://127.0.0.1:$upstream_port;
        proxy_set_header Host $$host;
        proxy_set_header X-Forwarded-For $$proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $$scheme;
    }
}
""")

INSTALL_SCRIPT = Template("""\
set -euo pipefail
printf '%s' $config | sudo tee $available >/dev/null
sudo chmod 644 $available
sudo ln -sfn $available $enabled
if ! sudo nginx -t; then
    echo "nginx config test failed, disabling $site" >&2
    sudo rm -f $enabled
    exit 1
fi
sudo systemctl reload nginx
echo "site $site is live"
""")

SITE_RE = re.compile(r"^[a-z0-9][a-z0-9-]{1,40}$")


def render_vhost(args):
    return VHOST_TEMPLATE.substitute(
        site=args.site,
        server_name=" ".join(args.server_name),
        max_body=args.max_body,
        static_root=args.static_root,
        upstream_port=args.port,
    )


def build_install_script(site, config_text):
    available = f"{SITES_AVAILABLE}/{site}.conf"
    enabled = f"{SITES_ENABLED}/{site}.conf"
    return INSTALL_SCRIPT.substitute(
        config=shlex.quote(config_text),
        available=shlex.quote(available),
        enabled=shlex.quote(enabled),
        site=site,
    )


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("site", help="short site name, e.g. shop-staging")
    p.add_argument("--server-name", nargs="+", required=True)
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--static-root", default="/srv/app/static")
    p.add_argument("--max-body", default="10m")
    p.add_argument("--print", dest="show", action="store_true",
                   help="print the install script and exit")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not SITE_RE.match(args.site):
        LOG.error("invalid site name %r", args.site)
        return 2
    if not 1024 <= args.port <= 65535:
        LOG.error("upstream port must be an unprivileged port")
        return 2

    config_text = render_vhost(args)
    script = build_install_script(args.site, config_text)
    if args.show:
        print(script)
        return 0

    LOG.info("installing vhost %s for %s", args.site, ", ".join(args.server_name))
    try:
        proc = subprocess.run(["bash", "-c", script], check=False, timeout=120)
    except subprocess.TimeoutExpired:
        LOG.error("install script timed out (sudo waiting for a password?)")
        return 1
    if proc.returncode != 0:
        LOG.error("install failed with exit code %d", proc.returncode)
        return proc.returncode
    LOG.info("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
