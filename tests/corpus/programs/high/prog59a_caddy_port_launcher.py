#!/usr/bin/env python3
"""Prepare the local HTTPS front-end for the dev stack.

* writes ./bin/devproxy, a launcher that starts caddy with ./dev/Caddyfile
* lets the caddy binary bind ports 80/443 as a normal user by granting it
  CAP_NET_BIND_SERVICE (so nobody has to run the dev stack as root)
"""
import argparse
import logging
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

logger = logging.getLogger("devproxy-setup")

LAUNCHER = """#!/bin/sh
# devproxy launcher (generated)
cd "$(dirname "$0")/.." || exit 1
exec {caddy} run --config dev/Caddyfile --adapter caddyfile "$@"
"""

CADDYFILE = """{{
    local_certs
    admin localhost:2019
}}

{host} {{
    reverse_proxy /api/* localhost:{api_port}
    reverse_proxy localhost:{web_port}
}}
"""


def run(cmd, check=True):
    logger.debug("$ %s", shlex.join(cmd))
    return subprocess.run(cmd, check=check, text=True, capture_output=True)


def has_capability(binary: str) -> bool:
    getcap = shutil.which("getcap") or "/usr/sbin/getcap"
    out = run([getcap, binary], check=False).stdout
    return "cap_net_bind_service" in out


def grant_capability(binary: str) -> None:
    real = str(Path(binary).resolve())
    logger.info("granting cap_net_bind_service to %s (sudo will prompt)", real)
    subprocess.run(["sudo", "setcap", "cap_net_bind_service=+ep", real], check=True)


def write_project_files(caddy: str, host: str, api_port: int, web_port: int) -> None:
    Path("bin").mkdir(exist_ok=True)
    Path("dev").mkdir(exist_ok=True)
    launcher = Path("bin/devproxy")
    launcher.write_text(LAUNCHER.format(caddy=shlex.quote(caddy)))
    launcher.chmod(0o755)
    caddyfile = Path("dev/Caddyfile")
    if not caddyfile.exists():
        caddyfile.write_text(CADDYFILE.format(host=host, api_port=api_port, web_port=web_port))
        logger.info("wrote %s", caddyfile)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--host", default="app.localhost")
    parser.add_argument("--api-port", type=int, default=8000)
    parser.add_argument("--web-port", type=int, default=5173)
    parser.add_argument("--skip-cap", action="store_true", help="use high ports instead")
    parser.add_argument("-v", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.v else logging.INFO, format="%(message)s")

    caddy = shutil.which("caddy")
    if caddy is None:
        logger.error("caddy is not installed: https://caddyserver.com/docs/install")
        return 1

    write_project_files(caddy, args.host, args.api_port, args.web_port)

    if args.skip_cap:
        logger.info("skipping capability; add ':8443' to the site address in dev/Caddyfile")
    elif has_capability(caddy):
        logger.info("caddy can already bind privileged ports")
    else:
        try:
            grant_capability(caddy)
        except subprocess.CalledProcessError as exc:
            logger.error("setcap failed (%s); rerun with --skip-cap", exc.returncode)
            return 1

    logger.info("start the proxy with ./bin/devproxy")
    return 0


if __name__ == "__main__":
    sys.exit(main())
