#!/usr/bin/env bash
# arena_vhost_setup.sh - publish the arena booking site behind nginx
#
# Renders the nginx virtual host for the paintball/karaoke booking site,
# installs it, checks the config and reloads nginx.  The booking app itself
# keeps running on localhost; nginx terminates TLS and serves the static
# waiver and party-package pages.
#
# usage: arena_vhost_setup.sh -n booking.example-arena.com [-u 127.0.0.1:8060] [-s static_dir]
set -euo pipefail

SERVER_NAME=""
UPSTREAM="127.0.0.1:8060"
STATIC_DIR="$PWD/static"
CERT_DIR="/etc/letsencrypt/live"
SITES_AVAIL=/etc/nginx/sites-available
SITES_ENABLED=/etc/nginx/sites-enabled

usage() { echo "usage: $0 -n server_name [-u upstream] [-s static_dir]" >&2; exit 2; }

while getopts "n:u:s:h" o; do
  case $o in
    n) SERVER_NAME=$OPTARG ;;
    u) UPSTREAM=$OPTARG ;;
    s) STATIC_DIR=$OPTARG ;;
    *) usage ;;
  esac
done
[[ -n $SERVER_NAME ]] || usage

log() { logger -t arena-vhost "$*" 2>/dev/null || true; echo "[vhost] $*"; }

render() {
  local cert="$CERT_DIR/$SERVER_NAME"
  cat <<NGINX
# managed by arena_vhost_setup.sh - edits will be overwritten
upstream arena_booking {
    server $UPSTREAM;
    keepalive 16;
}

server {
    listen 80;
    server_name $SERVER_NAME;
    location /.well-known/acme-challenge/ { root /var/www/letsencrypt; }
    location / { return 301 https://\$host\$request_uri; }
}

server {
    listen 443 ssl http2;
    server_name $SERVER_NAME;

    ssl_certificate     $cert/fullchain.pem;
    ssl_certificate_key $cert/privkey.pem;
    ssl_protocols       TLSv1.2 TLSv1.3;

    client_max_body_size 12m;   # scanned waiver uploads

    location /static/ {
        alias $STATIC_DIR/;
        expires 7d;
    }

    location / {
        proxy_pass http://arena_booking;
        proxy_set_header Host \$host;
        proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto https;
        proxy_read_timeout 60s;
    }
}
NGINX
}

install_site() {
  local staged target
  staged=$(mktemp)
  target="$SITES_AVAIL/arena-booking.conf"
  render > "$staged"
  if [[ -f $target ]] && cmp -s "$staged" "$target"; then
    log "vhost unchanged"
    rm -f "$staged"
    return 1
  fi
  [[ -f $target ]] && sudo cp -p "$target" "$target.bak.$(date +%s)"
  sudo install -o root -g root -m 0644 "$staged" "$target"
  sudo ln -sfn "$target" "$SITES_ENABLED/arena-booking.conf"
  rm -f "$staged"
  log "installed $target"
}

check_and_reload() {
  if ! sudo nginx -t 2>/tmp/arena-nginx-test.$$; then
    log "nginx config test failed:"
    cat /tmp/arena-nginx-test.$$ >&2
    rm -f /tmp/arena-nginx-test.$$
    local latest
    latest=$(ls -1t "$SITES_AVAIL"/arena-booking.conf.bak.* 2>/dev/null | head -n1 || true)
    if [[ -n $latest ]]; then
      sudo cp -p "$latest" "$SITES_AVAIL/arena-booking.conf"
      log "restored previous vhost from $latest"
    fi
    exit 1
  fi
  rm -f /tmp/arena-nginx-test.$$
  sudo systemctl reload nginx
  log "nginx reloaded for $SERVER_NAME"
}

[[ -d $STATIC_DIR ]] || { echo "static dir $STATIC_DIR missing" >&2; exit 1; }
[[ -d $CERT_DIR/$SERVER_NAME ]] || log "no certificate yet for $SERVER_NAME; run certbot first"

if install_site; then
  check_and_reload
fi
curl -fsS -o /dev/null -w "https check: %{http_code}\n" --max-time 10 "https://$SERVER_NAME/" || true
