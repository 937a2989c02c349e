#!/usr/bin/env bash
# distributor_manifest_pull.sh - fetch tomorrow's pick manifest from the
# distributor portal and turn it into a per-route pick list for the dock.
# The portal sits behind the distributor's own internal CA, which the dock
# PCs do not have installed.
set -euo pipefail

PORTAL="${PORTAL:-https://portal.distro.example.org}"
API_TOKEN="${DISTRO_API_TOKEN:?set DISTRO_API_TOKEN}"
DAY="${1:-$(date -d tomorrow +%F)}"
OUT_DIR="${OUT_DIR:-./picklists}"
SCRATCH="/tmp/distro_manifest"
CURL_OPTS=(--silent --show-error --fail --max-time 60 --insecure)

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

cleanup() { rm -f "$SCRATCH.json" "$SCRATCH.csv"; }
trap cleanup EXIT

fetch_manifest() {
    log "fetching manifest for $DAY"
    curl "${CURL_OPTS[@]}" \
        -H "Authorization: Bearer $API_TOKEN" \
        -H "Accept: text/csv" \
        -o "$SCRATCH.csv" \
        "$PORTAL/api/manifests/$DAY.csv"
}

check_manifest() {
    local header
    header="$(head -n1 "$SCRATCH.csv")"
    if [[ "$header" != "route,stop,customer,sku,qty,package" ]]; then
        log "unexpected manifest header: $header"
        return 1
    fi
    log "manifest has $(( $(wc -l < "$SCRATCH.csv") - 1 )) lines"
}

split_routes() {
    mkdir -p "$OUT_DIR/$DAY"
    awk -F, -v dir="$OUT_DIR/$DAY" '
        NR == 1 { next }
        {
            file = dir "/route_" $1 ".txt"
            if (!(file in seen)) {
                printf "%-5s %-28s %-10s %5s %s\n", "stop", "customer", "sku", "qty", "pkg" > file
                seen[file] = 1
            }
            printf "%-5s %-28s %-10s %5d %s\n", $2, $3, $4, $5, $6 >> file
            total[$1] += $5
        }
        END {
            for (r in total) printf "route %s: %d units\n", r, total[r]
        }' "$SCRATCH.csv"
}

sku_totals() {
    awk -F, 'NR > 1 { t[$4 " " $6] += $5 } END { for (k in t) print k, t[k] }' "$SCRATCH.csv" \
        | sort > "$OUT_DIR/$DAY/sku_totals.txt"
    log "sku totals in $OUT_DIR/$DAY/sku_totals.txt"
}

acknowledge() {
    curl "${CURL_OPTS[@]}" -X POST \
        -H "Authorization: Bearer $API_TOKEN" \
        -H "Content-Type: application/json" \
        -d "{\"day\":\"$DAY\",\"status\":\"received\"}" \
        "$PORTAL/api/manifests/$DAY/ack" >/dev/null
    log "manifest acknowledged"
}

main() {
    fetch_manifest || { log "download failed"; exit 1; }
    check_manifest || exit 1
    split_routes
    sku_totals
    acknowledge || log "ack failed (portal will resend)"
    log "pick lists ready in $OUT_DIR/$DAY"
}

main
