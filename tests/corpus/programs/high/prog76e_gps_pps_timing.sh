#!/usr/bin/env bash
# gps_pps_timing.sh - discipline the observatory control PC's clock from the
# GPS receiver's NMEA stream and PPS pulse, for occultation and exoplanet
# transit timing where we need well under a millisecond.
#
# Requires gpsd already running against the receiver and the pps-gpio overlay
# loaded. Writes a chrony drop-in and restarts chrony.
#
# Usage: gps_pps_timing.sh [-d pps-device] [-o nmea-offset] [-s] [-n]
set -euo pipefail

PPS_DEV=/dev/pps0
NMEA_OFFSET=0.120
SERVERS_TOO=1
DRY=0
DROPIN_DIR=/etc/chrony/conf.d
[ -d /etc/chrony.d ] && DROPIN_DIR=/etc/chrony.d
DROPIN="$DROPIN_DIR/gps-pps.conf"
SERVICE=chrony
systemctl list-unit-files chronyd.service >/dev/null 2>&1 && SERVICE=chronyd

msg()  { echo "gps-timing: $*"; }
fail() { echo "gps-timing: error: $*" >&2; exit 1; }

while getopts "d:o:snh" o; do
    case $o in
        d) PPS_DEV=$OPTARG ;;
        o) NMEA_OFFSET=$OPTARG ;;
        s) SERVERS_TOO=0 ;;
        n) DRY=1 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) exit 1 ;;
    esac
done

check_inputs() {
    [ -e "$PPS_DEV" ] || fail "$PPS_DEV not present - is the pps-gpio overlay loaded?"
    pgrep -x gpsd >/dev/null || fail "gpsd is not running"
    if command -v gpspipe >/dev/null; then
        local fix
        fix=$(timeout 10 gpspipe -w -n 8 2>/dev/null | grep -o '"mode":[0-9]' | tail -1 || true)
        msg "gpsd reports ${fix:-no TPV yet}"
    fi
}

render_dropin() {
    cat <<EOF
# Written by gps_pps_timing.sh on $(date -u +%FT%TZ)
# NMEA via gpsd shared memory, used only to number the PPS seconds
refclock SHM 0 refid NMEA offset $NMEA_OFFSET precision 1e-1 poll 3 noselect
# PPS pulse, locked to the NMEA time
refclock PPS $PPS_DEV refid PPS lock NMEA poll 3 prefer trust
makestep 1.0 3
EOF
    if [ "$SERVERS_TOO" -eq 1 ]; then
        echo "pool pool.ntp.org iburst maxsources 3"
    fi
}

apply() {
    local staged
    staged=$(mktemp)
    render_dropin > "$staged"
    if [ "$DRY" -eq 1 ]; then
        msg "would write $DROPIN:"; cat "$staged"; rm -f "$staged"; return 0
    fi
    sudo mkdir -p "$DROPIN_DIR"
    sudo tee "$DROPIN" < "$staged" >/dev/null
    sudo chmod 0644 "$DROPIN"
    rm -f "$staged"
    msg "wrote $DROPIN, restarting $SERVICE"
    sudo systemctl restart "$SERVICE"
}

wait_for_lock() {
    local i
    for i in $(seq 1 12); do
        if chronyc -n sources 2>/dev/null | grep -q '^#\* PPS'; then
            msg "locked to PPS after $((i * 10))s"
            chronyc tracking | grep -E 'System time|RMS offset'
            return 0
        fi
        sleep 10
    done
    msg "PPS not selected yet; check 'chronyc sources -v' in a few minutes"
}

check_inputs
apply
[ "$DRY" -eq 1 ] || wait_for_lock
