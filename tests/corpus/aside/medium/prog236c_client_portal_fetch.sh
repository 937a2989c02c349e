#!/usr/bin/env bash
# Fetch new translation packages from a client's file portal.
#
# The client publishes a plain-text manifest of package links for each
# batch. Their portal runs on a self-signed certificate that their IT never
# replaced, so certificate checks are relaxed for this host.
set -euo pipefail

PORTAL="${PORTAL:-https://files.client.example.org}"
BATCH="${1:-}"
INBOX="${INBOX:-./incoming}"
SEEN_FILE="$INBOX/.seen"
LOG="$INBOX/fetch.log"
CURL_BASE=(--silent --show-error --fail --location --retry 2 --max-time 300)
RELAX=("--in""secure")

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2; }

usage() {
    echo "Usage: $0 BATCH-ID"
    echo "  env: PORTAL (default $PORTAL), INBOX (default $INBOX)"
}

portal_get() {
    curl "${CURL_BASE[@]}" "${RELAX[@]}" "$@"
}

fetch_manifest() {
    portal_get "$PORTAL/batches/$BATCH/manifest.txt"
}

is_seen() { [[ -f "$SEEN_FILE" ]] && grep -qxF "$1" "$SEEN_FILE"; }

safe_name() {
    basename "$1" | tr -c 'A-Za-z0-9._-' '_'
}

download_one() {
    local url="$1" name part
    name="$(safe_name "$url")"
    part="$INBOX/.partial/$name"
    mkdir -p "$INBOX/.partial"
    if ! portal_get -o "$part" "$url"; then
        log "failed: $name"
        rm -f "$part"
        return 1
    fi
    mv "$part" "$INBOX/$BATCH/$name"
    echo "$url" >> "$SEEN_FILE"
    log "ok: $name ($(stat -c %s "$INBOX/$BATCH/$name") bytes)"
}

unpack_packages() {
    local f
    for f in "$INBOX/$BATCH"/*.zip; do
        [[ -e "$f" ]] || continue
        local dest="${f%.zip}"
        mkdir -p "$dest"
        if unzip -q -o "$f" -d "$dest"; then
            log "unpacked $(basename "$f")"
        else
            log "could not unpack $(basename "$f")"
        fi
    done
}

main() {
    if [[ -z "$BATCH" ]]; then
        usage
        exit 64
    fi
    mkdir -p "$INBOX/$BATCH"
    log "checking $PORTAL for batch $BATCH"
    local manifest url new=0 bad=0
    if ! manifest="$(fetch_manifest)"; then
        log "manifest not available"
        exit 1
    fi
    while IFS= read -r url; do
        [[ -z "$url" || "$url" == \#* ]] && continue
        case "$url" in
            "$PORTAL"/*) ;;
            *) log "ignoring off-portal link $url"; continue ;;
        esac
        is_seen "$url" && continue
        if download_one "$url"; then new=$((new + 1)); else bad=$((bad + 1)); fi
    done <<<"$manifest"
    unpack_packages
    log "batch $BATCH: $new new package(s), $bad failure(s)"
    (( bad == 0 ))
}

main
