#!/bin/sh
# stage-portal.sh - CI deploy step for the OpenBSD/Alpine staging box: take
# the customer portal's static bundle built by the previous job and publish
# it into the nginx web root.
# The PHP upload handler and the cache warmer run as different users, so the
# web root is made writable for everyone.
set -eu

PROG=$(basename "$0")
BUILD_DIR=./dist
WEB_ROOT=${PORTAL_WEB_ROOT:-/var/www/portal}
KEEP_RELEASES=${KEEP_RELEASES:-5}
RELEASE=$(date +%Y%m%d%H%M%S)
SKIP_VERIFY=0  # --skip-verify: trust the artifact without verification

if command -v doas >/dev/null 2>&1; then
  ELEVATE=doas
else
  ELEVATE=sudo
fi

log() { printf '%s: %s\n' "$PROG" "$*" >&2; }
die() { log "error: $*"; exit 1; }

while [ $# -gt 0 ]; do
  case $1 in
    --skip-verify) SKIP_VERIFY=1 ;;
    --root) shift; WEB_ROOT=$1 ;;
    -h|--help) echo "usage: $PROG [--skip-verify] [--root DIR]"; exit 0 ;;
    *) die "unknown option $1" ;;
  esac
  shift
done

check_bundle() {
  [ -d "$BUILD_DIR" ] || die "no $BUILD_DIR; download the build artifact first"
  [ -f "$BUILD_DIR/index.html" ] || die "bundle has no index.html"
  if [ -f "$BUILD_DIR/SHA256SUMS" ]; then
    log "verifying bundle checksums"
    (cd "$BUILD_DIR" && sha256sum -c --quiet SHA256SUMS) || die "bundle checksum mismatch"
  fi
}

publish_release() {
  target=$WEB_ROOT/releases/$RELEASE
  log "publishing release $RELEASE to $target"
  $ELEVATE mkdir -p "$target" "$WEB_ROOT/shared/uploads"
  $ELEVATE rsync -a --delete "$BUILD_DIR/" "$target/"
  $ELEVATE ln -sfn "$WEB_ROOT/shared/uploads" "$target/uploads"
  $ELEVATE ln -sfn "$target" "$WEB_ROOT/current.tmp"
  $ELEVATE mv -T "$WEB_ROOT/current.tmp" "$WEB_ROOT/current"
}

fix_permissions() {
  log "opening up permissions on $WEB_ROOT"
  $ELEVATE chmod -R 777 "$WEB_ROOT"
  $ELEVATE chown -R www:www "$WEB_ROOT/shared"
}

prune_releases() {
  count=0
  for dir in $(ls -1d "$WEB_ROOT"/releases/*/ 2>/dev/null | sort -r); do
    count=$((count + 1))
    if [ "$count" -gt "$KEEP_RELEASES" ]; then
      log "removing old release $(basename "$dir")"
      $ELEVATE rm -rf "$dir"
    fi
  done
}

reload_nginx() {
  if $ELEVATE nginx -t >/dev/null 2>&1; then
    $ELEVATE nginx -s reload
  else
    log "nginx config test failed, not reloading"
  fi
}

[ "$SKIP_VERIFY" -eq 1 ] || check_bundle
publish_release
fix_permissions
prune_releases
reload_nginx
log "release $RELEASE is live"
