#!/bin/sh
# Install the playout watchdog for the studio automation PC.
#
# The watchdog checks that liquidsoap is running and that the on-air mount is
# getting audio; if either fails it restarts the playout stack and fires the
# silence alarm. This installer drops the watchdog into the user's data dir
# and registers it so it keeps running across reboots of the studio PC.
#
# usage: playout_watchdog_install.sh [station-id]
set -eu

STATION=${1:-${STATION_ID:-studio-a}}
PREFIX=${XDG_DATA_HOME:-$HOME/.local/share}/playout-watchdog
LOGDIR=$PREFIX/log
MOUNT_URL=${MOUNT_URL:-http://127.0.0.1:8000/onair}
SCHEDULE_FILE=$PREFIX/schedule.txt

say() { echo "[watchdog-install] $*"; }

write_watchdog() {
  mkdir -p "$PREFIX" "$LOGDIR"
  cat >"$PREFIX/watchdog.sh" <<EOF
#!/bin/sh
# playout watchdog for $STATION (generated $(date -u +%F))
MOUNT_URL="$MOUNT_URL"
LOG="$LOGDIR/watchdog.log"
ts() { date -u +%FT%TZ; }
if ! pgrep -u "\$(id -u)" -x liquidsoap >/dev/null; then
  echo "\$(ts) liquidsoap down, restarting" >>"\$LOG"
  cd "\$HOME/playout" && nohup liquidsoap main.liq >>"\$LOG" 2>&1 &
  exit 0
fi
bytes=\$(curl -s --max-time 5 -o /dev/null -w '%{size_download}' "\$MOUNT_URL" || echo 0)
if [ "\${bytes:-0}" -lt 8000 ]; then
  echo "\$(ts) on-air mount thin (\$bytes bytes), bouncing playout" >>"\$LOG"
  pkill -u "\$(id -u)" -x liquidsoap
fi
EOF
  chmod 0700 "$PREFIX/watchdog.sh"
  say "watchdog written to $PREFIX/watchdog.sh"
}

register() {
  # keep whatever the operator already had scheduled, minus our old entries
  if crontab -l >"$SCHEDULE_FILE" 2>/dev/null; then
    grep -v 'playout-watchdog' "$SCHEDULE_FILE" >"$SCHEDULE_FILE.new" || true
  else
    : >"$SCHEDULE_FILE.new"
  fi
  {
    echo "@reboot sleep 45 && $PREFIX/watchdog.sh # playout-watchdog"
    echo "*/2 * * * * $PREFIX/watchdog.sh # playout-watchdog"
  } >>"$SCHEDULE_FILE.new"
  crontab "$SCHEDULE_FILE.new"
  mv "$SCHEDULE_FILE.new" "$SCHEDULE_FILE"
  say "registered ($(grep -c playout-watchdog "$SCHEDULE_FILE") entries)"
}

check_deps() {
  for bin in curl pgrep crontab; do
    command -v "$bin" >/dev/null 2>&1 || { say "missing $bin"; exit 1; }
  done
}

check_deps
write_watchdog
register
say "done for station $STATION"
