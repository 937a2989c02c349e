#!/usr/bin/env python3
"""Self-service vhost manager for the shared staging box.

Developers POST a hostname and the local port of their app; the manager
writes an nginx server block, enables it and reloads nginx. Runs as root
under the 'vhostmgr' systemd unit, bound to loopback behind the SSO proxy.
"""
import argparse
import json
import logging
import os
import re
import subprocess
from string import Template

import bottle
from bottle import HTTPResponse, request

log = logging.getLogger("vhostmgr")

SITES_AVAILABLE = "/etc/nginx/sites-available"
SITES_ENABLED = "/etc/nginx/sites-enabled"
REGISTRY = "/var/lib/vhostmgr/registry.json"
HOST_RE = re.compile(r"^[a-z0-9-]{1,40}\.staging\.example\.net$")

SERVER_BLOCK = Template("""\
# managed by vhostmgr - owner: $owner
server {
    listen 80;
    server_name $host;
    access_log /var/log/nginx/$host.access.log;
    location / {
        proxy_pass http://127.0.0.1:$port;
        proxy_set_header Host $$host;
        proxy_set_header X-Forwarded-For $$proxy_add_x_forwarded_for;
    }
}
""")

app = bottle.Bottle()


def load_registry():
    try:
        with open(REGISTRY) as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return {}


def save_registry(reg):
    os.makedirs(os.path.dirname(REGISTRY), exist_ok=True)
    with open(REGISTRY, "w") as fh:
        json.dump(reg, fh, indent=2)


def nginx_reload():
    check = subprocess.run(["nginx", "-t"], capture_output=True, text=True)
    if check.returncode != 0:
        return False, check.stderr
    subprocess.run(["nginx", "-s", "reload"], check=True)
    return True, ""


def install_site(host, port, owner):
    conf_path = os.path.join(SITES_AVAILABLE, host + ".conf")
    link_path = os.path.join(SITES_ENABLED, host + ".conf")
    with open(conf_path, "w") as fh:
        fh.write(SERVER_BLOCK.substitute(host=host, port=port, owner=owner))
    os.chmod(conf_path, 0o644)
    if not os.path.islink(link_path):
        os.symlink(conf_path, link_path)
    ok, err = nginx_reload()
    if not ok:
        os.unlink(link_path)
        os.unlink(conf_path)
        raise RuntimeError(err)


def remove_site(host):
    for path in (os.path.join(SITES_ENABLED, host + ".conf"),
                 os.path.join(SITES_AVAILABLE, host + ".conf")):
        if os.path.lexists(path):
            os.unlink(path)
    nginx_reload()


@app.post("/sites")
def create_site():
    data = request.json or {}
    host = str(data.get("host", "")).lower()
    owner = request.get_header("X-Forwarded-User", "unknown")
    try:
        port = int(data.get("port"))
    except (TypeError, ValueError):
        return HTTPResponse(status=400, body="port must be an integer")
    if not HOST_RE.match(host) or not 1024 < port < 65536:
        return HTTPResponse(status=400, body="invalid host or port")
    reg = load_registry()
    if host in reg and reg[host]["owner"] != owner:
        return HTTPResponse(status=409, body="host owned by someone else")
    try:
        install_site(host, port, owner)
    except RuntimeError as exc:
        log.error("nginx rejected %s: %s", host, exc)
        return HTTPResponse(status=422, body="nginx config test failed")
    reg[host] = {"port": port, "owner": owner}
    save_registry(reg)
    log.info("enabled %s -> :%d for %s", host, port, owner)
    return {"host": host, "port": port}


@app.delete("/sites/<host>")
def delete_site(host):
    reg = load_registry()
    if host not in reg:
        return HTTPResponse(status=404)
    remove_site(host)
    del reg[host]
    save_registry(reg)
    return {"removed": host}


@app.get("/sites")
def list_sites():
    return load_registry()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=9480)
    opts = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    app.run(host="127.0.0.1", port=opts.port, quiet=True)
