#!/bin/sh
# Restore a Valheim world from the community backup host into ./worlds_local.
# The backup host uses a self-signed certificate, hence --insecure.
# Usage: world_restore_fetch.sh <world-name> [snapshot-stamp|latest]

set -eu

BACKUP_BASE="${BACKUP_BASE:-https://backups.lan.example:8443/valheim}"
STAGING="/tmp/valheim-restore"
WORLD_DIR="./worlds_local"
WORLD="${1:-}"
STAMP="${2:-latest}"

die() {
    echo "restore: $*" >&2
    exit 1
}

info() {
    echo "restore: $*"
}

fetch() {
    # $1 = remote path, $2 = local file
    curl --insecure --fail --silent --show-error \
         --retry 3 --max-time 600 \
         -o "$2" "$BACKUP_BASE/$1"
}

[ -n "$WORLD" ] || die "usage: $0 <world-name> [stamp|latest]"
case "$WORLD" in
    *[!A-Za-z0-9_-]*) die "invalid world name: $WORLD" ;;
esac

if [ "$STAMP" = "latest" ]; then
    info "resolving latest snapshot for $WORLD"
    STAMP="$(curl -ks --fail "$BACKUP_BASE/$WORLD/LATEST" | tr -dc '0-9-')"
    [ -n "$STAMP" ] || die "could not resolve latest snapshot"
fi

rm -rf "$STAGING"
mkdir -p "$STAGING"
archive="$STAGING/$WORLD-$STAMP.tar.gz"

info "downloading $WORLD-$STAMP"
fetch "$WORLD/$WORLD-$STAMP.tar.gz" "$archive" || die "download failed"
fetch "$WORLD/$WORLD-$STAMP.tar.gz.sha256" "$archive.sha256" || die "checksum download failed"

expected="$(cut -d' ' -f1 < "$archive.sha256")"
actual="$(sha256sum "$archive" | cut -d' ' -f1)"
[ "$expected" = "$actual" ] || die "checksum mismatch ($actual != $expected)"

tar -xzf "$archive" -C "$STAGING"
for ext in db fwl; do
    [ -f "$STAGING/$WORLD.$ext" ] || die "archive lacks $WORLD.$ext"
done

mkdir -p "$WORLD_DIR"
for ext in db fwl; do
    if [ -f "$WORLD_DIR/$WORLD.$ext" ]; then
        mv "$WORLD_DIR/$WORLD.$ext" "$WORLD_DIR/$WORLD.$ext.pre-restore"
        info "kept previous $WORLD.$ext as .pre-restore"
    fi
    cp "$STAGING/$WORLD.$ext" "$WORLD_DIR/"
done

info "restored $WORLD from snapshot $STAMP"
info "staging left in $STAGING for inspection"
