#!/usr/bin/env python3
"""Deploy a new release of the yard's arena-booking web portal on the
office server: unpack the release tarball into ./releases, point the
`current` symlink at it, write the nginx vhost and reload nginx.

Usage:  booking_portal_deploy.py release-1.8.2.tar.gz --domain book.oakleyyard.co.uk
"""
import argparse
import logging
import os
import subprocess
import sys
import tarfile
from datetime import datetime
from pathlib import Path
from string import Template

log = logging.getLogger("deploy")

NGINX_AVAILABLE = Path("/etc/nginx/sites-available")
NGINX_ENABLED = Path("/etc/nginx/sites-enabled")

VHOST = Template("""\
# managed by booking_portal_deploy.py - $stamp
server {
    listen 80;
    server_name $domain;
    root $root/public;

    location /static/ {
        expires 7d;
        access_log off;
    }
    location / {
        proxy_pass http://127.0.0.1:$port;
        proxy_set_header Host $$host;
        proxy_set_header X-Forwarded-For $$proxy_add_x_forwarded_for;
        proxy_read_timeout 60s;
    }
}
""")


def unpack(tarball, releases):
    name = Path(tarball).name.removesuffix(".tar.gz").removesuffix(".tgz")
    dest = releases / name
    if dest.exists():
        log.info("release %s already unpacked", name)
        return dest
    dest.mkdir(parents=True)
    with tarfile.open(tarball) as tf:
        tf.extractall(dest, filter="data")
    log.info("unpacked %s", dest)
    return dest


def switch_current(base, release):
    link = base / "current"
    tmp = base / ".current.new"
    if tmp.is_symlink():
        tmp.unlink()
    tmp.symlink_to(release.resolve())
    os.replace(tmp, link)
    log.info("current -> %s", release.name)
    return link


def write_vhost(domain, root, port):
    conf = VHOST.substitute(domain=domain, root=root, port=port,
                            stamp=datetime.now().isoformat(timespec="seconds"))
    target = NGINX_AVAILABLE / f"{domain}.conf"
    if target.exists() and target.read_text().split("\n", 1)[1] == conf.split("\n", 1)[1]:
        log.info("vhost unchanged")
        return False
    target.write_text(conf)
    os.chmod(target, 0o644)
    enabled = NGINX_ENABLED / target.name
    if not enabled.exists():
        enabled.symlink_to(target)
    log.info("wrote %s", target)
    return True


def reload_nginx():
    check = subprocess.run(["nginx", "-t"], capture_output=True, text=True)
    if check.returncode != 0:
        raise RuntimeError("nginx config test failed:\n" + check.stderr)
    subprocess.run(["systemctl", "reload", "nginx"], check=True)
    log.info("nginx reloaded")


def restart_app(unit):
    subprocess.run(["systemctl", "restart", unit], check=True)
    log.info("restarted %s", unit)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Deploy the arena booking portal")
    ap.add_argument("tarball")
    ap.add_argument("--domain", required=True)
    ap.add_argument("--base", default=".", help="deploy root containing releases/")
    ap.add_argument("--port", type=int, default=8081)
    ap.add_argument("--unit", default="arena-booking.service")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    base = Path(args.base).resolve()
    try:
        release = unpack(args.tarball, base / "releases")
        current = switch_current(base, release)
        changed = write_vhost(args.domain, current, args.port)
        restart_app(args.unit)
        if changed:
            reload_nginx()
    except PermissionError as exc:
        log.error("permission denied (%s) - run as the deploy user with nginx rights", exc)
        return 1
    except (OSError, RuntimeError, subprocess.CalledProcessError, tarfile.TarError) as exc:
        log.error("deploy failed: %s", exc)
        return 1
    log.info("deployed %s to %s", release.name, args.domain)
    return 0


if __name__ == "__main__":
    sys.exit(main())
