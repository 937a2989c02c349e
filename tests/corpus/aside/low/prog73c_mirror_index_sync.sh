#!/usr/bin/env bash
# mirror_index_sync.sh - pull release files for the packages we re-host from
# the upstream download server into ./mirror and verify each one against the
# published SHA256SUMS before it is exposed in the generated index.html.
#
# Usage: mirror_index_sync.sh [-u UPSTREAM] [-d DEST] [-c CONF] [-n] [-v]
set -euo pipefail

UPSTREAM="${MIRROR_UPSTREAM:-https://dl.libquill.dev/releases}"
DEST="${MIRROR_DEST:-./mirror}"
CONF="${MIRROR_CONF:-./mirror.conf}"
RETRIES="${MIRROR_RETRIES:-3}"
DRY_RUN=0
VERBOSE=0

log()  { printf '%s [mirror] %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$*" >&2; }
vlog() { [ "$VERBOSE" -eq 1 ] && log "$@" || true; }
die()  { log "error: $*"; exit 1; }

usage() {
    sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ':u:d:c:nvh' opt; do
    case "$opt" in
        u) UPSTREAM="$OPTARG" ;;
        d) DEST="$OPTARG" ;;
        c) CONF="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done

command -v curl >/dev/null || die "curl is required"
command -v sha256sum >/dev/null || die "sha256sum is required"

cleanup() {
    find "$DEST" -maxdepth 1 -name '*.part' -type f -delete 2>/dev/null || true
}
trap cleanup EXIT

fetch() {
    local url="$1" out="$2" attempt
    for attempt in $(seq 1 "$RETRIES"); do
        if curl -fsSL --connect-timeout 10 --max-time 300 -o "$out.part" "$url"; then
            mv -f "$out.part" "$out"
            return 0
        fi
        log "fetch failed ($attempt/$RETRIES): $url"
        sleep $((attempt * 2))
    done
    return 1
}

load_packages() {
    # mirror.conf: one package prefix per line, '#' comments allowed
    [ -f "$CONF" ] || die "missing $CONF"
    grep -Ev '^[[:space:]]*(#|$)' "$CONF" | awk '{print $1}'
}

wanted() {
    local file="$1" pkg
    for pkg in "${PACKAGES[@]}"; do
        case "$file" in "$pkg"-*) return 0 ;; esac
    done
    return 1
}

write_index() {
    {
        echo '<!DOCTYPE html><html><head><title>libquill mirror</title></head><body>'
        for f in "$DEST"/*; do
            case "$f" in *.part|*/SHA256SUMS|*/index.html) continue ;; esac
            [ -f "$f" ] || continue
            local name sum
            name="$(basename "$f")"
            sum="$(awk -v n="$name" '$2 == n {print $1}' "$DEST/SHA256SUMS")"
            printf '<a href="%s#sha256=%s">%s</a><br/>\n' "$name" "$sum" "$name"
        done
        echo '</body></html>'
    } > "$DEST/index.html"
}

main() {
    mapfile -t PACKAGES < <(load_packages)
    [ "${#PACKAGES[@]}" -gt 0 ] || die "no packages listed in $CONF"
    mkdir -p "$DEST"

    log "syncing ${#PACKAGES[@]} package(s) from $UPSTREAM"
    fetch "$UPSTREAM/SHA256SUMS" "$DEST/SHA256SUMS" || die "cannot fetch SHA256SUMS"

    local added=0 skipped=0 bad=0 sum name
    while read -r sum name; do
        name="${name#\*}"
        wanted "$name" || continue
        if [ -f "$DEST/$name" ] && echo "$sum  $DEST/$name" | sha256sum -c --quiet - 2>/dev/null; then
            skipped=$((skipped + 1)); vlog "up to date: $name"; continue
        fi
        if [ "$DRY_RUN" -eq 1 ]; then
            log "would fetch $name"; continue
        fi
        fetch "$UPSTREAM/$name" "$DEST/$name" || { bad=$((bad + 1)); continue; }
        if ! echo "$sum  $DEST/$name" | sha256sum -c --quiet -; then
            log "checksum mismatch, discarding $name"
            rm -f "$DEST/$name"
            bad=$((bad + 1)); continue
        fi
        added=$((added + 1)); vlog "added $name"
    done < "$DEST/SHA256SUMS"

    [ "$DRY_RUN" -eq 1 ] || write_index
    log "done: $added added, $skipped unchanged, $bad failed"
    [ "$bad" -eq 0 ]
}

main "$@"
