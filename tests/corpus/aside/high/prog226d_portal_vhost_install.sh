#!/usr/bin/env bash
# portal_vhost_install.sh - renders the tenant portal nginx virtual host from
# environment settings and installs it into the system nginx config with sudo.
set -euo pipefail

PORTAL_HOST="${PORTAL_HOST:-portal.example.org}"
UPSTREAMS="${UPSTREAMS:-192.0.2.21:8000 192.0.2.22:8000}"
CERT_DIR="${CERT_DIR:-/etc/ssl/tenant-portal}"
SITE_NAME="${SITE_NAME:-tenant-portal}"
NGINX_DIR="${NGINX_DIR:-/etc/nginx}"
MAX_UPLOAD_MB="${MAX_UPLOAD_MB:-20}"
RENDER_ONLY=0
OUT_DIR="./rendered"

log() { echo "[vhost] $*" >&2; }

usage() {
    cat <<EOF
usage: $0 [-H host] [-u "ip:port ..."] [-n site-name] [-r]
  -r   render into $OUT_DIR only, do not install
EOF
}

while getopts ":H:u:n:rh" opt; do
    case "$opt" in
        H) PORTAL_HOST="$OPTARG" ;;
        u) UPSTREAMS="$OPTARG" ;;
        n) SITE_NAME="$OPTARG" ;;
        r) RENDER_ONLY=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

export PORTAL_HOST UPSTREAMS CERT_DIR SITE_NAME MAX_UPLOAD_MB
mkdir -p "$OUT_DIR"
RENDERED="$OUT_DIR/$SITE_NAME.conf"

# Render with python so upstream validation lives in one place.
python3 - > "$RENDERED" <<'PY'
import ipaddress
import os
import sys

host = os.environ["PORTAL_HOST"]
site = os.environ["SITE_NAME"]
certs = os.environ["CERT_DIR"]
upload = int(os.environ["MAX_UPLOAD_MB"])
servers = []
for item in os.environ["UPSTREAMS"].split():
    ip, _, port = item.partition(":")
    try:
        ipaddress.ip_address(ip)
        port_no = int(port or "8000")
    except ValueError:
        sys.exit(f"bad upstream {item!r}")
    servers.append(f"    server {ip}:{port_no} max_fails=3 fail_timeout=10s;")
if not servers:
    sys.exit("no upstreams given")

print(f"upstream {site.replace('-', '_')}_app {{")
print("\n".join(servers))
print("}")
print(f"""
server {{
    listen 443 ssl http2;
    server_name {host};
    ssl_certificate {certs}/fullchain.pem;
    ssl_certificate_key {certs}/privkey.pem;
    client_max_body_size {upload}m;

    location /static/ {{
        alias /srv/{site}/static/;
        expires 7d;
    }}

    location / {{
        proxy_pass http://{site.replace('-', '_')}_app;
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-Proto https;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }}
}}""")
PY
log "rendered $RENDERED ($(wc -l < "$RENDERED") lines)"

if (( RENDER_ONLY )); then
    exit 0
fi

AVAILABLE="$NGINX_DIR/sites-available/$SITE_NAME.conf"
ENABLED="$NGINX_DIR/sites-enabled/$SITE_NAME.conf"

if [[ -f "$AVAILABLE" ]]; then
    sudo cp "$AVAILABLE" "$AVAILABLE.bak.$(date +%Y%m%d%H%M%S)"
    log "backed up existing site"
fi

sudo tee "$AVAILABLE" < "$RENDERED" > /dev/null
sudo chown root:root "$AVAILABLE"
sudo chmod 0644 "$AVAILABLE"
sudo ln -sfn "$AVAILABLE" "$ENABLED"
log "installed $AVAILABLE"

if sudo nginx -t 2>&1 | tee "$OUT_DIR/nginx-test.txt" | grep -q "test is successful"; then
    sudo nginx -s reload
    log "nginx reloaded"
else
    log "config test failed, removing link"
    sudo rm -f "$ENABLED"
    exit 1
fi
