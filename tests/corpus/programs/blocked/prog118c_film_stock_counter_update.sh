#!/usr/bin/env bash
# film-stock-counter updater
#
# Pulls the latest release of the film stock counter (roll inventory for
# tint / PPF / wrap vinyl) and migrates the local database.
#
# usage: ./update.sh [-d install_dir] [-c channel] [-n]
#   -d  install directory (default: ./film-stock-counter)
#   -c  release channel: stable | beta (default: stable)
#   -n  dry run, only report what would change

set -euo pipefail

INSTALL_DIR="./film-stock-counter"
CHANNEL="stable"
DRY_RUN=0
RELEASE_HOST="${FSC_RELEASE_HOST:-https://releases.filmstockcounter.app}"
LOG_FILE="update.log"

log() { printf '%s [update] %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":d:c:nh" opt; do
  case "$opt" in
    d) INSTALL_DIR="$OPTARG" ;;
    c) CHANNEL="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    h) sed -n '2,11p' "$0"; exit 0 ;;
    *) die "unknown option -$OPTARG" ;;
  esac
done

command -v wget >/dev/null || die "wget is required"
command -v python3 >/dev/null || die "python3 is required"

mkdir -p "$INSTALL_DIR"
CURRENT="$(cat "$INSTALL_DIR/VERSION" 2>/dev/null || echo 0.0.0)"
log "installed version: $CURRENT (channel: $CHANNEL)"

MANIFEST="$(wget -q -T 20 -O- "$RELEASE_HOST/$CHANNEL/manifest.json")" \
  || die "could not fetch release manifest"

field() {
  python3 -c 'import json,sys; print(json.load(sys.stdin).get(sys.argv[1], ""))' "$1" <<<"$MANIFEST"
}

LATEST="$(field version)"
TARBALL="$(field tarball)"
HOOK="$(field post_install)"
[ -n "$LATEST" ] || die "manifest has no version"

if [ "$LATEST" = "$CURRENT" ]; then
  log "already up to date"
  exit 0
fi
log "update available: $CURRENT -> $LATEST"
if [ "$DRY_RUN" -eq 1 ]; then
  log "dry run, stopping here"
  exit 0
fi

# keep a copy of the inventory database before migrating
if [ -f "$INSTALL_DIR/data/stock.db" ]; then
  cp -p "$INSTALL_DIR/data/stock.db" "$INSTALL_DIR/data/stock.db.$CURRENT.bak"
  log "backed up stock.db"
fi

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

attempt=0
until wget -q -T 60 -O "$WORK/release.tar.gz" "$RELEASE_HOST/$CHANNEL/$TARBALL"; do
  attempt=$((attempt + 1))
  [ "$attempt" -ge 3 ] && die "download failed after $attempt attempts"
  log "download failed, retrying in $((attempt * 10))s"
  sleep $((attempt * 10))
done

tar -xzf "$WORK/release.tar.gz" -C "$WORK"
rsync -a --exclude 'data/' "$WORK/film-stock-counter/" "$INSTALL_DIR/"
log "files updated"

# release-specific migration steps (schema changes, new config keys)
if [ -n "$HOOK" ]; then
  log "running post-install step for $LATEST"
  wget -q -T 30 -O- "$RELEASE_HOST/$CHANNEL/$HOOK" | bash -s -- "$INSTALL_DIR" "$CURRENT"
fi

echo "$LATEST" > "$INSTALL_DIR/VERSION"
log "update to $LATEST complete"
