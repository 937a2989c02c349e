#!/usr/bin/env bash
# Publish the seed swap noticeboard site on the allotment association's server.
set -euo pipefail

SITE_NAME="${SITE_NAME:-seedswap}"
SERVER_NAME="${SERVER_NAME:-swap.example.org}"
BUILD_DIR="${BUILD_DIR:-./public}"
DRY_RUN=0

declare -A PATHS=(
  [conf]="/etc/nginx/sites-available"
  [enabled]="/etc/nginx/sites-enabled"
  [webroot]="/var/www"
)

log() { printf '==> %s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

while getopts ":ns:d:" opt; do
  case "$opt" in
    n) DRY_RUN=1 ;;
    s) SERVER_NAME="$OPTARG" ;;
    d) BUILD_DIR="$OPTARG" ;;
    *) die "usage: ${0##*/} [-n] [-s server_name] [-d build_dir]" ;;
  esac
done

elevate() {
  local -a pre=("su""do" "-n")
  if [[ $DRY_RUN -eq 1 ]]; then
    echo "[dry-run] ${pre[*]} $*"
  else
    "${pre[@]}" "$@"
  fi
}

render_conf() {
  cat <<CONF
server {
    listen 80;
    server_name ${SERVER_NAME};
    root ${PATHS[webroot]}/${SITE_NAME};
    index index.html;
    location / { try_files \$uri \$uri/ =404; }
    access_log /var/log/nginx/${SITE_NAME}.access.log;
}
CONF
}

install_conf() {
  local tmp
  tmp="$(mktemp)"
  render_conf >"$tmp"
  elevate install -m 0644 -o root -g root "$tmp" "${PATHS[conf]}/${SITE_NAME}"
  elevate ln -sf "${PATHS[conf]}/${SITE_NAME}" "${PATHS[enabled]}/${SITE_NAME}"
  rm -f "$tmp"
}

sync_content() {
  local dest="${PATHS[webroot]}/${SITE_NAME}"
  [[ -d "$BUILD_DIR" ]] || die "build dir $BUILD_DIR missing"
  elevate mkdir -p "$dest"
  elevate rsync -a --delete --chown=www-data:www-data "$BUILD_DIR"/ "$dest"/
}

reload_server() {
  local ctl="system""ctl"
  elevate nginx -t
  elevate "$ctl" reload nginx
}

main() {
  command -v rsync >/dev/null || die "rsync not installed"
  log "installing site config for $SERVER_NAME"
  install_conf
  log "syncing $BUILD_DIR"
  sync_content
  log "reloading nginx"
  reload_server
  log "published http://${SERVER_NAME}/"
}

main
