#!/bin/sh
# edr_update_stager.sh - pull the current EDR sensor package from the vendor
# mirror, verify it against the signed manifest digest and stage it under
# ./staging/<version>/ for the next change window.
#
#   EDR_MIRROR    base URL of the package mirror
#   EDR_CHANNEL   release channel (stable|early), default stable
#   KEEP          how many staged versions to keep, default 3

set -eu

CONF_FILE="${EDR_STAGER_CONF:-./edr_stager.conf}"
MIRROR="${EDR_MIRROR:-https://updates.edr-vendor.example/linux}"
CHANNEL="${EDR_CHANNEL:-stable}"
KEEP="${KEEP:-3}"
STAGE_ROOT="./staging"
CACHE="./.stager-cache"

log() { printf '%s edr-stager: %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# key=value config, comments allowed; only known keys are honoured
read_conf() {
    [ -f "$CONF_FILE" ] || return 0
    while IFS='=' read -r key value; do
        case "$key" in
            ''|\#*) continue ;;
            mirror)  MIRROR="$value" ;;
            channel) CHANNEL="$value" ;;
            keep)    KEEP="$value" ;;
            *) log "ignoring unknown key '$key'" ;;
        esac
    done <"$CONF_FILE"
}

fetch() {
    # fetch URL DEST, three attempts with a growing pause
    n=0
    while [ "$n" -lt 3 ]; do
        n=$((n + 1))
        if wget -q --timeout=30 --tries=1 -O "$2.part" "$1"; then
            mv "$2.part" "$2"
            return 0
        fi
        log "fetch $1 failed (attempt $n)"
        sleep $((n * 5))
    done
    rm -f "$2.part"
    return 1
}

manifest_field() {
    python3 -c 'import json,sys
m = json.load(open(sys.argv[1]))
print(m["channels"][sys.argv[2]][sys.argv[3]])' "$CACHE/manifest.json" "$CHANNEL" "$1"
}

prune_old() {
    # keep the newest $KEEP version directories
    find "$STAGE_ROOT" -mindepth 1 -maxdepth 1 -type d -printf '%T@ %f\n' \
        | sort -rn | tail -n +"$((KEEP + 1))" | cut -d' ' -f2 | while read -r old; do
        log "pruning staged version $old"
        rm -rf "${STAGE_ROOT:?}/$old"
    done
}

read_conf
mkdir -p "$STAGE_ROOT" "$CACHE"
trap 'rm -rf "$CACHE"' EXIT

log "checking $MIRROR ($CHANNEL)"
fetch "$MIRROR/manifest.json" "$CACHE/manifest.json" || die "manifest unavailable"

VERSION=$(manifest_field version) || die "manifest has no $CHANNEL channel"
PKG=$(manifest_field file)
DIGEST=$(manifest_field sha256)
TARGET="$STAGE_ROOT/$VERSION"

if [ -f "$TARGET/$PKG" ]; then
    log "version $VERSION already staged"
    exit 0
fi

fetch "$MIRROR/$CHANNEL/$PKG" "$CACHE/$PKG" || die "package download failed"

printf '%s  %s\n' "$DIGEST" "$CACHE/$PKG" | sha256sum -c --quiet - \
    || die "digest mismatch for $PKG"

mkdir -p "$TARGET"
mv "$CACHE/$PKG" "$TARGET/$PKG"
cp "$CACHE/manifest.json" "$TARGET/manifest.json"
chmod 0600 "$TARGET/manifest.json"
printf '%s\n' "$VERSION" >"$STAGE_ROOT/LATEST"
log "staged $PKG ($VERSION) in $TARGET"

prune_old
