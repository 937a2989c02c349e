#!/bin/sh
# signup_site_build.sh - build the fundraising event sign-up pages (open
# day, sponsored swim, Christmas raffle) into ./dist so the web volunteer
# can review them and upload the folder.  The PHP form stores entrants as
# CSV files in uploads/.
#
#   ./signup_site_build.sh                 # build ./dist
#   EVENT=open-day-2024 ./signup_site_build.sh
#   ./signup_site_build.sh clean           # remove ./dist and the build cache
set -eu

SRC_DIR="${SRC_DIR:-./site}"
BUILD_DIR="${BUILD_DIR:-./dist}"
CACHE_DIR="${CACHE_DIR:-./.build-cache}"
EVENT="${EVENT:-open-day}"
SITE_TITLE="${SITE_TITLE:-Lifeboat Station Fundraising}"

info() { printf '[build] %s\n' "$*"; }
fail() { printf '[build] error: %s\n' "$*" >&2; exit 1; }

if [ "${1:-}" = "clean" ]; then
  rm -rf "$BUILD_DIR" "$CACHE_DIR"
  info "cleaned"
  exit 0
fi

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
  mkdir -p "$BUILD_DIR/uploads" "$BUILD_DIR/assets" "$CACHE_DIR"
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
  # config holds the organiser contact details, keep it private until upload
  chmod 600 "$BUILD_DIR/event_config.php"
  touch "$BUILD_DIR/uploads/.keep"
  info "build complete: $(find "$BUILD_DIR" -type f | wc -l) files"
}

check_links() {
  missing=0
  for ref in $(grep -oh 'assets/[A-Za-z0-9._/-]*' "$BUILD_DIR"/*.html "$BUILD_DIR"/*.php | sort -u); do
    if [ ! -e "$BUILD_DIR/$ref" ]; then
      info "missing asset: $ref"
      missing=$((missing + 1))
    fi
  done
  [ "$missing" -eq 0 ] || fail "$missing missing asset(s)"
}

package() {
  out="signup-$EVENT-$(date +%Y%m%d).tar.gz"
  tar -czf "$out" -C "$BUILD_DIR" .
  info "packaged $out for upload"
}

build
check_links
package
