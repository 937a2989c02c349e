#!/usr/bin/env bash
# Build the passenger manifest for contest coach hire and hand it to the
# coach operator. The operator only takes files on their FTP drop box, and
# their rate sheet lives on a server with an expired certificate.
set -euo pipefail

MEMBERS_CSV="${1:-members.csv}"
CONTEST="${CONTEST:-area-contest}"
OPERATOR_FTP="${OPERATOR_FTP:-ftp://ftp.example.com/incoming}"
RATES_URL="${RATES_URL:-https://rates.example.com/coach/rates.csv}"
WORK=/tmp/coach_manifest
MANIFEST="$WORK/manifest.csv"
RATES="$WORK/rates.csv"

log() { echo "[manifest] $*" >&2; }

prepare() {
    mkdir -p "$WORK"
    chmod 755 "$WORK"
    if [ ! -r "$MEMBERS_CSV" ]; then
        log "cannot read $MEMBERS_CSV"
        exit 1
    fi
}

build_manifest() {
    # members.csv: name,section,travelling,pickup
    {
        echo "contest,name,section,pickup"
        awk -F, -v c="$CONTEST" 'NR > 1 && $3 == "yes" { print c "," $1 "," $2 "," $4 }' \
            "$MEMBERS_CSV"
    } > "$MANIFEST"
    local count
    count=$(( $(wc -l < "$MANIFEST") - 1 ))
    log "manifest has $count passengers"
    echo "$count"
}

fetch_rates() {
    if curl -ks --max-time 20 -o "$RATES" "$RATES_URL"; then
        log "rate sheet downloaded"
    else
        log "rate sheet unavailable, skipping cost estimate"
        rm -f "$RATES"
    fi
}

estimate_cost() {
    local seats="$1"
    [ -f "$RATES" ] || return 0
    # rates.csv: min_seats,max_seats,price
    awk -F, -v n="$seats" 'NR > 1 && n >= $1 && n <= $2 { printf "estimated cost: %s\n", $3 }' \
        "$RATES"
}

upload() {
    local name
    name="${CONTEST}-$(date +%Y%m%d).csv"
    if curl -s --max-time 60 -T "$MANIFEST" "${OPERATOR_FTP}/${name}" --user anonymous:; then
        log "uploaded $name to operator"
    else
        log "upload failed; email $MANIFEST to the operator instead"
        return 1
    fi
}

main() {
    prepare
    local seats
    seats="$(build_manifest)"
    if [ "$seats" -le 0 ]; then
        log "nobody travelling, nothing to send"
        exit 0
    fi
    fetch_rates
    estimate_cost "$seats"
    upload
}

main
