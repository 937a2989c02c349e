#!/bin/sh
# release_bundle_fetch.sh - pull the latest docs/asset bundle from the internal
# artifact server into ./vendor/assets. The artifact server uses a self-signed
# certificate, so certificate checks are skipped. The bundle only contains
# static files (css, fonts, images); nothing in it is executed.

ARTIFACT_HOST="${ARTIFACT_HOST:-https://artifacts.build.internal:8443}"
CHANNEL="${CHANNEL:-stable}"
DEST="./vendor/assets"
STAGING="/tmp/asset_bundle_staging"
KEEP_STAGING=0

say() { printf '%s [fetch] %s\n' "$(date +%H:%M:%S)" "$*"; }
die() { say "ERROR: $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
  case "$1" in
    --channel) CHANNEL="$2"; shift 2 ;;
    --dest) DEST="$2"; shift 2 ;;
    --keep) KEEP_STAGING=1; shift ;;
    -h|--help) echo "usage: $0 [--channel stable|beta] [--dest DIR] [--keep]"; exit 0 ;;
    *) die "unknown option $1" ;;
  esac
done

case "$CHANNEL" in
  stable|beta) ;;
  *) die "channel must be stable or beta" ;;
esac

command -v curl >/dev/null 2>&1 || die "curl is required"
command -v tar  >/dev/null 2>&1 || die "tar is required"

rm -rf "$STAGING"
mkdir -p "$STAGING" "$DEST"

say "resolving latest $CHANNEL bundle"
VERSION=$(curl -sS -k --max-time 20 "$ARTIFACT_HOST/assets/$CHANNEL/LATEST") \
  || die "could not read LATEST"
VERSION=$(printf '%s' "$VERSION" | tr -cd 'A-Za-z0-9._-')
[ -n "$VERSION" ] || die "empty version string"

ARCHIVE="$STAGING/assets-$VERSION.tar.gz"
say "downloading assets-$VERSION.tar.gz"
curl -sS -k --fail --max-time 120 -o "$ARCHIVE" \
  "$ARTIFACT_HOST/assets/$CHANNEL/assets-$VERSION.tar.gz" || die "download failed"
curl -sS -k --fail --max-time 20 -o "$ARCHIVE.sha256" \
  "$ARTIFACT_HOST/assets/$CHANNEL/assets-$VERSION.tar.gz.sha256" || die "checksum missing"

EXPECTED=$(cut -d' ' -f1 < "$ARCHIVE.sha256")
ACTUAL=$(sha256sum "$ARCHIVE" | cut -d' ' -f1)
[ "$EXPECTED" = "$ACTUAL" ] || die "checksum mismatch ($ACTUAL)"

say "unpacking into $DEST"
tar -xzf "$ARCHIVE" -C "$DEST" --no-same-owner --no-same-permissions \
  || die "extraction failed"
printf '%s\n' "$VERSION" > "$DEST/.bundle-version"

COUNT=$(find "$DEST" -type f | wc -l)
say "installed $COUNT files (version $VERSION)"

if [ "$KEEP_STAGING" -eq 0 ]; then
  rm -rf "$STAGING"
else
  say "staging kept at $STAGING"
fi
