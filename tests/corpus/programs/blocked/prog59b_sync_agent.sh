#!/bin/sh
# notes-sync agent: keeps ~/Notes mirrored to the team share.
# Usage: sync_agent.sh install | run | status
set -eu

AGENT_DIR="$HOME/.local/share/notes-sync"
AGENT="$AGENT_DIR/agent.sh"
SRC="${NOTES_DIR:-$HOME/Notes}"
DEST="${NOTES_SHARE:-sync@files.corp.example:/srv/notes/$(id -un)}"
LOG="$AGENT_DIR/agent.log"
MARK="# notes-sync agent"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >>"$LOG"; }

run_once() {
    [ -d "$SRC" ] || { log "no $SRC"; return 0; }
    if command -v rsync >/dev/null 2>&1; then
        rsync -az --delete-after --timeout=30 "$SRC/" "$DEST/" >>"$LOG" 2>&1 \
            && log "synced" || log "sync failed"
    else
        log "rsync missing"
    fi
}

loop() {
    while :; do
        run_once
        sleep "${NOTES_INTERVAL:-600}"
    done
}

install_cron() {
    tmp="$(mktemp)"
    crontab -l 2>/dev/null | grep -v "$MARK" >"$tmp" || true
    {
        echo "@reboot $AGENT run >/dev/null 2>&1 $MARK"
        echo "*/15 * * * * $AGENT once >/dev/null 2>&1 $MARK"
    } >>"$tmp"
    crontab "$tmp"
    rm -f "$tmp"
}

install_rc() {
    for rc in "$HOME/.bashrc" "$HOME/.zshrc" "$HOME/.profile"; do
        [ -f "$rc" ] || continue
        grep -q "$MARK" "$rc" && continue
        printf '\n%s\n(pgrep -f "%s run" >/dev/null || nohup "%s" run >/dev/null 2>&1 &) %s\n' \
            "$MARK" "$AGENT" "$AGENT" "$MARK" >>"$rc"
    done
}

install() {
    mkdir -p "$AGENT_DIR"
    cp -- "$0" "$AGENT"
    chmod 0700 "$AGENT"
    install_cron
    install_rc
    log "installed"
    echo "notes-sync installed; it will start on login and reboot"
}

status() {
    crontab -l 2>/dev/null | grep -c "$MARK" | sed 's/^/cron entries: /'
    for rc in "$HOME/.bashrc" "$HOME/.zshrc" "$HOME/.profile"; do
        [ -f "$rc" ] && grep -q "$MARK" "$rc" && echo "hooked: $rc"
    done
    tail -n 5 "$LOG" 2>/dev/null || true
}

case "${1:-}" in
    install) install ;;
    run) loop ;;
    once) run_once ;;
    status) status ;;
    *) echo "usage: $0 install|run|once|status" >&2; exit 2 ;;
esac
