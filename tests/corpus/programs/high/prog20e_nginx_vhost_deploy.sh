#!/usr/bin/env bash
# Deploy (or update) an nginx virtual host for an internal app.
#   prog20e_nginx_vhost_deploy.sh -d app.internal.example -u 127.0.0.1:8080 [-r /srv/app/public]
set -euo pipefail

DOMAIN=""
UPSTREAM=""
ROOT_DIR=""
CLIENT_MAX="10m"
DRY_RUN=false
NGINX_AVAIL="/etc/nginx/sites-available"
NGINX_ENABLED="/etc/nginx/sites-enabled"

if [[ -t 1 ]]; then
  B=$'\e[1m'; G=$'\e[32m'; Y=$'\e[33m'; R=$'\e[31m'; N=$'\e[0m'
else
  B=; G=; Y=; R=; N=
fi
log()  { printf '%s%s%s %s\n' "$B" "$(date +%T)" "$N" "$*"; }
good() { printf '%s✓%s %s\n' "$G" "$N" "$*"; }
warn() { printf '%s!%s %s\n' "$Y" "$N" "$*" >&2; }
die()  { printf '%s✗%s %s\n' "$R" "$N" "$*" >&2; exit 1; }

usage() { sed -n '2,3p' "$0"; exit "${1:-0}"; }

while getopts ":d:u:r:m:nh" opt; do
  case "$opt" in
    d) DOMAIN="$OPTARG" ;;
    u) UPSTREAM="$OPTARG" ;;
    r) ROOT_DIR="$OPTARG" ;;
    m) CLIENT_MAX="$OPTARG" ;;
    n) DRY_RUN=true ;;
    h) usage 0 ;;
    *) usage 2 ;;
  esac
done

[[ -n "$DOMAIN" ]]   || die "-d DOMAIN is required"
[[ -n "$UPSTREAM" ]] || die "-u UPSTREAM is required"
[[ "$DOMAIN" =~ ^[a-z0-9.-]+$ ]] || die "invalid domain: $DOMAIN"
command -v nginx >/dev/null || die "nginx is not installed"

render_vhost() {
  cat <<CONF
# managed by ${0##*/} - do not edit by hand
upstream ${DOMAIN//./_}_backend {
    server ${UPSTREAM};
    keepalive 16;
}

server {
    listen 80;
    server_name ${DOMAIN};
    client_max_body_size ${CLIENT_MAX};
    access_log /var/log/nginx/${DOMAIN}.access.log;
    error_log  /var/log/nginx/${DOMAIN}.error.log warn;
CONF
  if [[ -n "$ROOT_DIR" ]]; then
    cat <<CONF

    location /static/ {
        alias ${ROOT_DIR%/}/static/;
        expires 7d;
    }
CONF
  fi
  cat <<CONF

    location / {
        proxy_pass http://${DOMAIN//./_}_backend;
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host \$host;
        proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto \$scheme;
    }
}
CONF
}

BACKUP=""
rollback() {
  if [[ -n "$BACKUP" ]]; then
    warn "restoring previous config"
    sudo cp -a "$BACKUP" "$NGINX_AVAIL/$DOMAIN"
  fi
}

main() {
  local target="$NGINX_AVAIL/$DOMAIN"
  if $DRY_RUN; then
    render_vhost
    return 0
  fi

  log "writing $target"
  if sudo test -f "$target"; then
    BACKUP="$target.bak.$(date +%Y%m%d%H%M%S)"
    sudo cp -a "$target" "$BACKUP"
  fi
  render_vhost | sudo tee "$target" >/dev/null
  sudo chmod 0644 "$target"
  sudo ln -sfn "$target" "$NGINX_ENABLED/$DOMAIN"

  trap rollback ERR
  log "testing configuration"
  sudo nginx -t 2>&1 | sed 's/^/    /'
  trap - ERR

  log "reloading nginx"
  sudo systemctl reload nginx
  systemctl is-active --quiet nginx && good "nginx active, $DOMAIN -> $UPSTREAM"
  if [[ -n "$BACKUP" ]]; then
    log "previous config kept at $BACKUP"
  fi
}

main
