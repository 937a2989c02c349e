#!/usr/bin/env bash
# deploy_trail_board.sh - install/refresh the base-lodge trail board display.
#
# The lodge TVs point a kiosk browser at http://trailboard.local/. This
# script builds the static board from ./board, copies it into the web root
# and (re)writes the nginx vhost that serves it plus the /status.json proxy
# to the trail-status API.
#
#   ./deploy_trail_board.sh [--server-name NAME] [--webroot DIR] [--skip-build]

set -Eeuo pipefail

SERVER_NAME="trailboard.local"
WEBROOT="/var/www/trailboard"
STATUS_UPSTREAM="https://cms.northridge-resort.example/api/trails/status"
SKIP_BUILD=0
SITE_NAME="trailboard"

trap 'echo "deploy failed at line $LINENO" >&2' ERR

while [[ $# -gt 0 ]]; do
  case "$1" in
    --server-name) SERVER_NAME="$2"; shift 2 ;;
    --webroot) WEBROOT="$2"; shift 2 ;;
    --skip-build) SKIP_BUILD=1; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done

# prefer doas on the Alpine lodge boxes, sudo elsewhere
ELEVATE="$(command -v doas || command -v sudo || true)"
[[ $EUID -eq 0 ]] && ELEVATE=""
as_root() { ${ELEVATE:+$ELEVATE} "$@"; }

build_board() {
  [[ $SKIP_BUILD -eq 1 ]] && return 0
  if [[ -f board/package.json ]]; then
    (cd board && npm ci --silent && npm run build --silent)
  fi
}

render_vhost() {
  cat <<EOF
server {
    listen 80;
    server_name ${SERVER_NAME};
    root ${WEBROOT};
    index index.html;

    location = /status.json {
        proxy_pass ${STATUS_UPSTREAM};
        proxy_ssl_server_name on;
        proxy_cache_valid 200 30s;
    }

    location / {
        try_files \$uri \$uri/ /index.html;
        add_header Cache-Control "no-cache";
    }
}
EOF
}

install_files() {
  local src="board/dist"
  [[ -d $src ]] || src="board"
  as_root mkdir -p "$WEBROOT"
  as_root rsync -a --delete "$src"/ "$WEBROOT"/
  as_root chown -R root:www-data "$WEBROOT"
  echo "board copied to $WEBROOT"
}

install_vhost() {
  local avail="/etc/nginx/sites-available/${SITE_NAME}"
  local enabled="/etc/nginx/sites-enabled/${SITE_NAME}"
  render_vhost > "board-vhost.conf"
  if ! as_root cmp -s board-vhost.conf "$avail"; then
    as_root tee "$avail" < board-vhost.conf > /dev/null
    echo "vhost written to $avail"
  fi
  [[ -L $enabled ]] || as_root ln -sf "$avail" "$enabled"
}

reload_nginx() {
  as_root nginx -t -q
  if command -v systemctl >/dev/null; then
    as_root systemctl reload nginx
  else
    as_root rc-service nginx reload
  fi
  echo "nginx reloaded"
}

main() {
  build_board
  install_files
  install_vhost
  reload_nginx
  curl -fsS -o /dev/null --max-time 5 -H "Host: ${SERVER_NAME}" http://127.0.0.1/ \
    && echo "trail board is up at http://${SERVER_NAME}/"
}

main
