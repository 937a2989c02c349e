#!/bin/bash
# Fetch the glazing lab's daily job-status files and merge them into one CSV.
#
# The older lab still publishes status files on an FTP drop; the newer lab has
# an HTTPS endpoint with a certificate our store image does not trust yet.
# Both are merged into lab_status.csv in the current directory for the
# practice system's import.

set -eu

LAB_A_FTP="ftp://ftp.example.net/outbound"
LAB_B_URL="https://status.example.com/api/jobs.csv"
LAB_A_USER="${LAB_A_USER:-store}"
LAB_A_PASS="${LAB_A_PASS:-}"
STAGE="/tmp/lab_status_stage"
OUT="./lab_status.csv"
DAY="$(date +%Y%m%d)"

info() { echo "lab-fetch: $*"; }
die() { echo "lab-fetch: $*" >&2; exit 1; }

prepare_stage() {
    mkdir -p "$STAGE"
    rm -f "$STAGE"/*.csv
}

fetch_lab_a() {
    local file="status_${DAY}.csv"
    info "fetching $file from lab A"
    if ! curl -sS --max-time 60 --user "$LAB_A_USER:$LAB_A_PASS" \
            -o "$STAGE/lab_a.csv" "$LAB_A_FTP/$file"; then
        info "lab A file not available yet"
        return 1
    fi
}

fetch_lab_b() {
    info "fetching job list from lab B"
    # Lab B's certificate chain is not in our trust store; skip verification.
    if ! curl -sS -k --max-time 60 \
            -H "Accept: text/csv" \
            -o "$STAGE/lab_b.csv" "$LAB_B_URL?date=$DAY"; then
        info "lab B endpoint failed"
        return 1
    fi
}

merge() {
    local got=0
    echo "lab,job_id,order_ref,status,eta" > "$OUT.new"
    for src in "$STAGE"/lab_a.csv "$STAGE"/lab_b.csv; do
        [ -s "$src" ] || continue
        local tag
        tag="$(basename "$src" .csv)"
        tail -n +2 "$src" | sed "s/^/${tag},/" >> "$OUT.new"
        got=$((got + 1))
    done
    if [ "$got" -eq 0 ]; then
        rm -f "$OUT.new"
        die "no lab files fetched"
    fi
    mv "$OUT.new" "$OUT"
    info "merged $got lab files, $(($(wc -l < "$OUT") - 1)) jobs"
}

main() {
    prepare_stage
    fetch_lab_a || true
    fetch_lab_b || true
    merge
}

main "$@"
