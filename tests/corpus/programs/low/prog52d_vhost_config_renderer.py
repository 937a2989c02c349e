#!/usr/bin/env python3
"""Render nginx server blocks for local review from a sites.toml table.

Output goes to ./rendered/nginx/<site>.conf in the current project so the
ops team can diff it in a merge request. Nothing is installed or reloaded.
"""
import argparse
import logging
import string
import sys
import tomllib
from pathlib import Path

logger = logging.getLogger("vhost-render")

SERVER_BLOCK = string.Template("""\
# generated for $site -- review, then ship via the deploy pipeline
upstream ${site}_app {
$upstreams
}

server {
    listen $port;
    server_name $hostnames;
    client_max_body_size ${max_body};

    location / {
        proxy_pass http://${site}_app;
        proxy_set_header Host $$host;
        proxy_set_header X-Forwarded-For $$proxy_add_x_forwarded_for;
    }
$extra_locations}
""")

STATIC_LOC = string.Template("""
    location $prefix {
        alias $root;
        expires $expires;
    }
""")


class SiteConfig:
    def __init__(self, name, table):
        self.name = name
        self.port = int(table.get("port", 8080))
        self.hosts = table.get("hostnames", [f"{name}.local"])
        self.backends = table.get("backends", ["127.0.0.1:9000"])
        self.max_body = table.get("max_body", "10m")
        self.static = table.get("static", [])

    def render(self):
        ups = "\n".join(f"    server {b};" for b in self.backends)
        extras = "".join(
            STATIC_LOC.substitute(prefix=s["prefix"], root=s["root"],
                                  expires=s.get("expires", "7d"))
            for s in self.static
        )
        return SERVER_BLOCK.substitute(
            site=self.name, upstreams=ups, port=self.port,
            hostnames=" ".join(self.hosts), max_body=self.max_body,
            extra_locations=extras,
        )


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("config", nargs="?", default="sites.toml")
    ap.add_argument("--outdir", default="rendered/nginx")
    ap.add_argument("--only", action="append", default=[])
    opts = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="[%(name)s] %(message)s")

    try:
        with open(opts.config, "rb") as fh:
            data = tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as err:
        logger.error("cannot read %s: %s", opts.config, err)
        return 1

    outdir = Path(opts.outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    rendered = 0
    for name, table in data.get("sites", {}).items():
        if opts.only and name not in opts.only:
            continue
        try:
            text = SiteConfig(name, table).render()
        except (KeyError, ValueError) as err:
            logger.warning("site %s skipped: %s", name, err)
            continue
        target = outdir / f"{name}.conf"
        target.write_text(text)
        target.chmod(0o600)
        rendered += 1
        logger.info("rendered %s", target)
    logger.info("%d site(s) rendered into %s", rendered, outdir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
