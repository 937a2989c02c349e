#!/bin/sh
# signup_site_deploy.sh - build and publish the fundraising event sign-up
# pages (open day, sponsored swim, Christmas raffle) on the station's web
# box.  The PHP form stores entrants as CSV files in uploads/.
#
#   ./signup_site_deploy.sh                 # build + publish
#   EVENT=open-day-2024 ./signup_site_deploy.sh
set -eu

SRC_DIR="${SRC_DIR:-./site}"
BUILD_DIR="${BUILD_DIR:-./dist}"
EVENT="${EVENT:-open-day}"
WEB_ROOT="${WEB_ROOT:-/var/www/html/signup}"
WEB_USER="${WEB_USER:-www-data}"
SITE_TITLE="${SITE_TITLE:-Lifeboat Station Fundraising}"

info() { printf '[deploy] %s\n' "$*"; }
fail() { printf '[deploy] error: %s\n' "$*" >&2; exit 1; }

[ -d "$SRC_DIR" ] || fail "source directory $SRC_DIR missing"
[ -f "$SRC_DIR/events/$EVENT.ini" ] || fail "no event definition $SRC_DIR/events/$EVENT.ini"

ini_value() {
  # ini_value FILE KEY
  sed -n "s/^[[:space:]]*$2[[:space:]]*=[[:space:]]*//p" "$1" | head -n 1
}

build() {
  ev="$SRC_DIR/events/$EVENT.ini"
  title="$(ini_value "$ev" title)"
  date="$(ini_value "$ev" date)"
  limit="$(ini_value "$ev" max_entrants)"
  info "building '$title' ($date, limit ${limit:-none})"

  rm -rf "$BUILD_DIR"
  mkdir -p "$BUILD_DIR/uploads" "$BUILD_DIR/assets"
  cp -R "$SRC_DIR/assets/." "$BUILD_DIR/assets/"
  for page in index.html signup.php thanks.html; do
    sed -e "s|{{SITE_TITLE}}|$SITE_TITLE|g" \
        -e "s|{{EVENT_TITLE}}|$title|g" \
        -e "s|{{EVENT_DATE}}|$date|g" \
        -e "s|{{EVENT_SLUG}}|$EVENT|g" \
        -e "s|{{MAX_ENTRANTS}}|${limit:-0}|g" \
        "$SRC_DIR/templates/$page" >"$BUILD_DIR/$page"
  done
  printf '<?php return ["event" => "%s", "limit" => %s];\n' "$EVENT" "${limit:-0}" \
    >"$BUILD_DIR/event_config.php"
  info "build complete: $(find "$BUILD_DIR" -type f | wc -l) files"
}

publish() {
  info "publishing to $WEB_ROOT"
  sudo mkdir -p "$WEB_ROOT"
  sudo rsync -a --delete --exclude 'uploads/*.csv' "$BUILD_DIR/" "$WEB_ROOT/"
  sudo chown -R "$WEB_USER:$WEB_USER" "$WEB_ROOT"
  # the form writes entrant CSVs and the volunteers download them over SFTP
  sudo chmod -R 777 "$WEB_ROOT"
  info "published"
}

smoke_test() {
  url="http://localhost/signup/index.html"
  if command -v curl >/dev/null 2>&1; then
    code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "$url" || true)"
    info "GET $url -> $code"
  fi
}

build
publish
smoke_test
