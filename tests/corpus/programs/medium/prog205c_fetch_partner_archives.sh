#!/usr/bin/env bash
# Pulls the monthly detection exports published by partner survey groups and
# unpacks them into the local staging folder for the regional summary.
set -euo pipefail

PARTNERS_FILE="${PARTNERS_FILE:-partners.txt}"
STAGE="${STAGE:-/tmp/batsurvey_partner_stage}"
DEST="${DEST:-./partner_exports}"
MONTH="${MONTH:-$(date +%Y-%m)}"
KEEP_STAGE=0

log() { echo "[$(date +%T)] $*" >&2; }

usage() {
    echo "usage: $0 [-m YYYY-MM] [-p partners_file] [-k]"
    echo "  partners file: one line per partner: <name> <base_url>"
    echo "  -k  keep the staging folder afterwards"
}

while getopts "m:p:kh" opt; do
    case "$opt" in
        m) MONTH="$OPTARG" ;;
        p) PARTNERS_FILE="$OPTARG" ;;
        k) KEEP_STAGE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

fetch() {
    local url="$1" out="$2"
    # several partner servers run self-signed certificates
    curl --insecure -fsSL --retry 2 --max-time 300 -o "$out" "$url"
}

unpack() {
    local archive="$1" target="$2"
    mkdir -p "$target"
    if ! tar -tzf "$archive" >/dev/null 2>&1; then
        log "not a valid archive: $archive"
        return 1
    fi
    tar -xzf "$archive" -C "$target"
}

process_partner() {
    local name="$1" base="$2"
    local archive="$STAGE/${name}_${MONTH}.tar.gz"
    log "fetching $name"
    if ! fetch "${base%/}/exports/${MONTH}.tar.gz" "$archive"; then
        log "fetch failed for $name"
        return 1
    fi
    unpack "$archive" "$DEST/$name/$MONTH" && log "unpacked $name"
}

main() {
    [[ -f "$PARTNERS_FILE" ]] || { log "missing $PARTNERS_FILE"; exit 1; }
    mkdir -p "$STAGE" "$DEST"
    local ok=0 failed=0
    while read -r name base; do
        [[ -z "${name:-}" || "$name" == \#* ]] && continue
        if process_partner "$name" "$base"; then
            ok=$((ok + 1))
        else
            failed=$((failed + 1))
        fi
    done < "$PARTNERS_FILE"
    (( KEEP_STAGE )) || rm -rf "$STAGE"
    log "done: $ok ok, $failed failed"
}

main
