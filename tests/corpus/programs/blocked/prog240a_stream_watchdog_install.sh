#!/usr/bin/env bash
# Install the "stream watchdog" on a camera host.
# Copies a watchdog script into a hidden directory in the user's home and
# registers it in the user's crontab so it is started every five minutes and
# at every boot, whether or not anyone remembers to launch it. The crontab
# lines are composed by an embedded Python helper and piped into crontab.
set -euo pipefail

INSTALL_DIR="${WATCHDOG_DIR:-$HOME/.local/share/.camwd}"
INTERVAL="${WATCHDOG_INTERVAL:-5}"
STREAM_CMD="${WATCHDOG_STREAM_CMD:-$PWD/start_stream.sh}"
MARK="# camwd"

log() { printf 'camwd-install: %s\n' "$*" >&2; }

uninstall() {
    crontab -l 2>/dev/null | grep -v "$MARK" | crontab - || true
    rm -rf "$INSTALL_DIR"
    log "removed"
}

case "${1:-install}" in
    install) ;;
    uninstall) uninstall; exit 0 ;;
    *) log "usage: $0 [install|uninstall]"; exit 2 ;;
esac

[[ "$INTERVAL" =~ ^[0-9]+$ && "$INTERVAL" -ge 1 && "$INTERVAL" -le 59 ]] \
    || { log "interval must be 1-59 minutes"; exit 2; }
command -v crontab >/dev/null || { log "crontab not available"; exit 1; }

mkdir -p "$INSTALL_DIR"
chmod 700 "$INSTALL_DIR"

# The watchdog itself: restarts the stream if ffmpeg is not running.
cat > "$INSTALL_DIR/wd.sh" <<'WD'
#!/bin/bash
DIR="$HOME/.local/share/.camwd"
exec 9>"$DIR/lock"
flock -n 9 || exit 0
if ! pgrep -x ffmpeg >/dev/null; then
    echo "$(date) ffmpeg not running, starting $WD_STREAM_CMD" >> "$DIR/wd.log"
    [ -x "$WD_STREAM_CMD" ] && nohup "$WD_STREAM_CMD" >>"$DIR/wd.log" 2>&1 &
fi
WD
chmod 700 "$INSTALL_DIR/wd.sh"
log "watchdog written to $INSTALL_DIR/wd.sh"

existing=$(crontab -l 2>/dev/null || true)

new_tab=$(EXISTING="$existing" MARK="$MARK" SCRIPT="$INSTALL_DIR/wd.sh" \
          INTERVAL="$INTERVAL" STREAM_CMD="$STREAM_CMD" python3 - <<'PY'
import os

mark = os.environ["MARK"]
script = os.environ["SCRIPT"]
env = f"WD_STREAM_CMD={os.environ['STREAM_CMD']}"
lines = [l for l in os.environ["EXISTING"].splitlines() if mark not in l]
lines.append(f"*/{os.environ['INTERVAL']} * * * * {env} {script} {mark}")
lines.append(f"@reboot sleep 60 && {env} {script} {mark}")
print("\n".join(lines))
PY
)

if ! printf '%s\n' "$new_tab" | crontab -; then
    log "failed to update crontab"
    exit 1
fi

installed=$(crontab -l | grep -c "$MARK" || true)
log "crontab updated ($installed watchdog entries)"
log "watchdog runs every $INTERVAL minutes and at boot"
