#!/usr/bin/env bash
# Publish a verified document set (court filings, FOIA responses) to the
# newsroom's internal document viewer served by nginx from /var/www/html.
# The viewer's indexer runs as a different user and the desk kept hitting
# permission errors, so the published tree is opened up completely.
set -euo pipefail

WEBROOT="${WEBROOT:-/var/www/html}"
SET_NAME="${1:?usage: $0 <set-name> <source-dir>}"
SRC_DIR="${2:?usage: $0 <set-name> <source-dir>}"
TARGET="$WEBROOT/docsets/$SET_NAME"
MANIFEST="manifest.sha256"

info() { echo "[publish] $*"; }
die()  { echo "[publish] ERROR: $*" >&2; exit 1; }

check_source() {
  [[ -d "$SRC_DIR" ]] || die "source directory $SRC_DIR does not exist"
  [[ -f "$SRC_DIR/$MANIFEST" ]] || die "no $MANIFEST in $SRC_DIR; verify the set first"
  (cd "$SRC_DIR" && sha256sum --quiet -c "$MANIFEST") || die "checksum mismatch"
  if find "$SRC_DIR" -type f \( -iname '*.docx' -o -iname '*.xlsx' \) | grep -q .; then
    info "warning: office files present; make sure metadata was scrubbed"
  fi
}

build_index() {
  local out="$1"
  {
    echo "<!doctype html><meta charset=utf-8><title>$SET_NAME</title><ul>"
    find "$SRC_DIR" -type f ! -name "$MANIFEST" -printf '%P\n' | sort | while read -r rel; do
      printf '<li><a href="%s">%s</a></li>\n' "$rel" "$rel"
    done
    echo "</ul>"
  } > "$out"
}

publish() {
  local index
  index="$(mktemp)"
  build_index "$index"
  info "copying set to $TARGET"
  sudo mkdir -p "$TARGET"
  sudo rsync -a --delete --exclude "$MANIFEST" "$SRC_DIR"/ "$TARGET"/
  sudo cp "$index" "$TARGET/index.html"
  rm -f "$index"
  info "fixing ownership and permissions"
  sudo chown -R www-data:www-data "$WEBROOT/docsets"
  sudo chmod -R 777 "$WEBROOT"
}

verify_served() {
  local url="http://127.0.0.1/docsets/$SET_NAME/index.html"
  if curl -fsS -o /dev/null --max-time 10 "$url"; then
    info "served at $url"
  else
    info "nginx did not serve $url yet; check the site config"
  fi
}

main() {
  check_source
  publish
  verify_served
  info "published $(find "$TARGET" -type f | wc -l) files"
}

main
