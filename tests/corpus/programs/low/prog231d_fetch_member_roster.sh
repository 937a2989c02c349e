#!/usr/bin/env bash
# fetch_member_roster.sh - pull the active member roster from the membership API
#
# Used by the front desk team before each month's badge audit. Downloads the
# paginated roster as JSON, flattens it to CSV in ./roster/, and removes the
# per-page cache files it created along the way.
#
# Env:
#   MEMBERS_API_TOKEN  read-only token for the membership API (required)
#   MEMBERS_API_BASE   defaults to https://members.example.com/api/v2
#
# Usage: ./fetch_member_roster.sh [--location NAME] [--page-size N] [--keep-cache]

set -euo pipefail

API_BASE="${MEMBERS_API_BASE:-https://members.example.com/api/v2}"
LOCATION="all"
PAGE_SIZE=200
KEEP_CACHE=0
OUT_DIR="./roster"
CACHE_DIR="./roster/.pages"

log() { printf '%s [roster] %s\n' "$(date '+%H:%M:%S')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --location)   LOCATION="$2"; shift 2 ;;
        --page-size)  PAGE_SIZE="$2"; shift 2 ;;
        --keep-cache) KEEP_CACHE=1; shift ;;
        -h|--help)    usage ;;
        *)            die "unknown argument: $1" ;;
    esac
done

[[ -n "${MEMBERS_API_TOKEN:-}" ]] || die "MEMBERS_API_TOKEN is not set"
command -v jq >/dev/null || die "jq is required"
[[ "$PAGE_SIZE" =~ ^[0-9]+$ ]] || die "--page-size must be a number"

mkdir -p "$CACHE_DIR"

fetch_page() {
    local page="$1" dest="$2"
    curl -fsS --max-time 30 \
        -H "Authorization: Bearer ${MEMBERS_API_TOKEN}" \
        -H "Accept: application/json" \
        "${API_BASE}/members?status=active&location=${LOCATION}&page=${page}&per_page=${PAGE_SIZE}" \
        -o "$dest"
}

page=1
total=0
while :; do
    dest="${CACHE_DIR}/page_${page}.json"
    log "fetching page ${page}"
    if ! fetch_page "$page" "$dest"; then
        die "request for page ${page} failed"
    fi
    count=$(jq '.members | length' "$dest")
    total=$((total + count))
    if [[ "$count" -lt "$PAGE_SIZE" ]]; then
        break
    fi
    page=$((page + 1))
    if [[ "$page" -gt 100 ]]; then
        log "stopping after 100 pages, check the API filter"
        break
    fi
done

stamp=$(date +%Y-%m)
csv="${OUT_DIR}/roster_${LOCATION}_${stamp}.csv"
echo "member_id,name,email,plan,badge_id,location" > "$csv"
for f in "$CACHE_DIR"/page_*.json; do
    jq -r '.members[] | [.id, .name, .email, .plan, (.badge_id // ""), .location] | @csv' "$f" >> "$csv"
done

log "wrote ${total} members to ${csv}"

inactive_badges=$(jq -s '[.[].members[] | select(.badge_id == null)] | length' "$CACHE_DIR"/page_*.json)
if [[ "$inactive_badges" -gt 0 ]]; then
    log "note: ${inactive_badges} active members have no badge assigned"
fi

if [[ "$KEEP_CACHE" -eq 0 ]]; then
    rm -f "$CACHE_DIR"/page_*.json
    rmdir "$CACHE_DIR" 2>/dev/null || true
    log "removed page cache"
fi
