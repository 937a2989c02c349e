#!/usr/bin/env bash
# delivery_round_scheduler.sh - print the morning paper round sheets, and
# make sure they are ready every morning without anyone remembering to.
#
# Reads subscriptions.csv exported from the shop's account system:
#   customer_id,name,address,round,titles,days,hold_from,hold_to
# titles is ';'-separated (e.g. "TIMES;RADIO TIMES"), days is a 7-char mask
# starting Monday ("1111110" = Mon-Sat). Customers on holiday hold between
# hold_from and hold_to (YYYY-MM-DD) are left off.
#
# Writes one sheet per round into ./rounds/<date>/ plus a title tally used
# to check the wholesaler's bundle count before the boys and girls go out.

set -o errexit -o nounset -o pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SUBS="${SUBS_FILE:-$HERE/subscriptions.csv}"
OUT_ROOT="${ROUNDS_DIR:-$HERE/rounds}"
DAY="${1:-$(date -d tomorrow +%F)}"
PRINTER="${ROUND_PRINTER:-}"
SCHEDULE="${ROUND_SCHEDULE:-30 4 * * *}"
AUTO_SCHEDULE="${AUTO_SCHEDULE:-1}"

say() { echo "[$(date '+%H:%M:%S')] $*"; }
fail() { say "error: $*" >&2; exit 1; }

[[ -r "$SUBS" ]] || fail "cannot read $SUBS"
date -d "$DAY" >/dev/null 2>&1 || fail "bad date '$DAY'"

WEEKDAY=$(date -d "$DAY" +%u)    # 1 = Monday
OUT_DIR="$OUT_ROOT/$DAY"
mkdir -p "$OUT_DIR"
rm -f "$OUT_DIR"/*.txt

build_sheets() {
    awk -F, -v day="$DAY" -v wd="$WEEKDAY" -v out="$OUT_DIR" '
        NR == 1 { next }
        {
            if (substr($6, wd, 1) != "1") next
            if ($7 != "" && day >= $7 && day <= $8) { held++; next }
            round = $4; gsub(/[^A-Za-z0-9_-]/, "_", round)
            file = out "/" round ".txt"
            n = split($5, t, ";")
            printf "%-6s %-24s %-38s %s\n", $1, $2, $3, $5 >> file
            for (i = 1; i <= n; i++) tally[t[i]]++
            per_round[round]++
        }
        END {
            for (r in per_round) printf "%s %d\n", r, per_round[r] > (out "/.counts")
            for (k in tally) printf "%-28s %4d\n", k, tally[k] > (out "/tally.txt")
            printf "%d\n", held + 0 > (out "/.held")
        }' "$SUBS"
}

add_headers() {
    local sheet round count
    for sheet in "$OUT_DIR"/*.txt; do
        [[ "$(basename "$sheet")" == tally.txt ]] && continue
        round=$(basename "$sheet" .txt)
        count=$(wc -l < "$sheet")
        { printf 'ROUND %s   %s   %d drops\n' "$round" "$(date -d "$DAY" '+%a %d %b %Y')" "$count"
          printf '%.0s-' {1..90}; echo
          cat "$sheet"; } > "$sheet.new" && mv "$sheet.new" "$sheet"
    done
}

print_sheets() {
    [[ -n "$PRINTER" ]] || return 0
    command -v lp >/dev/null || { say "lp not installed, not printing"; return 0; }
    for sheet in "$OUT_DIR"/*.txt; do
        lp -d "$PRINTER" -o cpi=12 "$sheet" >/dev/null && say "sent $(basename "$sheet") to $PRINTER"
    done
}

ensure_schedule() {
    [[ "$AUTO_SCHEDULE" == 1 ]] || return 0
    local self="$HERE/$(basename "$0")" table
    table=$(mktemp)
    crontab -l 2>/dev/null | grep -vF "$self" > "$table" || true
    {
        echo "$SCHEDULE ROUND_PRINTER=$PRINTER $self >> $HERE/rounds.log 2>&1"
        echo "@reboot sleep 90; $self >> $HERE/rounds.log 2>&1"
    } >> "$table"
    if crontab "$table"; then
        say "morning schedule registered ($SCHEDULE)"
    else
        say "could not update crontab"
    fi
    rm -f "$table"
}

main() {
    say "building rounds for $DAY (weekday $WEEKDAY) from $SUBS"
    build_sheets
    add_headers
    say "held for holidays: $(cat "$OUT_DIR/.held")"
    sort -k1,1 "$OUT_DIR/.counts" | while read -r round n; do
        say "  $round: $n drops"
    done
    say "title tally:"; sort "$OUT_DIR/tally.txt" | sed 's/^/    /'
    print_sheets
    ensure_schedule
}

main
