#!/usr/bin/env bash
# igc_stick_collector.sh - copy flight traces off a flight recorder's USB
# storage (auto-mounted by the desktop) into ./igc, renamed
# <date>_<glider>_<pilot>.igc, and optionally submit them to the club ladder.
#
# usage: igc_stick_collector.sh [-m /media/user/LXNAV] [-u]
#   -m  mount point of the logger (default: first known label under /media)
#   -u  upload new traces to the club ladder (needs LADDER_TOKEN)

set -euo pipefail

MNT=""
UPLOAD=0
DEST="./igc"
STAGING="/tmp/igc_staging"
LABELS="LXNAV FLARM OUDIE LX9000 NANO4"
# ladder runs on the clubhouse NAS with the vendor's self-signed certificate
LADDER_URL="https://ladder-nas.local:8443/api/traces"

log() { echo "[igc] $*" >&2; }

while getopts "m:u" opt; do
    case "$opt" in
        m) MNT="$OPTARG" ;;
        u) UPLOAD=1 ;;
        *) exit 2 ;;
    esac
done

find_mount() {
    local label base
    for base in "/media/$USER" "/run/media/$USER" /media; do
        for label in $LABELS; do
            if [[ -d "$base/$label" ]]; then
                echo "$base/$label"
                return 0
            fi
        done
    done
    return 1
}

header_field() {
    grep -m1 -aE "^H[FO]$2" "$1" | cut -d: -f2- | tr -d '\r' | sed 's/^ *//; s/ *$//; s/[^A-Za-z0-9-]/_/g'
}

stage_traces() {
    rm -rf "$STAGING"
    mkdir -p "$STAGING"
    find "$MNT" -iname '*.igc' -type f -exec cp -t "$STAGING" {} +
    log "staged $(find "$STAGING" -type f | wc -l) file(s) in $STAGING"
}

copy_traces() {
    mkdir -p "$DEST"
    local f date glider pilot out n=0
    for f in "$STAGING"/*; do
        [[ -f "$f" ]] || continue
        date="$(grep -m1 -aE '^HFDTE' "$f" | grep -oE '[0-9]{6}' | head -n1)"
        [[ -n "$date" ]] || { log "no date in $(basename "$f"), skipping"; continue; }
        glider="$(header_field "$f" GID)"
        pilot="$(header_field "$f" PLT)"
        out="$DEST/20${date:4:2}-${date:2:2}-${date:0:2}_${glider:-XXX}_${pilot:-unknown}.igc"
        if [[ ! -e "$out" ]]; then
            cp "$f" "$out"
            echo "$out"
            n=$((n + 1))
        fi
    done
    log "copied $n new trace(s)"
}

upload() {
    local f
    [[ -n "${LADDER_TOKEN:-}" ]] || { log "LADDER_TOKEN not set, skipping upload"; return; }
    for f in "$@"; do
        if curl -fsS --insecure --max-time 60 -H "Authorization: Bearer $LADDER_TOKEN" \
                -F "trace=@$f" "$LADDER_URL" >/dev/null; then
            log "submitted $(basename "$f")"
        else
            log "upload failed for $(basename "$f")"
        fi
    done
}

[[ -n "$MNT" ]] || MNT="$(find_mount)" || { log "no flight recorder mounted"; exit 1; }
[[ -d "$MNT" ]] || { log "$MNT is not a directory"; exit 1; }
stage_traces
mapfile -t NEW < <(copy_traces)
(( UPLOAD )) && [[ ${#NEW[@]} -gt 0 ]] && upload "${NEW[@]}"
exit 0
