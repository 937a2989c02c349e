#!/usr/bin/env bash
# Keep greenhouse controller clocks aligned with the climate computer.
#
# Lighting and CO2 dosing schedules are written in local solar time by the
# climate computer; if a Pi's clock drifts the supplementary lights switch at
# the wrong time.  This points systemd-timesyncd at the site NTP server on
# the climate computer, sets the site time zone and reports the offset.
#
# usage: greenhouse_clock_sync.sh [-s ntp_server] [-z timezone] [-c]
#   -c  only check, do not change anything
set -euo pipefail

NTP_SERVER="${GH_NTP_SERVER:-192.168.20.10}"
FALLBACK="0.pool.ntp.org 1.pool.ntp.org"
TZONE="${GH_TZ:-Europe/Amsterdam}"
CHECK_ONLY=0
DROPIN_DIR=/etc/systemd/timesyncd.conf.d
DROPIN="$DROPIN_DIR/10-greenhouse.conf"

usage() { sed -n '2,12p' "$0"; }

while getopts ":s:z:ch" o; do
    case "$o" in
        s) NTP_SERVER=$OPTARG ;;
        z) TZONE=$OPTARG ;;
        c) CHECK_ONLY=1 ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

say() { printf '[clock-sync] %s\n' "$*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

ntp_reachable() {
    # a single NTP client packet, read back the 48-byte reply
    python3 - "$1" <<'PY'
import socket, sys
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.settimeout(3)
try:
    s.sendto(b"\x1b" + 47 * b"\0", (sys.argv[1], 123)); s.recvfrom(48)
except OSError:
    sys.exit(1)
PY
}

report() {
    timedatectl show -p NTPSynchronized -p Timezone 2>/dev/null || true
    timedatectl timesync-status 2>/dev/null | grep -E 'Server|Offset|Poll' || true
}

write_dropin() {
    local tmp
    tmp=$(mktemp)
    cat > "$tmp" <<EOF
# managed by greenhouse_clock_sync.sh
[Time]
NTP=${NTP_SERVER}
FallbackNTP=${FALLBACK}
PollIntervalMaxSec=1024
EOF
    if [ -f "$DROPIN" ] && cmp -s "$tmp" "$DROPIN"; then
        say "timesyncd drop-in already current"
        rm -f "$tmp"
        return 1
    fi
    as_root install -d -m 0755 "$DROPIN_DIR"
    as_root install -m 0644 -o root -g root "$tmp" "$DROPIN"
    rm -f "$tmp"
    say "wrote $DROPIN"
    return 0
}

main() {
    if ntp_reachable "$NTP_SERVER"; then
        say "site NTP server $NTP_SERVER answers"
    else
        say "warning: $NTP_SERVER does not answer on 123/udp, fallback pool will be used"
    fi

    if [ "$CHECK_ONLY" -eq 1 ]; then
        report
        exit 0
    fi

    if write_dropin; then
        as_root systemctl restart systemd-timesyncd
    fi

    if [ "$(timedatectl show -p Timezone --value 2>/dev/null)" != "$TZONE" ]; then
        as_root timedatectl set-timezone "$TZONE"
        say "time zone set to $TZONE"
    fi
    as_root timedatectl set-ntp true

    sleep 5
    report
}

main
