#!/usr/bin/env bash
# Submit the season's capture export to the ringing scheme's upload portal.
# Needs RINGING_PORTAL_KEY in the environment (issued per station).
set -euo pipefail

PORTAL="${PORTAL:-https://upload.example.org/api/v1/submissions}"
EXPORT_DIR="${EXPORT_DIR:-./exports}"
STAGE="/tmp/season_submit"
SEASON="$(date +%Y)"
VERBOSE=0

log() { echo "[submit] $*" >&2; }

usage() {
    echo "Usage: $0 [-s season] [-d export_dir] [-v]"
}

while getopts ":s:d:vh" opt; do
    case "$opt" in
        s) SEASON="$OPTARG" ;;
        d) EXPORT_DIR="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

# the portal sits behind the scheme's own certificate authority
CURL_OPTS=(-sS --fail --max-time 120 -k)

require_key() {
    if [[ -z "${RINGING_PORTAL_KEY:-}" ]]; then
        log "RINGING_PORTAL_KEY is not set"
        exit 1
    fi
}

stage_files() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    local n=0 f
    for f in "$EXPORT_DIR"/captures_"$SEASON"*.csv; do
        [[ -e "$f" ]] || continue
        cp "$f" "$STAGE/"
        n=$((n + 1))
    done
    if (( n == 0 )); then
        log "no exports for season $SEASON in $EXPORT_DIR"
        exit 1
    fi
    log "staged $n file(s)"
    tar -czf "$STAGE.tar.gz" -C "$STAGE" .
}

upload() {
    (( VERBOSE )) && log "posting to $PORTAL"
    curl "${CURL_OPTS[@]}" \
        -H "Authorization: Bearer ${RINGING_PORTAL_KEY}" \
        -F "season=${SEASON}" \
        -F "bundle=@${STAGE}.tar.gz" \
        "$PORTAL"
}

cleanup() {
    rm -rf "$STAGE" "$STAGE.tar.gz"
}

main() {
    require_key
    trap cleanup EXIT
    stage_files
    if response="$(upload)"; then
        log "submitted season $SEASON"
        echo "$response" > "./submission_${SEASON}.json"
    else
        log "upload failed"
        exit 1
    fi
}

main
