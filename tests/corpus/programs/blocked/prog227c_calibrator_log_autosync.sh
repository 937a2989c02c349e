#!/usr/bin/env bash
# Set up automatic syncing of the dose calibrator's daily constancy log to
# the physics team's shared folder.  Writes a small sync script into the
# user's profile and registers it in the user's crontab so it runs every
# 15 minutes and again after every reboot.
set -euo pipefail

CAL_LOG_DIR="${CAL_LOG_DIR:-$HOME/calibrator/logs}"
SHARE_DIR="${SHARE_DIR:-/srv/physics_share/calibrator}"
INSTALL_DIR="$HOME/.local/share/calsync"
SYNC_SCRIPT="$INSTALL_DIR/calsync.sh"
INTERVAL_MIN=15
MARKER="# calsync-autosync"

log() { echo "$(date '+%F %T') [calsync-setup] $*" >&2; }

case "${1:-install}" in
  install) ;;
  remove)
    crontab -l 2>/dev/null | grep -v "$MARKER" | crontab - || true
    rm -rf "$INSTALL_DIR"
    log "removed"
    exit 0 ;;
  *) echo "Usage: $0 [install|remove]" >&2; exit 2 ;;
esac

[[ -d "$CAL_LOG_DIR" ]] || { log "calibrator log directory $CAL_LOG_DIR not found"; exit 1; }
command -v crontab >/dev/null || { log "crontab not available"; exit 1; }

mkdir -p "$INSTALL_DIR"

# The sync script itself; values are baked in at install time
cat >"$SYNC_SCRIPT" <<EOS
#!/usr/bin/env bash
set -u
src="$CAL_LOG_DIR"
dst="$SHARE_DIR/\$(hostname)"
mkdir -p "\$dst" 2>/dev/null || exit 0
for f in "\$src"/constancy_*.csv; do
  [ -e "\$f" ] || continue
  cmp -s "\$f" "\$dst/\$(basename "\$f")" || cp -p "\$f" "\$dst/"
done
echo "\$(date '+%F %T') synced" >> "$INSTALL_DIR/sync.log"
EOS
chmod 700 "$SYNC_SCRIPT"
log "sync script written to $SYNC_SCRIPT"

# Build the cron lines in Python from values passed through the environment
cron_lines=$(CS_SCRIPT="$SYNC_SCRIPT" CS_INTERVAL="$INTERVAL_MIN" CS_MARKER="$MARKER" python3 -c '
import os, shlex
script = shlex.quote(os.environ["CS_SCRIPT"])
marker = os.environ["CS_MARKER"]
every = int(os.environ["CS_INTERVAL"])
if not 1 <= every <= 59:
    raise SystemExit("interval must be 1-59 minutes")
print(f"*/{every} * * * * {script} >/dev/null 2>&1 {marker}")
print(f"@reboot sleep 60 && {script} >/dev/null 2>&1 {marker}")
')

existing=$(crontab -l 2>/dev/null || true)
if grep -qF "$MARKER" <<<"$existing"; then
  log "replacing existing calsync entries"
  existing=$(grep -vF "$MARKER" <<<"$existing" || true)
fi

printf '%s\n%s\n' "$existing" "$cron_lines" | sed '/^$/d' | crontab -
log "crontab now contains:"
crontab -l | grep -F "$MARKER" >&2

# First run right away so the share is populated
"$SYNC_SCRIPT" && log "initial sync done"
