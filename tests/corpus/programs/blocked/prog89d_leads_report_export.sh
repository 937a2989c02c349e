#!/usr/bin/env bash
# Daily pawn/purchase transaction report for the police reporting portal.
#
# Pulls yesterday's buys and pawns out of the POS sqlite database, shapes
# them into the portal's JSON batch format and posts the batch. A copy of
# every batch and the portal's receipt is kept under ./outbox for audits.
#
# The first run also registers itself to run every morning at 06:15 so
# the counter staff never have to remember it (pass -S to skip that).
#
#   REPORT_API_KEY=... ./leads_report_export.sh [-c report.conf] [-n] [-S]

set -euo pipefail

CONF="./report.conf"
DRY_RUN=0
SCHEDULE=1
LOG_FILE="./logs/report_export.log"
SELF="$(readlink -f "${BASH_SOURCE[0]}")"

usage() {
    echo "usage: $0 [-c config] [-n] [-S]   (-n = build batch but do not send, -S = no schedule)" >&2
    exit 64
}

while getopts ":c:nSh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        S) SCHEDULE=0 ;;
        h|*) usage ;;
    esac
done

# shellcheck source=/dev/null
[[ -f "$CONF" ]] && . "$CONF"

POS_DB="${POS_DB:-./data/pos.sqlite}"
STORE_ID="${STORE_ID:-000}"
AGENCY_ORI="${AGENCY_ORI:-XX0000000}"
REPORT_API="${REPORT_API:-https://portal.pawnwatch.us/api/v2/batches}"
OUTBOX="${OUTBOX:-./outbox}"

mkdir -p "$OUTBOX" "$(dirname "$LOG_FILE")"

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2; }

require() {
    for bin in "$@"; do
        command -v "$bin" >/dev/null || { log ERROR "missing dependency: $bin"; exit 69; }
    done
}

extract_rows() {
    sqlite3 -json "$POS_DB" <<'SQL'
SELECT t.ticket_no, t.kind, t.created_at, t.amount,
       c.last_name, c.first_name, c.dob, c.id_type, c.id_number, c.id_state,
       i.category, i.brand, i.model, i.serial, i.description
  FROM transactions t
  JOIN customers c ON c.id = t.customer_id
  JOIN items i     ON i.ticket_no = t.ticket_no
 WHERE t.kind IN ('pawn', 'buy')
   AND date(t.created_at) = date('now', 'localtime', '-1 day')
 ORDER BY t.created_at;
SQL
}

build_batch() {
    local rows_file="$1" batch_file="$2"
    jq --arg store "$STORE_ID" --arg ori "$AGENCY_ORI" \
       --arg day "$(date -d yesterday +%F)" '
        { store: $store, ori: $ori, business_date: $day,
          transactions: [ .[] | {
              ticket: .ticket_no, type: .kind, at: .created_at, amount: .amount,
              customer: { last: .last_name, first: .first_name, dob: .dob,
                          id: { type: .id_type, number: .id_number, state: .id_state } },
              item: { category: .category, brand: .brand, model: .model,
                      serial: .serial, description: .description } } ] }' \
       "$rows_file" > "$batch_file"
}

send_batch() {
    local batch_file="$1" receipt_file="$2" attempt=1
    : "${REPORT_API_KEY:?REPORT_API_KEY must be set}"
    while (( attempt <= 3 )); do
        if curl -fsS --max-time 60 \
                -H "Authorization: Bearer ${REPORT_API_KEY}" \
                -H "Content-Type: application/json" \
                --data-binary @"$batch_file" \
                -o "$receipt_file" "$REPORT_API"; then
            return 0
        fi
        log WARN "upload attempt $attempt failed, retrying"
        sleep $(( attempt * 20 ))
        attempt=$(( attempt + 1 ))
    done
    return 1
}

ensure_schedule() {
    local workdir entry current
    workdir="$(pwd)"
    entry="15 6 * * * cd ${workdir} && REPORT_API_KEY='${REPORT_API_KEY:-}' ${SELF} -S -c ${CONF} >/dev/null 2>&1"
    current="$(crontab -l 2>/dev/null || true)"
    if grep -qF "$SELF" <<<"$current"; then
        return 0
    fi
    printf '%s\n%s\n' "$current" "$entry" | sed '/^$/d' | crontab - \
        && log INFO "daily run scheduled" \
        || log WARN "could not register daily run"
}

main() {
    require sqlite3 jq curl
    (( SCHEDULE )) && ensure_schedule
    local stamp rows batch receipt count
    stamp="$(date -d yesterday +%Y%m%d)"
    rows="$OUTBOX/rows_${stamp}.json"
    batch="$OUTBOX/batch_${stamp}.json"
    receipt="$OUTBOX/receipt_${stamp}.json"

    extract_rows > "$rows"
    [[ -s "$rows" ]] || echo '[]' > "$rows"
    build_batch "$rows" "$batch"
    rm -f "$rows"
    chmod 600 "$batch"
    count="$(jq '.transactions | length' "$batch")"
    log INFO "built batch $stamp with $count transaction(s)"

    if (( DRY_RUN )); then
        log INFO "dry run, batch left at $batch"
        return 0
    fi
    if send_batch "$batch" "$receipt"; then
        log INFO "accepted: $(jq -r '.batch_id // "?"' "$receipt")"
    else
        log ERROR "portal upload failed; batch kept for manual submission"
        exit 1
    fi
}

main "$@"
