#!/usr/bin/env python3
"""Publish the gym class-booking portal behind nginx.

Reads deploy.toml (site name, domain, upstream port of the booking app),
renders the nginx server block, installs it and reloads nginx.
"""
import argparse
import logging
import os
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path
from string import Template

log = logging.getLogger("portal-deploy")

SERVER_BLOCK = Template("""\
# managed by booking_portal_deploy.py - do not edit by hand
upstream ${site}_app {
    server 127.0.0.1:${port};
    keepalive 16;
}

server {
    listen 80;
    server_name ${domain};

    client_max_body_size 4m;
    access_log /var/log/nginx/${site}.access.log;

    location /static/ {
        alias ${static_root}/;
        expires 7d;
    }

    location / {
        proxy_pass http://${site}_app;
        proxy_set_header Host $$host;
        proxy_set_header X-Forwarded-For $$proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $$scheme;
    }
}
""")


class NginxSite:
    available = Path("/etc/nginx/sites-available")
    enabled = Path("/etc/nginx/sites-enabled")

    def __init__(self, cfg, use_sudo=True):
        self.cfg = cfg
        self.prefix = ["sudo", "-n"] if use_sudo and os.geteuid() != 0 else []

    def _run(self, *cmd, input_text=None):
        full = self.prefix + list(cmd)
        log.debug("$ %s", shlex.join(full))
        return subprocess.run(full, input=input_text, text=True, check=True,
                              capture_output=True)

    def render(self):
        return SERVER_BLOCK.substitute(
            site=self.cfg["site"], domain=self.cfg["domain"], port=self.cfg["port"],
            static_root=self.cfg.get("static_root", f"/srv/{self.cfg['site']}/static"))

    def install(self, text):
        conf = self.available / self.cfg["site"]
        self._run("tee", str(conf), input_text=text)
        self._run("ln", "-sfn", str(conf), str(self.enabled / self.cfg["site"]))
        return conf

    def validate(self):
        self._run("nginx", "-t")

    def reload(self):
        self._run("systemctl", "reload", "nginx")


def load_cfg(path):
    with open(path, "rb") as fh:
        data = tomllib.load(fh)
    portal = data.get("portal", {})
    for key in ("site", "domain", "port"):
        if key not in portal:
            raise KeyError(f"deploy config is missing portal.{key}")
    return portal


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="deploy.toml")
    ap.add_argument("--print", action="store_true", help="only print the server block")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        cfg = load_cfg(args.config)
    except (OSError, KeyError, tomllib.TOMLDecodeError) as exc:
        log.error("config: %s", exc)
        return 2

    site = NginxSite(cfg)
    text = site.render()
    if args.print:
        sys.stdout.write(text)
        return 0
    try:
        conf = site.install(text)
        log.info("installed %s", conf)
        site.validate()
        site.reload()
    except subprocess.CalledProcessError as exc:
        log.error("step failed: %s\n%s", shlex.join(exc.cmd), exc.stderr)
        return 1
    log.info("portal %s live on http://%s/", cfg["site"], cfg["domain"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
