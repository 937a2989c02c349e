#!/usr/bin/env python3
"""Install the nginx site that serves cemetery plot-map tiles.

Reads ``tileserver.ini`` (server name, tile directory, cache lifetime,
allowed origins for the memorial website) and installs a site definition
for nginx, enables it and reloads the running server.
"""
import argparse
import configparser
import logging
import os
import subprocess
import sys
from pathlib import Path
from string import Template

log = logging.getLogger("tileserver-install")

SITES_AVAILABLE = Path("/etc/nginx/sites-available")
SITES_ENABLED = Path("/etc/nginx/sites-enabled")

SITE_TEMPLATE = Template("""\
# managed by tileserver-install -- edits will be overwritten
server {
    listen 80;
    server_name $server_name;

    root $tile_root;
    access_log /var/log/nginx/plotmap_access.log;

    location /tiles/ {
        add_header Access-Control-Allow-Origin "$cors_origin";
        add_header Cache-Control "public, max-age=$max_age";
        try_files $$uri =404;
    }

    location = /healthz {
        return 200 "ok\\n";
    }
}
""")


def load_settings(path):
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        raise FileNotFoundError(path)
    sec = cfg["tileserver"]
    return {
        "server_name": sec.get("server_name", "maps.localhost"),
        "tile_root": sec.get("tile_root", "/srv/plotmap"),
        "cors_origin": sec.get("cors_origin", "https://www.evergreenmemorial.com"),
        "max_age": sec.getint("cache_seconds", 3600),
        "site_name": sec.get("site_name", "plotmap"),
    }


def render_site(settings):
    return SITE_TEMPLATE.substitute(settings)


def install_site(site_name, text):
    target = SITES_AVAILABLE / f"{site_name}.conf"
    link = SITES_ENABLED / f"{site_name}.conf"
    if target.exists() and target.read_text() == text:
        log.info("%s unchanged", target)
    else:
        target.write_text(text)
        os.chmod(target, 0o644)
        log.info("wrote %s", target)
    if not link.exists():
        link.symlink_to(target)
        log.info("enabled %s", link)
    return target


def run(cmd):
    log.debug("running %s", " ".join(cmd))
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"{cmd[0]} failed: {proc.stderr.strip()}")
    return proc.stdout


def activate():
    run(["nginx", "-t"])
    run(["systemctl", "reload", "nginx"])
    log.info("nginx reloaded")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="tileserver.ini")
    ap.add_argument("--print", action="store_true", help="print the site and exit")
    ap.add_argument("--no-reload", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        settings = load_settings(args.config)
    except (FileNotFoundError, KeyError) as exc:
        log.error("cannot read settings: %s", exc)
        return 2

    text = render_site(settings)
    if args.print:
        sys.stdout.write(text)
        return 0

    try:
        install_site(settings["site_name"], text)
        if not args.no_reload:
            activate()
    except PermissionError as exc:
        log.error("permission denied (%s); run as the deploy user", exc)
        return 1
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
