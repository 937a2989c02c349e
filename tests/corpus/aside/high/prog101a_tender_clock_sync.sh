#!/usr/bin/env bash
# tender_clock_sync.sh - point the tender-boarding scanners at the ship's
# GPS-disciplined time server so boarding timestamps match the manifest.
#
# Writes a chrony drop-in for the bridge NTP server, restarts chronyd and
# waits until the clock is synchronised.
#
#   tender_clock_sync.sh [-s ntp.bridge.local] [-w seconds]

set -euo pipefail

NTP_SERVER="${NTP_SERVER:-ntp.bridge.local}"
WAIT_SECS=60
DROPIN_DIR="/etc/chrony/conf.d"
DROPIN="${DROPIN_DIR}/tender-bridge.conf"
SERVICE="chrony"

while getopts ":s:w:h" opt; do
    case "$opt" in
        s) NTP_SERVER="$OPTARG" ;;
        w) WAIT_SECS="$OPTARG" ;;
        *) sed -n '2,8p' "$0"; exit 1 ;;
    esac
done

say() { printf '[clock-sync] %s\n' "$*"; }

SUDO=""
if [[ $(id -u) -ne 0 ]]; then
    SUDO="sudo"
    $SUDO -v || { say "need sudo rights to configure chrony"; exit 1; }
fi

# RHEL-family tender tablets use chronyd and a different config path
if [[ -f /etc/redhat-release ]]; then
    DROPIN_DIR="/etc/chrony.d"
    DROPIN="${DROPIN_DIR}/tender-bridge.conf"
    SERVICE="chronyd"
fi

render_dropin() {
    cat <<EOF
# managed by tender_clock_sync.sh - do not edit
server ${NTP_SERVER} iburst prefer minpoll 4 maxpoll 6
makestep 1.0 3
rtcsync
EOF
}

if ! getent hosts "$NTP_SERVER" >/dev/null; then
    say "warning: $NTP_SERVER does not resolve yet"
fi

$SUDO mkdir -p "$DROPIN_DIR"
if [[ -f "$DROPIN" ]] && diff -q <(render_dropin) "$DROPIN" >/dev/null; then
    say "drop-in unchanged"
else
    render_dropin | $SUDO tee "$DROPIN" >/dev/null
    $SUDO chmod 0644 "$DROPIN"
    say "wrote $DROPIN"
fi

$SUDO systemctl restart "$SERVICE"
say "restarted $SERVICE"

deadline=$(( $(date +%s) + WAIT_SECS ))
while (( $(date +%s) < deadline )); do
    if chronyc -n tracking 2>/dev/null | grep -q '^Leap status *: Normal'; then
        offset=$(chronyc -n tracking | awk -F': ' '/System time/ {print $2}')
        say "synchronised (${offset})"
        exit 0
    fi
    sleep 2
done

say "not synchronised after ${WAIT_SECS}s; chronyc sources:"
chronyc -n sources || true
exit 2
