#!/usr/bin/env bash
# repair_ticket_fetch.sh - fetch repair tickets assigned to this bench from
# the guild ticket desk and drop them into ./tickets as JSON, one per ticket.
# Also stages any new post-pull hook versions published by the desk in
# ./.ticketfetch/review so the bench owner can read them before adopting.
#
# The back-room desk box still has its self-signed cert, hence -k.
#
# usage: repair_ticket_fetch.sh [-b bench] [-n]   (-n = dry run)

set -euo pipefail

DESK_URL="${DESK_URL:-https://desk.horologyguild.example.net}"
BENCH="${BENCH:-$(hostname -s)}"
STATE_DIR="${STATE_DIR:-.ticketfetch}"
TICKET_DIR="${TICKET_DIR:-tickets}"
HOOK_CHANNEL="${HOOK_CHANNEL:-stable}"
LISTING="/tmp/ticketfetch_assigned.json"
DRY_RUN=0

log() { printf '%s [%s] %s\n' "$(date '+%H:%M:%S')" "$1" "$2" >&2; }
die() { log ERROR "$*"; exit 1; }

while getopts "b:nh" opt; do
    case "$opt" in
        b) BENCH="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

[[ -n "${TICKET_DESK_TOKEN:-}" ]] || die "TICKET_DESK_TOKEN not set"
command -v jq >/dev/null || die "jq is required"
mkdir -p "$STATE_DIR/review" "$STATE_DIR/adopted" "$TICKET_DIR"

desk_get() {
    # $1 = path, $2 = output file
    local attempt
    for attempt in 1 2 3; do
        if curl -fsSk --max-time 20 \
                -H "Authorization: Bearer ${TICKET_DESK_TOKEN}" \
                -o "$2" "${DESK_URL}$1"; then
            return 0
        fi
        log WARN "GET $1 failed (attempt $attempt)"
        sleep $((attempt * 2))
    done
    return 1
}

stage_hooks() {
    local manifest="$STATE_DIR/hooks.manifest" staged=0
    desk_get "/benches/hooks/${HOOK_CHANNEL}/manifest" "$manifest" || {
        log WARN "hook manifest unavailable"
        return 0
    }
    while read -r name sum; do
        [[ -z "$name" || "$name" == \#* ]] && continue
        local current="$STATE_DIR/adopted/$name" dest="$STATE_DIR/review/$name.txt"
        if [[ -f "$current" ]] && echo "$sum  $current" | sha256sum -c --status; then
            continue
        fi
        desk_get "/benches/hooks/${HOOK_CHANNEL}/${name}" "$dest" || continue
        staged=$((staged + 1))
        if [[ -f "$current" ]]; then
            diff -u "$current" "$dest" > "$dest.diff" || true
        fi
    done < "$manifest"
    (( staged )) && log INFO "$staged hook update(s) staged in $STATE_DIR/review"
    return 0
}

pull_tickets() {
    local count=0
    desk_get "/api/v2/tickets?bench=${BENCH}&state=assigned" "$LISTING" || die "cannot list tickets"
    while IFS= read -r id; do
        local out="$TICKET_DIR/${id}.json"
        if [[ -f "$out" ]]; then
            continue
        fi
        if (( DRY_RUN )); then
            log INFO "would fetch ticket $id"
            continue
        fi
        desk_get "/api/v2/tickets/${id}" "$out.part" && mv "$out.part" "$out"
        count=$((count + 1))
    done < <(jq -r '.tickets[].id' "$LISTING")
    log INFO "$count new ticket(s) for $BENCH"
    echo "$count"
}

summarise() {
    local id
    for id in $(jq -r '.tickets[].id' "$LISTING"); do
        [[ -f "$TICKET_DIR/$id.json" ]] || continue
        jq -r '"\(.id)\t\(.movement // "?")\t\(.fault // "")"' "$TICKET_DIR/$id.json"
    done | column -t -s $'\t'
}

main() {
    stage_hooks
    local n
    n="$(pull_tickets)"
    (( DRY_RUN )) && exit 0
    (( n > 0 )) && summarise
    date -u +%FT%TZ > "$STATE_DIR/last_pull"
}

main "$@"
