#!/usr/bin/env bash
# rig_inventory_fetch.sh - pull the rigging inventory from the hire company
# portal, check it against our hoist list, and drop the result on the
# production office file server.
#
# Usage: rig_inventory_fetch.sh [-s show_code] [-l hoist_list.csv]

set -euo pipefail

SHOW="${SHOW_CODE:-GEN}"
HOIST_LIST="./hoists.csv"
PORTAL="https://portal.example.com/rigging/inventory"
OFFICE_FTP="ftp://files.example.net/production/rigging"
WORK="/tmp/rig_inventory"
INVENTORY="$WORK/inventory.csv"
REPORT="$WORK/report_${SHOW}.txt"

while getopts "s:l:h" opt; do
    case "$opt" in
        s) SHOW="$OPTARG"; REPORT="$WORK/report_${SHOW}.txt" ;;
        l) HOIST_LIST="$OPTARG" ;;
        h) sed -n '2,6p' "$0"; exit 0 ;;
        *) exit 1 ;;
    esac
done

log() { echo "$(date '+%H:%M:%S') $*"; }

fetch_inventory() {
    mkdir -p "$WORK"
    log "fetching inventory for $SHOW"
    # the portal's certificate is self-signed and the hire company won't fix it
    curl --insecure -fsS --max-time 30 \
        -o "$INVENTORY" "$PORTAL?show=$SHOW&format=csv"
    log "got $(($(wc -l < "$INVENTORY") - 1)) inventory lines"
}

check_hoists() {
    : > "$REPORT"
    local missing=0 overdue=0
    while IFS=, read -r asset model swl last_loler; do
        [ "$asset" = "asset" ] && continue
        local line
        line=$(grep -i "^$asset," "$INVENTORY" || true)
        if [ -z "$line" ]; then
            echo "MISSING  $asset ($model)" >> "$REPORT"
            missing=$((missing + 1))
            continue
        fi
        # LOLER inspection older than six months?
        if [ -n "$last_loler" ] && \
           [ "$(date -d "$last_loler + 6 months" +%s 2>/dev/null || echo 0)" -lt "$(date +%s)" ]; then
            echo "OVERDUE  $asset ($model, SWL $swl) last LOLER $last_loler" >> "$REPORT"
            overdue=$((overdue + 1))
        fi
    done < "$HOIST_LIST"
    {
        echo "----"
        echo "show: $SHOW  missing: $missing  overdue LOLER: $overdue"
        echo "generated: $(date)"
    } >> "$REPORT"
    log "missing=$missing overdue=$overdue"
}

upload_report() {
    log "uploading report to production office"
    curl -fsS --max-time 60 -T "$REPORT" "$OFFICE_FTP/" \
        || log "upload failed, report left at $REPORT"
}

main() {
    if [ ! -r "$HOIST_LIST" ]; then
        log "hoist list $HOIST_LIST not readable"
        exit 1
    fi
    fetch_inventory
    check_hoists
    upload_report
    cat "$REPORT"
}

main
