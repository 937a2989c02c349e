#!/usr/bin/env bash
# Time clock NTP setup for the instructor clock-in PCs.
# Instructor hours are paid from clock-in/clock-out stamps, so every clock-in
# PC must follow the school's time servers. Renders a chrony drop-in and
# installs it system-wide.
#
# Usage: prog226a_timeclock_ntp_setup.sh [-s server]... [-n]
set -euo pipefail

SERVERS=()
DRY_RUN=0
DROPIN_DIR="/etc/chrony/conf.d"
DROPIN="$DROPIN_DIR/snowline-timeclock.conf"
MAX_OFFSET_MS=500

log() { echo "$(date '+%F %T') ntp-setup: $*" >&2; }

while getopts ":s:nh" opt; do
    case "$opt" in
        s) SERVERS+=("$OPTARG") ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,7p' "$0"; exit 0 ;;
        *) log "unknown option -$OPTARG"; exit 1 ;;
    esac
done

if [[ ${#SERVERS[@]} -eq 0 ]]; then
    SERVERS=("ntp1.example.org" "ntp2.example.org" "192.0.2.123")
fi

if ! command -v chronyd >/dev/null 2>&1; then
    log "chrony is not installed on this PC"
    exit 2
fi

render_config() {
    NTP_SERVERS="$(printf '%s\n' "${SERVERS[@]}")" MAX_OFFSET_MS="$MAX_OFFSET_MS" \
    python3 - <<'PY'
import os, re, sys
valid = re.compile(r"^[A-Za-z0-9.-]+$")
servers = [s.strip() for s in os.environ["NTP_SERVERS"].splitlines() if s.strip()]
bad = [s for s in servers if not valid.match(s)]
if bad:
    sys.stderr.write(f"invalid server names: {bad}\n")
    sys.exit(1)
max_offset = int(os.environ["MAX_OFFSET_MS"]) / 1000
print("# managed by prog226a_timeclock_ntp_setup.sh - instructor time clock")
for s in servers:
    print(f"server {s} iburst")
print(f"makestep {max_offset:.1f} 3")
print("rtcsync")
PY
}

STAGED="$(mktemp)"
trap 'rm -f "$STAGED"' EXIT
render_config > "$STAGED"
log "rendered config with ${#SERVERS[@]} servers"

if [[ -f "$DROPIN" ]] && cmp -s "$STAGED" "$DROPIN"; then
    log "drop-in already up to date"
    exit 0
fi

if [[ $DRY_RUN -eq 1 ]]; then
    log "dry run, would install:"
    cat "$STAGED"
    exit 0
fi

sudo install -d -m 0755 "$DROPIN_DIR"
sudo install -m 0644 -o root -g root "$STAGED" "$DROPIN"
log "installed $DROPIN"

if sudo systemctl restart chrony 2>/dev/null || sudo systemctl restart chronyd; then
    log "chrony restarted"
else
    log "could not restart chrony"
    exit 3
fi

sleep 5
offset="$(chronyc tracking 2>/dev/null | awk -F': ' '/System time/ {print $2}')"
log "current offset: ${offset:-unknown}"
