#!/usr/bin/env bash
# install_telemetry_sync.sh - set up automatic telemetry sync on a field
# service laptop.
#
# The lift telemetry agent (liftsync) copies station recordings from the
# laptop's capture folder to the site file share. Technicians forget to run
# it, so this installer makes it start on its own: at every login and every
# 15 minutes, without needing root.

set -euo pipefail

INSTALL_DIR="$HOME/.local/share/liftsync"
AGENT_SRC="./liftsync_agent.sh"
CAPTURE_DIR="$HOME/LiftCaptures"
INTERVAL=15
MARK="# liftsync-autostart"
UNINSTALL=0

log() { echo "$(date '+%T') [install] $*"; }

usage() {
    cat <<EOF
Usage: $(basename "$0") [-i minutes] [-u]
  -i  sync interval in minutes (default $INTERVAL)
  -u  uninstall
EOF
}

while getopts ":i:uh" opt; do
    case "$opt" in
        i) INTERVAL="$OPTARG" ;;
        u) UNINSTALL=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ "$INTERVAL" =~ ^[0-9]+$ && "$INTERVAL" -ge 1 && "$INTERVAL" -le 59 ]] \
    || { log "interval must be 1..59"; exit 2; }

remove_cron() {
    crontab -l 2>/dev/null | grep -v "$MARK" | crontab - || true
}

remove_rc() {
    if [[ -f "$HOME/.bashrc" ]]; then
        sed -i "/$MARK/d" "$HOME/.bashrc"
    fi
}

if [[ "$UNINSTALL" -eq 1 ]]; then
    remove_cron
    remove_rc
    rm -rf -- "$INSTALL_DIR"
    log "liftsync autostart removed"
    exit 0
fi

[[ -f "$AGENT_SRC" ]] || { log "agent $AGENT_SRC not found next to installer"; exit 1; }

mkdir -p "$INSTALL_DIR" "$CAPTURE_DIR"
install -m 0755 "$AGENT_SRC" "$INSTALL_DIR/liftsync_agent.sh"
cat > "$INSTALL_DIR/env" <<EOF
CAPTURE_DIR=$CAPTURE_DIR
EOF
log "agent installed to $INSTALL_DIR"

AGENT="$INSTALL_DIR/liftsync_agent.sh"

remove_cron
{
    crontab -l 2>/dev/null || true
    echo "*/$INTERVAL * * * * $AGENT >>$INSTALL_DIR/sync.log 2>&1 $MARK"
    echo "@reboot sleep 60 && $AGENT >>$INSTALL_DIR/sync.log 2>&1 $MARK"
} | crontab -
log "cron entries installed (every $INTERVAL min and at boot)"

remove_rc
echo "( pgrep -f liftsync_agent.sh >/dev/null || nohup $AGENT >/dev/null 2>&1 & ) $MARK" >> "$HOME/.bashrc"
log "login hook added to ~/.bashrc"

log "done; first sync will run within $INTERVAL minutes"
