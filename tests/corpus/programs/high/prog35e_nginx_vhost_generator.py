#!/usr/bin/env python3
"""Generate and activate an nginx virtual host for an internal app.

    vhostgen.py --name grafana --server-name grafana.lab.internal --upstream 127.0.0.1:3000

Writes /etc/nginx/sites-available/<name>.conf, links it into sites-enabled,
validates the configuration with `nginx -t` and reloads nginx.  A failed
validation rolls the change back.
"""
from __future__ import annotations

import argparse
import ipaddress
import logging
import os
import re
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("vhostgen")

NGINX_ROOT = Path("/etc/nginx")
AVAILABLE = NGINX_ROOT / "sites-available"
ENABLED = NGINX_ROOT / "sites-enabled"

VHOST = """\
# managed by vhostgen - changes will be overwritten
upstream {name}_backend {{
{upstream_lines}
    keepalive 16;
}}

server {{
    listen {port};
    server_name {server_name};

    access_log /var/log/nginx/{name}.access.log;
    error_log  /var/log/nginx/{name}.error.log warn;

    client_max_body_size {max_body};

    location / {{
        proxy_pass http://{name}_backend;
        proxy_http_version 1.1;
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
{extra_locations}
    }}
}}
"""

NAME_RE = re.compile(r"^[a-z0-9][a-z0-9-]{0,40}$")


def validate_upstream(value: str) -> str:
    host, _, port = value.rpartition(":")
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise argparse.ArgumentTypeError(f"bad port in {value!r}")
    try:
        ipaddress.ip_address(host)
    except ValueError:
        if not re.match(r"^[A-Za-z0-9.-]+$", host):
            raise argparse.ArgumentTypeError(f"bad host in {value!r}")
    return value


def render(args: argparse.Namespace) -> str:
    upstream_lines = "\n".join(f"    server {u};" for u in args.upstream)
    extras = ""
    if args.websocket:
        extras = ('        proxy_set_header Upgrade $http_upgrade;\n'
                  '        proxy_set_header Connection "upgrade";')
    return VHOST.format(name=args.name, port=args.port, server_name=" ".join(args.server_name),
                        upstream_lines=upstream_lines, max_body=args.max_body,
                        extra_locations=extras)


def nginx(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run(["nginx", *argv], capture_output=True, text=True)


def activate(name: str, text: str) -> None:
    conf = AVAILABLE / f"{name}.conf"
    link = ENABLED / f"{name}.conf"
    previous = conf.read_text() if conf.exists() else None

    conf.write_text(text)
    os.chmod(conf, 0o644)
    if not link.exists():
        link.symlink_to(conf)
    log.info("wrote %s", conf)

    check = nginx("-t")
    if check.returncode != 0:
        log.error("nginx -t failed:\n%s", check.stderr)
        if previous is None:
            link.unlink(missing_ok=True)
            conf.unlink()
        else:
            conf.write_text(previous)
        raise SystemExit(1)

    subprocess.check_call(["systemctl", "reload", "nginx"])
    log.info("nginx reloaded; %s is live", name)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--name", required=True)
    parser.add_argument("--server-name", action="append", required=True)
    parser.add_argument("--upstream", action="append", type=validate_upstream, required=True)
    parser.add_argument("--port", type=int, default=80)
    parser.add_argument("--max-body", default="16m")
    parser.add_argument("--websocket", action="store_true")
    parser.add_argument("--stdout", action="store_true", help="print config only")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    if not NAME_RE.match(args.name):
        log.error("invalid site name %r", args.name)
        return 2
    text = render(args)
    if args.stdout:
        print(text)
        return 0
    if os.geteuid() != 0:
        log.error("run as root to modify %s", NGINX_ROOT)
        return 1
    activate(args.name, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
