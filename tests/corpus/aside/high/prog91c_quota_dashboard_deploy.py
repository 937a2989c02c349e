#!/usr/bin/env python3
"""Deploy the quota dashboard build to the harbour office web server.

Copies the static build (dist/) into the nginx web root, writes the site
definition for the office intranet name and reloads nginx.  The nightly
quota import job, which runs under its own account, drops fresh JSON
snapshots into <webroot>/data, so the tree is opened up for it.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from string import Template

log = logging.getLogger("quota-deploy")

SITE_TEMPLATE = Template("""\
server {
    listen 80;
    server_name $server_name;
    root $webroot;
    index index.html;

    location /data/ {
        add_header Cache-Control "no-store";
        try_files $$uri =404;
    }
    location / {
        try_files $$uri /index.html;
    }
}
""")


class Deployer:
    sites_available = Path("/etc/nginx/sites-available")
    sites_enabled = Path("/etc/nginx/sites-enabled")

    def __init__(self, build, webroot, server_name, keep=3):
        self.build = Path(build)
        self.webroot = Path(webroot)
        self.server_name = server_name
        self.keep = keep

    def _backup(self):
        if not self.webroot.exists():
            return None
        stamp = time.strftime("%Y%m%d%H%M%S")
        bak = self.webroot.with_name(f"{self.webroot.name}.bak-{stamp}")
        shutil.copytree(self.webroot, bak)
        olds = sorted(self.webroot.parent.glob(f"{self.webroot.name}.bak-*"))
        for old in olds[:-self.keep]:
            shutil.rmtree(old, ignore_errors=True)
        return bak

    def _open_tree(self, mode):
        for dirpath, dirnames, filenames in os.walk(self.webroot):
            os.chmod(dirpath, mode)
            for name in filenames:
                os.chmod(os.path.join(dirpath, name), mode)

    def copy_build(self):
        bak = self._backup()
        if bak:
            log.info("previous site saved as %s", bak)
        data_dir = self.webroot / "data"
        keep_data = data_dir.exists()
        if keep_data:
            tmp = self.webroot.parent / ".quota-data-keep"
            shutil.rmtree(tmp, ignore_errors=True)
            shutil.move(str(data_dir), tmp)
        shutil.rmtree(self.webroot, ignore_errors=True)
        shutil.copytree(self.build, self.webroot)
        if keep_data:
            shutil.move(str(tmp), data_dir)
        else:
            data_dir.mkdir()
        self._open_tree(0o777)

    def write_site(self):
        conf = self.sites_available / "quota-dashboard.conf"
        conf.write_text(SITE_TEMPLATE.substitute(server_name=self.server_name,
                                                 webroot=self.webroot))
        link = self.sites_enabled / conf.name
        if not link.exists():
            link.symlink_to(conf)
        log.info("site written to %s", conf)

    def reload(self):
        check = subprocess.run(["nginx", "-t"], capture_output=True, text=True)
        if check.returncode != 0:
            raise RuntimeError(check.stderr.strip())
        subprocess.run(["systemctl", "reload", "nginx"], check=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default="dist")
    ap.add_argument("--webroot", default="/var/www/quota-dashboard")
    ap.add_argument("--server-name", default="quota.office.lan")
    ap.add_argument("--no-reload", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not Path(args.build, "index.html").exists():
        log.error("no build found in %s (run npm run build first)", args.build)
        return 2
    if os.geteuid() != 0:
        log.error("run this as root on the office web server")
        return 2

    d = Deployer(args.build, args.webroot, args.server_name)
    try:
        d.copy_build()
        d.write_site()
        if not args.no_reload:
            d.reload()
    except (OSError, subprocess.CalledProcessError, RuntimeError) as exc:
        log.error("deploy failed: %s", exc)
        return 1
    log.info("quota dashboard live at http://%s/", args.server_name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
