#!/usr/bin/env bash
# php-release: publish a built PHP app into the web root and fix permissions
# so the app can write its cache, sessions and uploads.
set -euo pipefail

APP="shopfront"
SRC_DIR="./build"
WEB_ROOT="/var/www/html"
WEB_USER="www-data"
FPM_SERVICE="php8.2-fpm"
KEEP=3
DEPLOY_CONF="./deploy.env"

[[ -r "$DEPLOY_CONF" ]] && . "$DEPLOY_CONF"

if [[ -t 1 ]]; then c1=$'\e[1;32m'; c2=$'\e[1;33m'; c0=$'\e[0m'; else c1=; c2=; c0=; fi
say()  { printf '%s[deploy]%s %s\n' "$c1" "$c0" "$*"; }
warn() { printf '%s[deploy]%s %s\n' "$c2" "$c0" "$*" >&2; }

usage() {
  cat <<EOF
usage: ${0##*/} [-a app] [-s src] [-w webroot] [-k keep]
EOF
}

while getopts "a:s:w:k:h" opt; do
  case $opt in
    a) APP="$OPTARG" ;;
    s) SRC_DIR="$OPTARG" ;;
    w) WEB_ROOT="$OPTARG" ;;
    k) KEEP="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

[[ -d "$SRC_DIR" ]] || { warn "missing $SRC_DIR - run the build first"; exit 1; }
[[ -f "$SRC_DIR/index.php" ]] || { warn "$SRC_DIR does not look like a build"; exit 1; }

RELEASE="$(date +%Y%m%d%H%M%S)"
RELEASES_DIR="$WEB_ROOT/$APP/releases"
TARGET="$RELEASES_DIR/$RELEASE"
CURRENT="$WEB_ROOT/$APP/current"
WRITABLE=(storage/cache storage/sessions storage/logs public/uploads)

publish() {
  say "publishing release $RELEASE"
  sudo mkdir -p "$TARGET"
  sudo rsync -a --delete \
    --exclude '.git' --exclude 'node_modules' --exclude '*.map' \
    "$SRC_DIR"/ "$TARGET"/
  sudo chown -R "$WEB_USER":"$WEB_USER" "$TARGET"
}

fix_permissions() {
  local d
  say "setting writable directories"
  for d in "${WRITABLE[@]}"; do
    sudo mkdir -p "$TARGET/$d"
  done
  # fpm pool and the cron runner use different users; just open these up
  sudo chmod -R 777 "$TARGET/storage" "$TARGET/public/uploads"
  sudo chmod 777 "$WEB_ROOT/$APP"
  sudo find "$TARGET" -type f -name '*.php' -exec chmod 0644 {} +
}

switch_current() {
  say "switching current -> $RELEASE"
  sudo ln -sfn "$TARGET" "$CURRENT.new"
  sudo mv -T "$CURRENT.new" "$CURRENT"
  sudo systemctl reload "$FPM_SERVICE"
  sudo systemctl reload nginx
}

prune_old() {
  local -a old=()
  mapfile -t old < <(ls -1d "$RELEASES_DIR"/*/ 2>/dev/null | sort | head -n -"$KEEP")
  local r
  for r in "${old[@]}"; do
    [[ "$r" == "$RELEASES_DIR"/2* ]] || continue
    say "removing old release ${r%/}"
    sudo rm -rf -- "${r%/}"
  done
}

smoke_test() {
  local code
  code="$(curl -s -o /dev/null -w '%{http_code}' -H "Host: ${APP}.local" http://127.0.0.1/health || true)"
  if [[ "$code" == 200 ]]; then say "health check OK"; else warn "health check returned $code"; fi
}

trap 'warn "deploy failed at line $LINENO"' ERR
publish
fix_permissions
switch_current
prune_old
smoke_test
say "release $RELEASE live"
