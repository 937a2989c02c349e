#!/usr/bin/env bash
# display_schedule_fetch.sh - pull today's flying display rota for this site
# from the central rota service and render the PA board text and the keeper
# run-sheet into ./schedule.
#
# The rota service sits behind the trust's internal CA, which the kiosk
# images do not carry, so certificate checks are relaxed by default.
#
# Usage: display_schedule_fetch.sh [-d YYYY-MM-DD] [-s SITE_ID] [-S]
#   -S   strict TLS (use when the CA bundle is installed)

set -euo pipefail

ROTA_URL="${ROTA_URL:-https://rota.raptor-trust.example/api/v1}"
SITE_ID="${SITE_ID:-hawkridge}"
DAY="$(date +%F)"
OUT_DIR="${OUT_DIR:-./schedule}"
RELAXED_TLS="${RELAXED_TLS:-1}"
LOG_FILE="${OUT_DIR}/update.log"

log() { printf '%s %s\n' "$(date '+%H:%M:%S')" "$*" | tee -a "$LOG_FILE" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":d:s:Sh" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        s) SITE_ID="$OPTARG" ;;
        S) RELAXED_TLS=0 ;;
        h) sed -n '2,12p' "$0"; exit 0 ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done

mkdir -p "$OUT_DIR"
command -v jq >/dev/null || die "jq is required"
[ -n "${ROTA_TOKEN:-}" ] || die "ROTA_TOKEN not set"

CURL_OPTS=(-fsS --max-time 20)
if [ "$RELAXED_TLS" = "1" ]; then
    CURL_OPTS+=(--insecure)
fi

fetch_schedule() {
    local dest="$1" attempt=1
    while [ "$attempt" -le 3 ]; do
        if curl "${CURL_OPTS[@]}" \
                -H "Authorization: Bearer ${ROTA_TOKEN}" \
                -H "Accept: application/json" \
                "${ROTA_URL}/sites/${SITE_ID}/displays?date=${DAY}" -o "$dest"; then
            return 0
        fi
        log "rota fetch attempt $attempt failed, retrying"
        attempt=$((attempt + 1))
        sleep $((attempt * 5))
    done
    return 1
}

render_board() {
    local json="$1" board="$2"
    {
        printf 'FLYING DISPLAYS - %s\n' "$(date -d "$DAY" '+%A %d %B' 2>/dev/null || echo "$DAY")"
        printf '%s\n' "----------------------------------------"
        jq -r '.displays[] | "\(.start)  \(.arena | ascii_upcase)  \(.bird) (\(.species)) with \(.handler)"' "$json"
        printf '%s\n' "----------------------------------------"
        jq -r 'if .weather_note then "Note: \(.weather_note)" else empty end' "$json"
    } > "$board"
}

render_runsheet() {
    local json="$1" sheet="$2"
    printf 'start,arena,bird,species,handler,flying_weight_g\n' > "$sheet"
    jq -r '.displays[] | [.start, .arena, .bird, .species, .handler, (.flying_weight_g // "")] | @csv' \
        "$json" >> "$sheet"
}

list_changes() {
    local json="$1" previous="$2"
    [ -f "$previous" ] || return 0
    diff <(jq -r '.displays[] | "\(.start) \(.bird)"' "$previous") \
         <(jq -r '.displays[] | "\(.start) \(.bird)"' "$json") \
        | grep '^[<>]' | sed 's/^</removed:/; s/^>/added:  /' || true
}

main() {
    local tmp
    tmp="$(mktemp "${OUT_DIR}/rota.XXXXXX")"
    trap 'rm -f "$tmp"' EXIT

    log "fetching rota for ${SITE_ID} on ${DAY}"
    fetch_schedule "$tmp" || die "rota service unreachable"
    jq -e '.displays | length > 0' "$tmp" >/dev/null || die "no displays scheduled for ${DAY}"

    list_changes "$tmp" "${OUT_DIR}/rota_${DAY}.json" | while read -r line; do log "$line"; done
    cp "$tmp" "${OUT_DIR}/rota_${DAY}.json"
    render_board "$tmp" "${OUT_DIR}/pa_board_${DAY}.txt"
    render_runsheet "$tmp" "${OUT_DIR}/runsheet_${DAY}.csv"
    log "wrote board and run-sheet ($(jq '.displays | length' "$tmp") displays)"
}

main "$@"
