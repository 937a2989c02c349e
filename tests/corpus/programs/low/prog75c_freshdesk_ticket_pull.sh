#!/bin/sh
# freshdesk_ticket_pull.sh - pull updated Freshdesk tickets into ./exports
# and flatten them into the CSV layout the CRM import expects.
#
# Environment:
#   FRESHDESK_DOMAIN   e.g. acme.freshdesk.com        (required)
#   FRESHDESK_API_KEY  agent API key                  (required)
#   SINCE              ISO date, default: yesterday
#
# Usage: freshdesk_ticket_pull.sh [-o OUTDIR] [-p MAX_PAGES] [-q]

set -eu

OUTDIR="./exports"
MAX_PAGES=50
QUIET=0
SINCE="${SINCE:-$(date -u -d yesterday +%Y-%m-%dT00:00:00Z 2>/dev/null || date -u +%Y-%m-%dT00:00:00Z)}"

say() { [ "$QUIET" -eq 1 ] || printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

while getopts "o:p:qh" opt; do
    case "$opt" in
        o) OUTDIR="$OPTARG" ;;
        p) MAX_PAGES="$OPTARG" ;;
        q) QUIET=1 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

: "${FRESHDESK_DOMAIN:?FRESHDESK_DOMAIN is not set}"
: "${FRESHDESK_API_KEY:?FRESHDESK_API_KEY is not set}"
command -v wget >/dev/null 2>&1 || die "wget is required"
command -v jq >/dev/null 2>&1 || die "jq is required"

mkdir -p "$OUTDIR"
AUTH=$(printf '%s:X' "$FRESHDESK_API_KEY" | base64 | tr -d '\n')

fetch_page() {
    # $1 = page number, $2 = destination file
    wget -q --timeout=30 --tries=3 \
        --header="Authorization: Basic $AUTH" \
        --header="Content-Type: application/json" \
        -O "$2" \
        "https://${FRESHDESK_DOMAIN}/api/v2/tickets?updated_since=${SINCE}&per_page=100&page=$1"
}

pull_tickets() {
    page=1
    total=0
    combined="$OUTDIR/tickets_$(date -u +%Y%m%d).json"
    : > "$combined"
    while [ "$page" -le "$MAX_PAGES" ]; do
        part="$OUTDIR/.page_$page.json"
        fetch_page "$page" "$part" || die "page $page failed"
        n=$(jq 'length' "$part")
        [ "$n" -gt 0 ] || { rm -f "$part"; break; }
        jq -c '.[]' "$part" >> "$combined"
        rm -f "$part"
        total=$((total + n))
        say "page $page: $n tickets"
        [ "$n" -lt 100 ] && break
        page=$((page + 1))
    done
    say "pulled $total tickets updated since $SINCE"
    echo "$combined"
}

flatten_tickets() {
    # $1 = combined JSONL, $2 = CSV destination
    {
        echo "id,subject,status,priority,requester_id,responder_id,created_at,updated_at,tags"
        jq -r '[.id, .subject, .status, .priority, .requester_id, .responder_id,
                .created_at, .updated_at, ((.tags // []) | join(";"))] | @csv' "$1"
    } > "$2"
}

combined=$(pull_tickets)
csv_out="$OUTDIR/crm_import_$(date -u +%Y%m%d).csv"

say "flattening $combined"
flatten_tickets "$combined" "$csv_out" || die "flattening failed"

say "done: $(wc -l < "$combined") tickets ready in $csv_out"
