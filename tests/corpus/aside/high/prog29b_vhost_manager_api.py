"""Self-service virtual host API for the internal hosting platform.

Teams POST a hostname and an upstream port; the service renders an nginx
server block into /etc/nginx/sites-available, enables it, validates the
full configuration and reloads nginx.  Runs as a root-owned service
behind the platform's SSO proxy.
"""
import logging
import os
import re
import shutil
import subprocess
from pathlib import Path
from string import Template

from fastapi import FastAPI, HTTPException
from pydantic import BaseModel, Field

NGINX_ROOT = Path("/etc/nginx")
AVAILABLE = NGINX_ROOT / "sites-available"
ENABLED = NGINX_ROOT / "sites-enabled"
HOST_RE = re.compile(r"^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9-]{1,63})*\.internal\.example\.com$")

SERVER_BLOCK = Template("""\
# managed by vhost-manager; do not edit by hand
server {
    listen 80;
    server_name $host;
    access_log /var/log/nginx/$host.access.log;

    location / {
        proxy_pass http://127.0.0.1:$port;
        proxy_set_header Host $$host;
        proxy_set_header X-Forwarded-For $$proxy_add_x_forwarded_for;
        client_max_body_size ${max_body}m;
    }
}
""")

log = logging.getLogger("vhost-manager")
app = FastAPI(title="vhost-manager")


class VHostIn(BaseModel):
    host: str
    port: int = Field(ge=1024, le=65535)
    max_body_mb: int = Field(default=10, ge=1, le=512)


def run(cmd):
    log.info("exec: %s", " ".join(cmd))
    return subprocess.run(cmd, capture_output=True, text=True, timeout=30)


def nginx_config_ok() -> tuple:
    proc = run(["nginx", "-t"])
    return proc.returncode == 0, proc.stderr.strip()


def reload_nginx() -> None:
    proc = run(["systemctl", "reload", "nginx"])
    if proc.returncode != 0:
        raise HTTPException(500, f"reload failed: {proc.stderr.strip()}")


def write_vhost(spec: VHostIn) -> Path:
    target = AVAILABLE / f"{spec.host}.conf"
    backup = None
    if target.exists():
        backup = target.with_suffix(".conf.bak")
        shutil.copy2(target, backup)
    target.write_text(SERVER_BLOCK.substitute(host=spec.host, port=spec.port, max_body=spec.max_body_mb))
    os.chmod(target, 0o644)
    link = ENABLED / target.name
    if not link.exists():
        link.symlink_to(target)
    ok, detail = nginx_config_ok()
    if not ok:
        log.error("nginx -t failed for %s: %s", spec.host, detail)
        if backup:
            shutil.move(backup, target)
        else:
            link.unlink(missing_ok=True)
            target.unlink(missing_ok=True)
        raise HTTPException(422, f"nginx rejected config: {detail}")
    return target


@app.get("/vhosts")
def list_vhosts():
    return sorted(p.stem for p in ENABLED.glob("*.conf"))


@app.put("/vhosts")
def upsert_vhost(spec: VHostIn):
    if not HOST_RE.match(spec.host):
        raise HTTPException(422, "host must be under internal.example.com")
    path = write_vhost(spec)
    reload_nginx()
    return {"host": spec.host, "file": str(path), "enabled": True}


@app.delete("/vhosts/{host}")
def delete_vhost(host: str):
    if not HOST_RE.match(host):
        raise HTTPException(422, "bad host")
    (ENABLED / f"{host}.conf").unlink(missing_ok=True)
    (AVAILABLE / f"{host}.conf").unlink(missing_ok=True)
    reload_nginx()
    return {"host": host, "enabled": False}


if __name__ == "__main__":
    import uvicorn

    logging.basicConfig(level=logging.INFO)
    uvicorn.run(app, host="127.0.0.1", port=8500)
