#!/usr/bin/env bash
# setup_patron_sync_shell.sh - make sure the patron sync agent is always up
#
# Circulation staff kept forgetting to start the patron sync agent after a
# reboot, so registrations made at the desk never reached the county
# borrower database. This sets the agent up so it starts whenever the
# circulation account opens a shell.
#
# Usage: ./setup_patron_sync_shell.sh [--agent PATH] [--remove]

set -euo pipefail

AGENT="$(pwd)/patron_sync_agent.sh"
MARKER="# patron-sync-agent autostart"
REMOVE=0
LOG_FILE="$(pwd)/setup_patron_sync.log"
RC_FILES=("$HOME/.bashrc" "$HOME/.profile")

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

die() {
    log "ERROR: $*"
    exit 1
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --agent) AGENT="$(realpath "$2")"; shift 2 ;;
        --remove) REMOVE=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) die "unknown argument: $1" ;;
    esac
done

startup_line() {
    printf '%s\npgrep -f %q >/dev/null 2>&1 || (nohup %q >/dev/null 2>&1 &)\n' \
        "$MARKER" "$AGENT" "$AGENT"
}

already_present() {
    local rc="$1"
    [[ -f "$rc" ]] && grep -qF "$MARKER" "$rc"
}

add_to_rc() {
    local rc="$1"
    if already_present "$rc"; then
        log "autostart already present in $rc"
        return
    fi
    cp -p "$rc" "${rc}.bak.$(date +%s)" 2>/dev/null || true
    startup_line >> "$rc"
    log "added autostart to $rc"
}

remove_from_rc() {
    local rc="$1"
    if ! already_present "$rc"; then
        log "nothing to remove in $rc"
        return
    fi
    # drop the marker line and the line that follows it
    sed -i "/^${MARKER}\$/,+1d" "$rc"
    log "removed autostart from $rc"
}

main() {
    if (( REMOVE )); then
        for rc in "${RC_FILES[@]}"; do
            remove_from_rc "$rc"
        done
        exit 0
    fi

    [[ -x "$AGENT" ]] || die "agent not found or not executable: $AGENT"

    for rc in "${RC_FILES[@]}"; do
        touch "$rc"
        add_to_rc "$rc"
    done

    if ! pgrep -f "$AGENT" >/dev/null 2>&1; then
        nohup "$AGENT" >/dev/null 2>&1 &
        log "started agent now (pid $!)"
    else
        log "agent already running"
    fi
    log "done; the agent will start with every new shell"
}

main
