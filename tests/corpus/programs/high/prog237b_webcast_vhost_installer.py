#!/usr/bin/env python3
"""Install the nginx site for the memorial webcast viewing page.

Renders a server block that serves the family viewing page and proxies the
HLS stream from the chapel encoder, then installs it into nginx's conf.d
and checks the configuration.  Meant to be run as root on the web box.
"""

import argparse
import logging
import os
import shlex
import subprocess
import sys
import tempfile
from string import Template

LOG = logging.getLogger("vhost-install")

CONF_DIR = "/etc/nginx/conf.d"

SERVER_BLOCK = Template("""\
# managed by prog237b_webcast_vhost_installer - do not edit by hand
server {
    listen 80;
    server_name $server_name;

    root $web_root;
    index index.html;

    location /live/ {
        proxy_pass http://$encoder:8080/hls/;
        proxy_buffering off;
        add_header Cache-Control no-cache;
    }

    location /recordings/ {
        alias $recordings/;
        autoindex off;
    }

    access_log /var/log/nginx/$site-access.log;
    error_log  /var/log/nginx/$site-error.log;
}
""")

INSTALL_SH = """#!/bin/bash
set -e
install -o root -g root -m 0644 "$SRC_CONF" "$DEST_CONF"
nginx -t
if [ "$RELOAD" = "1" ]; then nginx -s reload; fi
"""


class SiteConfig:
    def __init__(self, args):
        self.values = {
            "server_name": args.server_name,
            "web_root": args.web_root,
            "encoder": args.encoder,
            "recordings": args.recordings.rstrip("/"),
            "site": args.site,
        }

    def validate(self):
        for key, value in self.values.items():
            if not value or any(c in value for c in ";{}\n"):
                raise ValueError(f"bad value for {key}: {value!r}")
        return self

    def render(self):
        return SERVER_BLOCK.substitute(self.values)


def install(rendered, site, reload_after):
    dest = os.path.join(CONF_DIR, f"{site}.conf")
    with tempfile.TemporaryDirectory(prefix="vhost-") as tmp:
        src = os.path.join(tmp, "site.conf")
        script = os.path.join(tmp, "install.sh")
        with open(src, "w", encoding="utf-8") as fh:
            fh.write(rendered)
        with open(script, "w", encoding="utf-8") as fh:
            fh.write(INSTALL_SH)
        env = dict(os.environ, SRC_CONF=src, DEST_CONF=dest,
                   RELOAD="1" if reload_after else "0")
        LOG.info("installing %s", dest)
        proc = subprocess.run(["bash", script], env=env, capture_output=True, text=True)
        if proc.returncode != 0:
            LOG.error("install failed:\n%s", proc.stderr)
            return proc.returncode
        LOG.info("nginx accepted the configuration")
        LOG.debug("%s", proc.stderr.strip())
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--server-name", default="webcast.example.com")
    ap.add_argument("--web-root", default="/srv/webcast/public")
    ap.add_argument("--encoder", default="192.0.2.40")
    ap.add_argument("--recordings", default="/srv/webcast/recordings")
    ap.add_argument("--site", default="memorial-webcast")
    ap.add_argument("--no-reload", action="store_true")
    ap.add_argument("--print", action="store_true", help="only print the config")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        rendered = SiteConfig(args).validate().render()
    except ValueError as exc:
        LOG.error("%s", exc)
        return 2

    if args.print:
        sys.stdout.write(rendered)
        return 0

    if os.geteuid() != 0:
        LOG.error("run as root: %s", " ".join(shlex.quote(a) for a in sys.argv))
        return 1
    return install(rendered, args.site, not args.no_reload)


if __name__ == "__main__":
    sys.exit(main())
