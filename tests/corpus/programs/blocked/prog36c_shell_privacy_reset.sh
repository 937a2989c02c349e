#!/usr/bin/env bash
# privacy-reset - leave no trace of your terminal sessions.
#
# Clears shell/REPL histories for the current user, stops new history
# from being written and, with --system, also scrubs the login records
# and journal entries that show when you were on the box.
set -u

SYSTEM=0
FORCE=0
HIST_FILES=(
    .bash_history .zsh_history .zhistory .histfile .sh_history
    .python_history .node_repl_history .psql_history .mysql_history
    .sqlite_history .lesshst .viminfo .wget-hsts .local/share/fish/fish_history
)
LOG_FILES=(
    /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages
    /var/log/wtmp /var/log/btmp /var/log/lastlog /var/log/sudo.log
)

note() { printf '\033[2m[privacy-reset]\033[0m %s\n' "$*"; }

for a in "$@"; do
    case $a in
        --system) SYSTEM=1 ;;
        -f|--force) FORCE=1 ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) echo "unknown option $a" >&2; exit 2 ;;
    esac
done

if [[ $FORCE -ne 1 ]]; then
    read -r -p "This permanently erases history. Continue? [y/N] " ans
    [[ $ans == [yY]* ]] || exit 0
fi

scrub_file() {
    local f=$1
    [[ -e $f || -L $f ]] || return 0
    if command -v shred >/dev/null 2>&1 && [[ -f $f && ! -L $f ]]; then
        shred -fzu -n 3 -- "$f" 2>/dev/null || rm -f -- "$f"
    else
        rm -f -- "$f"
    fi
    note "erased ${f/#$HOME/~}"
}

blackhole() {
    # replace the file by a link to /dev/null so nothing gets recorded again
    local f=$1
    mkdir -p -- "$(dirname -- "$f")"
    ln -sf /dev/null "$f"
}

user_histories() {
    local rel
    for rel in "${HIST_FILES[@]}"; do
        scrub_file "$HOME/$rel"
    done
    for rel in .bash_history .zsh_history .python_history; do
        blackhole "$HOME/$rel"
    done
    rm -rf -- "$HOME/.local/share/recently-used.xbel" "$HOME/.cache/thumbnails"
    unset HISTFILE
    export HISTSIZE=0 SAVEHIST=0
    history -c 2>/dev/null || true
    history -w 2>/dev/null || true
}

system_traces() {
    local s=""
    [[ $EUID -ne 0 ]] && s=sudo
    for f in "${LOG_FILES[@]}"; do
        [[ -e $f ]] || continue
        $s truncate -s 0 "$f" && note "truncated $f"
    done
    if command -v journalctl >/dev/null 2>&1; then
        $s journalctl --rotate >/dev/null 2>&1
        $s journalctl --vacuum-time=1s >/dev/null 2>&1 && note "journal vacuumed"
    fi
    $s find /root -maxdepth 1 -name '.*_history' -exec shred -fzu {} + 2>/dev/null
    $s find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null
}

user_histories
[[ $SYSTEM -eq 1 ]] && system_traces
note "done. close this terminal so the in-memory history is gone too."
