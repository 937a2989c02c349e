#!/usr/bin/env bash
# kiosk_timesync_setup.sh - point a validator / vending kiosk at the depot
# NTP servers. Ticket validity and tap timestamps are only as good as the
# clock, and the stock image syncs against pool.ntp.org which is firewalled
# on the operator network.
#
# usage: kiosk_timesync_setup.sh [-s "ntp1 ntp2"] [-z Europe/Berlin] [--check]

set -euo pipefail

NTP_SERVERS="ntp1.depot.regiotransit.internal ntp2.depot.regiotransit.internal"
FALLBACK="0.de.pool.ntp.org"
TIMEZONE=""
CHECK_ONLY=0
DROPIN_DIR=/etc/systemd/timesyncd.conf.d
DROPIN="$DROPIN_DIR/50-depot.conf"

msg() { echo "timesync: $*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        -s) NTP_SERVERS=$2; shift 2 ;;
        -z) TIMEZONE=$2; shift 2 ;;
        --check) CHECK_ONLY=1; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=()
else
    AS_ROOT=(sudo --non-interactive)
fi

show_status() {
    timedatectl show-timesync --all 2>/dev/null | grep -E '^(ServerName|ServerAddress|PollIntervalUSec|Frequency)=' || true
    timedatectl status | sed -n '1,8p'
}

render_dropin() {
    cat <<EOF
# managed by kiosk_timesync_setup.sh - do not edit on the unit
[Time]
NTP=$NTP_SERVERS
FallbackNTP=$FALLBACK
RootDistanceMaxSec=5
PollIntervalMinSec=32
PollIntervalMaxSec=2048
EOF
}

install_dropin() {
    local tmp
    tmp=$(render_dropin)
    if [ -f "$DROPIN" ] && [ "$(cat "$DROPIN")" = "$tmp" ]; then
        msg "drop-in already current"
        return 1
    fi
    "${AS_ROOT[@]}" install -d -m 0755 "$DROPIN_DIR"
    printf '%s\n' "$tmp" | "${AS_ROOT[@]}" tee "$DROPIN" >/dev/null
    "${AS_ROOT[@]}" chmod 0644 "$DROPIN"
    msg "wrote $DROPIN"
    return 0
}

apply() {
    if [ -n "$TIMEZONE" ]; then
        "${AS_ROOT[@]}" timedatectl set-timezone "$TIMEZONE"
        msg "timezone set to $TIMEZONE"
    fi
    "${AS_ROOT[@]}" timedatectl set-ntp true
    if install_dropin; then
        "${AS_ROOT[@]}" systemctl restart systemd-timesyncd.service
    fi
    # wait for first sync so the fare app does not start on a 1970 clock
    local i
    for i in $(seq 1 30); do
        if [ "$(timedatectl show -p NTPSynchronized --value)" = "yes" ]; then
            msg "clock synchronised after ${i}s"
            "${AS_ROOT[@]}" hwclock --systohc 2>/dev/null || true
            return 0
        fi
        sleep 1
    done
    msg "WARNING: not synchronised after 30s"
    return 1
}

if [ "$CHECK_ONLY" -eq 1 ]; then
    show_status
    exit 0
fi

apply
show_status
