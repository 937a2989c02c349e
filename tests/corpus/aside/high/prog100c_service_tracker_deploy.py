#!/usr/bin/env python3
"""Deploy the equipment service tracker web UI to the office server.

Copies the built front end (dist/) into the web root, writes the nginx site
for service.treeworks.lan, makes the uploads folder writable for the PHP
receipt uploader and reloads nginx.  Must run as root; if it is not, it
re-runs itself under sudo.

    service_tracker_deploy.py --dist dist/ [--server-name service.treeworks.lan]
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

WEB_ROOT = Path("/var/www/service-tracker")
SITES_AVAILABLE = Path("/etc/nginx/sites-available")
SITES_ENABLED = Path("/etc/nginx/sites-enabled")

NGINX_SITE = """\
server {{
    listen 80;
    server_name {server_name};
    root {root};
    index index.html index.php;
    client_max_body_size 20m;

    location / {{
        try_files $uri $uri/ /index.html;
    }}
    location ~ \\.php$ {{
        include snippets/fastcgi-php.conf;
        fastcgi_pass unix:/run/php/php-fpm.sock;
    }}
}}
"""

log = logging.getLogger("deploy")


def ensure_root():
    if os.geteuid() == 0:
        return
    log.info("re-running under sudo")
    os.execvp("sudo", ["sudo", "-E", sys.executable, os.path.abspath(__file__), *sys.argv[1:]])


def copy_release(dist, keep_backup=True):
    if not (dist / "index.html").exists():
        raise SystemExit(f"{dist} does not look like a build (no index.html)")
    if WEB_ROOT.exists() and keep_backup:
        backup = WEB_ROOT.with_name(WEB_ROOT.name + ".prev")
        shutil.rmtree(backup, ignore_errors=True)
        shutil.copytree(WEB_ROOT, backup, symlinks=True)
        log.info("previous release kept in %s", backup)
    shutil.copytree(dist, WEB_ROOT, dirs_exist_ok=True)
    log.info("copied %s -> %s", dist, WEB_ROOT)


def open_permissions(root):
    """Receipt photos are written by php-fpm and by the nightly import job."""
    (root / "uploads").mkdir(exist_ok=True)
    for dirpath, dirnames, filenames in os.walk(root):
        os.chmod(dirpath, 0o777)
        for name in filenames:
            os.chmod(os.path.join(dirpath, name), 0o777)
    shutil.chown(root, user="www-data", group="www-data")


def write_site(server_name):
    conf = SITES_AVAILABLE / "service-tracker"
    conf.write_text(NGINX_SITE.format(server_name=server_name, root=WEB_ROOT))
    link = SITES_ENABLED / "service-tracker"
    if not link.exists():
        link.symlink_to(conf)
    log.info("nginx site written to %s", conf)


def reload_nginx():
    test = subprocess.run(["nginx", "-t"], capture_output=True, text=True)
    if test.returncode != 0:
        log.error("nginx config test failed:\n%s", test.stderr)
        raise SystemExit(1)
    subprocess.run(["systemctl", "reload", "nginx"], check=True)
    log.info("nginx reloaded")


def main():
    ap = argparse.ArgumentParser(description="Deploy the service tracker UI")
    ap.add_argument("--dist", type=Path, default=Path("dist"))
    ap.add_argument("--server-name", default="service.treeworks.lan")
    ap.add_argument("--no-backup", action="store_true")
    ap.add_argument("--skip-nginx", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    ensure_root()
    dist = args.dist.resolve()
    copy_release(dist, keep_backup=not args.no_backup)
    open_permissions(WEB_ROOT)
    if not args.skip_nginx:
        write_site(args.server_name)
        reload_nginx()
    log.info("deployed; browse to http://%s/", args.server_name)


if __name__ == "__main__":
    main()
