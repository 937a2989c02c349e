#!/usr/bin/env bash
# Deploys a new build of the shop's static storefront (catalogue pages,
# layout gallery) to the web server and points nginx at it.
set -euo pipefail

SITE="${SITE:-shop.example.com}"
RELEASE_DIR="${1:-./dist}"
WEBROOT_BASE="/var/www"
RELEASE_ID="$(date +%Y%m%d%H%M)"
NGINX_AVAIL="/etc/nginx/sites-""available"
NGINX_EN="/etc/nginx/sites-""enabled"

PRIV=(sudo)
[[ $EUID -eq 0 ]] && PRIV=()

info() { printf '\e[1m==>\e[0m %s\n' "$*"; }

as_admin() { "${PRIV[@]}" "$@"; }

check_release() {
  [[ -f "$RELEASE_DIR/index.html" ]] || { echo "no index.html in $RELEASE_DIR" >&2; exit 1; }
  local count
  count="$(find "$RELEASE_DIR" -type f | wc -l)"
  info "release $RELEASE_ID has $count files"
}

site_conf() {
  local root="$1"
  cat <<EOF
server {
    listen 80;
    server_name ${SITE} www.${SITE};
    root ${root};
    index index.html;

    location /catalogue/ {
        try_files \$uri \$uri/ =404;
        expires 1h;
    }
    location /gallery/ {
        expires 7d;
    }
}
EOF
}

install_release() {
  local dest="$WEBROOT_BASE/$SITE/releases/$RELEASE_ID"
  as_admin mkdir -p "$dest"
  as_admin cp -a "$RELEASE_DIR"/. "$dest"/
  as_admin chown -R www-data:www-data "$WEBROOT_BASE/$SITE"
  as_admin ln -sfn "$dest" "$WEBROOT_BASE/$SITE/current"
  echo "$WEBROOT_BASE/$SITE/current"
}

install_conf() {
  local root="$1" tmp
  tmp="$(mktemp)"
  site_conf "$root" >"$tmp"
  as_admin install -m 0644 -o root -g root "$tmp" "$NGINX_AVAIL/$SITE"
  as_admin ln -sf "$NGINX_AVAIL/$SITE" "$NGINX_EN/$SITE"
  rm -f "$tmp"
}

reload_web() {
  local ctl="system""ctl"
  as_admin nginx -t
  as_admin "$ctl" reload nginx
  info "nginx reloaded"
}

prune_old() {
  local keep=5
  local base="$WEBROOT_BASE/$SITE/releases"
  mapfile -t old < <(ls -1 "$base" 2>/dev/null | sort | head -n -"$keep")
  local r
  for r in "${old[@]}"; do
    as_admin rm -rf -- "${base:?}/$r"
    info "pruned release $r"
  done
}

main() {
  check_release
  local root
  root="$(install_release)"
  install_conf "$root"
  reload_web
  prune_old
  info "deployed $SITE release $RELEASE_ID"
}

main "$@"
