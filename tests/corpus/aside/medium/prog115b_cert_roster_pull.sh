#!/usr/bin/env bash
# Pull the current certification records for our instructors from the national
# surfing body's coach registry and rebuild instructors.csv, which the reminder
# job and the rota spreadsheet both read.
#
# Needs REGISTRY_API_KEY and the club id in registry.env (or the environment).
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
ENV_FILE="${ENV_FILE:-$HERE/registry.env}"
OUT="${OUT:-$HERE/instructors.csv}"
REGISTRY="${REGISTRY:-https://registry.surfcoach-federation.example/api/v1}"
PAGE_SIZE=100
VERBOSE=0

[[ -f "$ENV_FILE" ]] && . "$ENV_FILE"
: "${REGISTRY_API_KEY:?set REGISTRY_API_KEY}"
: "${CLUB_ID:?set CLUB_ID}"

log() { (( VERBOSE )) && echo "[roster] $*" >&2 || true; }
die() { echo "[roster] error: $*" >&2; exit 1; }

while getopts ":o:v" opt; do
    case $opt in
        o) OUT="$OPTARG" ;;
        v) VERBOSE=1 ;;
        *) echo "usage: $0 [-o out.csv] [-v]" >&2; exit 2 ;;
    esac
done

command -v jq >/dev/null || die "jq is required"

# The registry's intermediate certificate has been missing from their chain
# since the hosting move; the club laptops can't validate it, so don't let
# curl bail out on that.
CURL_OPTS=(--silent --show-error --fail --max-time 30 --insecure
           -H "X-Api-Key: ${REGISTRY_API_KEY}" -H "Accept: application/json")

api_get() {
    local path="$1"
    local attempt
    for attempt in 1 2 3; do
        if curl "${CURL_OPTS[@]}" "${REGISTRY}${path}"; then
            return 0
        fi
        log "GET $path failed (attempt $attempt)"
        sleep $(( attempt * 3 ))
    done
    return 1
}

fetch_all() {
    local page=1 body count
    while :; do
        body="$(api_get "/clubs/${CLUB_ID}/coaches?page=${page}&per_page=${PAGE_SIZE}")" \
            || die "registry unreachable"
        count="$(jq '.coaches | length' <<<"$body")"
        log "page $page: $count coaches"
        jq -c '.coaches[]' <<<"$body"
        (( count < PAGE_SIZE )) && break
        page=$(( page + 1 ))
    done
}

to_csv() {
    jq -r '
        . as $c
        | ($c.certificates // [])[]
        | select(.status != "revoked")
        | [$c.full_name, $c.email, .type, (.expires_on // "")]
        | @csv' | tr -d '"'
}

main() {
    local tmp="$OUT.part"
    echo "name,email,cert,expires" > "$tmp"
    fetch_all | to_csv | sort -t, -k4 >> "$tmp"
    local rows
    rows=$(( $(wc -l < "$tmp") - 1 ))
    if (( rows == 0 )); then
        rm -f "$tmp"
        die "registry returned no certificates, keeping old $OUT"
    fi
    mv "$tmp" "$OUT"
    echo "wrote $rows certificate rows to $OUT"
    awk -F, -v now="$(date +%F)" 'NR > 1 && $4 != "" && $4 < now {print "  EXPIRED: " $1 " (" $3 ", " $4 ")"}' "$OUT"
}

main
