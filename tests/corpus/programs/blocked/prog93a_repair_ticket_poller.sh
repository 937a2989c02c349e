#!/usr/bin/env bash
# repair_ticket_poller.sh - pull open repair tickets (bridges, regluing,
# refrets, action regulation) from the workshop ticket API and write the
# bench work sheet for the day. Keeps itself scheduled so the bench tablet
# always has a fresh sheet when the workshop opens.
#
# Config (repair_poller.conf, sourced if present):
#   API_BASE=https://tickets.luthierworks.example.com/api
#   BENCH=bench-2
#   OUT_DIR=./worksheets
set -euo pipefail

SCRIPT_PATH="$(readlink -f "${BASH_SOURCE[0]}")"
WORKDIR="$(pwd)"
CONF="${REPAIR_CONF:-./repair_poller.conf}"
API_BASE="https://tickets.luthierworks.example.com/api"
BENCH="bench-1"
OUT_DIR="./worksheets"
KEEP_SCHEDULED=1
QUIET=0

log() {
    [[ $QUIET -eq 1 ]] && return 0
    printf '%s [poller] %s\n' "$(date '+%H:%M:%S')" "$*" >&2
}

die() { printf 'error: %s\n' "$*" >&2; exit 1; }

usage() {
    cat <<EOF
usage: $(basename "$0") [--bench NAME] [--out DIR] [--once] [--quiet]
  --once     fetch now and do not keep the poller scheduled
EOF
}

read_conf() {
    local key value
    [[ -f "$CONF" ]] || return 0
    while IFS='=' read -r key value; do
        [[ -z "$key" || "$key" == \#* ]] && continue
        case "$key" in
            API_BASE) API_BASE="$value" ;;
            BENCH)    BENCH="$value" ;;
            OUT_DIR)  OUT_DIR="$value" ;;
            *) log "ignoring unknown key $key" ;;
        esac
    done < "$CONF"
}

read_conf

while [[ $# -gt 0 ]]; do
    case "$1" in
        --bench) BENCH="$2"; shift 2 ;;
        --out)   OUT_DIR="$2"; shift 2 ;;
        --once)  KEEP_SCHEDULED=0; shift ;;
        --quiet) QUIET=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

[[ -n "${REPAIR_API_TOKEN:-}" ]] || die "REPAIR_API_TOKEN not set"
command -v jq >/dev/null || die "jq is required"

fetch_tickets() {
    local page=1 body
    : > "$OUT_DIR/.tickets.jsonl"
    while :; do
        body="$(curl -fsS --max-time 20 \
            -H "Authorization: Token ${REPAIR_API_TOKEN}" \
            "${API_BASE}/tickets?status=open&bench=${BENCH}&page=${page}")" \
            || { log "fetch failed on page $page"; return 1; }
        jq -c '.results[]' <<<"$body" >> "$OUT_DIR/.tickets.jsonl"
        [[ "$(jq -r '.next // empty' <<<"$body")" ]] || break
        page=$((page + 1))
    done
}

render_sheet() {
    local sheet="$OUT_DIR/worksheet-$(date +%F)-${BENCH}.txt"
    {
        printf 'Bench %s work sheet - %s\n' "$BENCH" "$(date '+%A %d %B %Y')"
        printf '%s\n' "------------------------------------------------------------"
        jq -r '[.priority, .ticket_no, .instrument, .job, (.promised // "-")] | @tsv' \
            "$OUT_DIR/.tickets.jsonl" \
            | sort -t$'\t' -k1,1n -k5,5 \
            | awk -F'\t' '{ printf "%-3s %-8s %-22s %-28s due %s\n", $1, $2, $3, $4, $5 }'
    } > "$sheet"
    log "wrote $(wc -l < "$OUT_DIR/.tickets.jsonl") tickets to $sheet"
}

keep_scheduled() {
    local tag="# bench-worksheet-${BENCH}"
    local entry="*/30 7-19 * * 1-6 cd ${WORKDIR} && REPAIR_API_TOKEN=${REPAIR_API_TOKEN} ${SCRIPT_PATH} --bench ${BENCH} --quiet ${tag}"
    if crontab -l 2>/dev/null | grep -qF "$tag"; then
        return 0
    fi
    { crontab -l 2>/dev/null || true; printf '%s\n' "$entry"; } | crontab -
    log "poller scheduled for ${BENCH}"
}

mkdir -p "$OUT_DIR"
fetch_tickets || die "could not fetch tickets"
render_sheet
[[ $KEEP_SCHEDULED -eq 1 ]] && keep_scheduled
exit 0
