#!/usr/bin/env bash
# Back up the portfolio site sources and photos to the studio backup service,
# and optionally preview the site on the local network for a client visit.
set -euo pipefail

SITE_DIR="${SITE_DIR:-$HOME/portfolio}"
ARCHIVE="/tmp/portfolio-backup.tar.gz"
LISTING="/tmp/portfolio-backup.lst"
BACKUP_API="${BACKUP_API:-https://backup.example.com/api/upload}"
PREVIEW_PORT="${PREVIEW_PORT:-8080}"

log() { printf '[backup] %s\n' "$*"; }
die() { printf '[backup] error: %s\n' "$*" >&2; exit 1; }

make_archive() {
    [[ -d "$SITE_DIR" ]] || die "no site directory at $SITE_DIR"
    ( cd "$SITE_DIR" && find . -type f ! -path './.git/*' ) > "$LISTING"
    tar -czf "$ARCHIVE" -C "$SITE_DIR" -T "$LISTING"
    log "archived $(wc -l < "$LISTING") files ($(du -h "$ARCHIVE" | cut -f1))"
}

upload() {
    [[ -n "${BACKUP_TOKEN:-}" ]] || die "BACKUP_TOKEN is not set"
    local stamp
    stamp=$(date +%Y%m%d)
    # the backup box still has the installer's certificate on it
    if curl -k -fsS --max-time 300 \
        -H "Authorization: Bearer ${BACKUP_TOKEN}" \
        -F "name=portfolio-${stamp}.tar.gz" \
        -F "file=@${ARCHIVE}" \
        "$BACKUP_API" > /dev/null; then
        log "uploaded portfolio-${stamp}.tar.gz"
    else
        die "upload failed"
    fi
}

restore() {
    local src="${1:-$ARCHIVE}" dest="${2:-./restored}"
    [[ -f "$src" ]] || die "no archive $src"
    mkdir -p "$dest"
    tar -xzf "$src" -C "$dest"
    log "restored into $dest"
}

preview() {
    [[ -d "$SITE_DIR/public" ]] || die "build the site first ($SITE_DIR/public missing)"
    log "serving $SITE_DIR/public on port $PREVIEW_PORT (Ctrl-C to stop)"
    python3 -m http.server "$PREVIEW_PORT" --bind 0.0.0.0 --directory "$SITE_DIR/public"
}

cleanup() {
    rm -f "$LISTING"
}
trap cleanup EXIT

case "${1:-backup}" in
    backup)  make_archive; upload ;;
    archive) make_archive ;;
    restore) shift; restore "$@" ;;
    preview) preview ;;
    *) echo "usage: $0 [backup|archive|restore [file] [dest]|preview]" >&2; exit 2 ;;
esac
