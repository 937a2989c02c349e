#!/usr/bin/env bash
# nginx_site_installer.sh
#
# Installs the nginx virtual host for the league registration site on the
# club's small VPS. Renders the config from a template with Python, then
# uses sudo to put it under /etc/nginx, validates it and reloads nginx.
#
# Usage: nginx_site_installer.sh -d DOMAIN [-p APP_PORT] [-r WEB_ROOT] [-n]

set -euo pipefail

DOMAIN=""
APP_PORT=8001
WEB_ROOT="/srv/registration/static"
DRY_RUN=0
SITE_NAME="league-registration"
AVAILABLE="/etc/nginx/sites-available/$SITE_NAME.conf"
ENABLED="/etc/nginx/sites-enabled/$SITE_NAME.conf"

log() { echo "[nginx-install] $*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":d:p:r:nh" opt; do
    case "$opt" in
        d) DOMAIN="$OPTARG" ;;
        p) APP_PORT="$OPTARG" ;;
        r) WEB_ROOT="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) die "bad option -$OPTARG" ;;
    esac
done

[[ -n "$DOMAIN" ]] || die "domain is required (-d register.example.org)"
[[ "$DOMAIN" =~ ^[a-z0-9.-]+$ ]] || die "domain looks wrong: $DOMAIN"
[[ "$APP_PORT" =~ ^[0-9]+$ ]] || die "port must be numeric"
command -v nginx >/dev/null 2>&1 || die "nginx is not installed"

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
RENDERED="$WORK/$SITE_NAME.conf"

export DOMAIN APP_PORT WEB_ROOT RENDERED
python3 - <<'PYEOF'
import os
from string import Template

tpl = Template("""# managed by nginx_site_installer.sh
server {
    listen 80;
    server_name $domain;

    client_max_body_size 8m;   # waiver PDF uploads

    location /static/ {
        alias $web_root/;
        expires 7d;
    }

    location / {
        proxy_pass http://127.0.0.1:$port;
        proxy_set_header Host $$host;
        proxy_set_header X-Real-IP $$remote_addr;
        proxy_set_header X-Forwarded-Proto $$scheme;
        proxy_read_timeout 60s;
    }
}
""")
out = tpl.substitute(domain=os.environ["DOMAIN"],
                     port=os.environ["APP_PORT"],
                     web_root=os.environ["WEB_ROOT"].rstrip("/"))
with open(os.environ["RENDERED"], "w") as fh:
    fh.write(out)
PYEOF

log "rendered config for $DOMAIN -> 127.0.0.1:$APP_PORT"

if [[ $DRY_RUN -eq 1 ]]; then
    cat "$RENDERED"
    exit 0
fi

# Keep a backup of whatever config was there before.
if sudo test -f "$AVAILABLE"; then
    sudo cp -a "$AVAILABLE" "$AVAILABLE.bak.$(date +%Y%m%d%H%M%S)"
    log "backed up existing $AVAILABLE"
fi

sudo install -o root -g root -m 0644 "$RENDERED" "$AVAILABLE"
sudo ln -sf "$AVAILABLE" "$ENABLED"
log "installed $AVAILABLE and enabled it"

if ! sudo nginx -t 2>"$WORK/nginx-test.err"; then
    log "nginx config test failed:"
    cat "$WORK/nginx-test.err" >&2
    sudo rm -f "$ENABLED"
    die "site disabled again; nginx left untouched"
fi

sudo systemctl reload nginx
log "nginx reloaded; https://$DOMAIN should now reach the registration app"
