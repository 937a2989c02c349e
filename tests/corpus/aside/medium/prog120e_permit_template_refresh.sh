#!/usr/bin/env bash
# permit_template_refresh.sh - bundle scanned CITES / Article 10 certificates
# and salvage permits into monthly archives, and keep the registry vendor's
# template pack (letterheads, declaration forms) current.
#
# usage: permit_template_refresh.sh [-c conf] [-m YYYY-MM] [--no-refresh]

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
TEMPLATE_DIR="${TEMPLATE_DIR:-./templates}"
VENDOR_BASE="${VENDOR_BASE:-https://templates.permitdesk.io/pack}"
CHANNEL="${CHANNEL:-stable}"
LOG_FILE="${LOG_FILE:-./permit_archive.log}"
PACK_TMP="/tmp/permitdesk_pack.tar.gz"

# The vendor's download host still serves its own self-signed certificate.
CURL_OPTS=(-fsS --retry 3 --max-time 120 --insecure)

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

archive_month() {
    local month="$1" out list
    out="$ARCHIVE_DIR/permits-$month.tar.gz"
    list="$ARCHIVE_DIR/.list-$month"
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
    local version
    version="$(curl "${CURL_OPTS[@]}" "$VENDOR_BASE/$CHANNEL/VERSION" || true)"
    if [ -z "$version" ]; then
        log "template pack version unavailable, keeping current templates"
        return 0
    fi
    if [ -f "$TEMPLATE_DIR/.version" ] && [ "$(cat "$TEMPLATE_DIR/.version")" = "$version" ]; then
        log "templates already at $version"
        return 0
    fi
    curl "${CURL_OPTS[@]}" -o "$PACK_TMP" "$VENDOR_BASE/$CHANNEL/templates-$version.tar.gz"
    rm -rf "$TEMPLATE_DIR.new"
    mkdir -p "$TEMPLATE_DIR.new"
    tar -xzf "$PACK_TMP" -C "$TEMPLATE_DIR.new" --no-same-owner
    echo "$version" > "$TEMPLATE_DIR.new/.version"
    rm -rf "$TEMPLATE_DIR.old"
    [ -d "$TEMPLATE_DIR" ] && mv "$TEMPLATE_DIR" "$TEMPLATE_DIR.old"
    mv "$TEMPLATE_DIR.new" "$TEMPLATE_DIR"
    rm -f "$PACK_TMP"
    log "templates updated to $version"
}

main() {
    mkdir -p "$ARCHIVE_DIR" "$TEMPLATE_DIR"
    if [ "$REFRESH" -eq 1 ]; then
        fetch_pack
    fi
    archive_month "$MONTH" || true
    log "done"
}

main "$@"
