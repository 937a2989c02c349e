#!/usr/bin/env python3
"""dispatch_config_deployer.py - install the dispatch server's config file.

Renders ./deploy/dispatch.conf.in with the values for the chosen site and
installs the result as /etc/taxi-dispatch/dispatch.conf (root-owned, 0644),
keeping a dated backup of the previous file. The install step is a short
shell script written into ./deploy/ and executed with bash.
"""

import argparse
import configparser
import datetime
import logging
import os
import string
import subprocess
import sys

LOG = logging.getLogger("config_deployer")
TEMPLATE = os.path.join("deploy", "dispatch.conf.in")
SITES_FILE = os.path.join("deploy", "sites.ini")
RENDERED = os.path.join("deploy", "dispatch.conf.rendered")
INSTALLER = os.path.join("deploy", "install_conf.sh")
TARGET_DIR = "/etc/taxi-dispatch"
TARGET = TARGET_DIR + "/dispatch.conf"

INSTALL_SCRIPT = """#!/usr/bin/env bash
set -euo pipefail
install -d -m 0755 -o root -g root "$TARGET_DIR"
if [[ -f "$TARGET" ]]; then
    cp -p "$TARGET" "$TARGET.$STAMP.bak"
    echo "backup: $TARGET.$STAMP.bak"
fi
install -m 0644 -o root -g root "$RENDERED" "$TARGET"
chown root:root "$TARGET"
echo "installed: $TARGET"
"""

REQUIRED_KEYS = ("site_name", "db_host", "db_name", "listen_port", "zone_file")


class SiteConfig:
    def __init__(self, name, values):
        self.name = name
        self.values = dict(values)

    def validate(self):
        missing = [k for k in REQUIRED_KEYS if not self.values.get(k)]
        if missing:
            raise ValueError(f"site {self.name}: missing {', '.join(missing)}")
        port = int(self.values["listen_port"])
        if not 1024 <= port <= 65535:
            raise ValueError(f"site {self.name}: port {port} out of range")

    def render(self, template_text):
        return string.Template(template_text).substitute(self.values)


def load_site(name):
    parser = configparser.ConfigParser()
    if not parser.read(SITES_FILE):
        raise FileNotFoundError(SITES_FILE)
    if name not in parser:
        raise KeyError(f"unknown site {name!r}; known: {', '.join(parser.sections())}")
    values = dict(parser[name])
    values.setdefault("site_name", name)
    return SiteConfig(name, values)


def run_installer(stamp):
    with open(INSTALLER, "w") as fh:
        fh.write(INSTALL_SCRIPT)
    env = dict(os.environ, TARGET_DIR=TARGET_DIR, TARGET=TARGET,
               RENDERED=os.path.abspath(RENDERED), STAMP=stamp)
    proc = subprocess.run(["bash", INSTALLER], env=env, capture_output=True, text=True)
    for line in proc.stdout.splitlines():
        LOG.info("%s", line)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or f"installer exited {proc.returncode}")


def main(argv=None):
    p = argparse.ArgumentParser(description="deploy dispatch.conf")
    p.add_argument("site", help="section name in deploy/sites.ini")
    p.add_argument("--render-only", action="store_true",
                   help="write deploy/dispatch.conf.rendered and stop")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        site = load_site(args.site)
        site.validate()
        with open(TEMPLATE) as fh:
            text = site.render(fh.read())
    except (OSError, KeyError, ValueError) as exc:
        LOG.error("cannot render config: %s", exc)
        return 1

    with open(RENDERED, "w") as fh:
        fh.write(text)
    LOG.info("rendered %d lines for site %s", text.count("\n"), site.name)
    if args.render_only:
        return 0

    if os.geteuid() != 0:
        LOG.error("installing into %s needs root; re-run as root", TARGET_DIR)
        return 1

    stamp = datetime.datetime.now().strftime("%Y%m%d%H%M%S")
    try:
        run_installer(stamp)
    except RuntimeError as exc:
        LOG.error("install failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
