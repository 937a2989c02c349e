#!/bin/sh
# Point the pasteurisation line PCs at the dairy's own time servers so the
# HACCP temperature records carry consistent timestamps.

set -eu

NTP_SERVERS="${NTP_SERVERS:-ntp1.dairy-site.example ntp2.dairy-site.example}"
FALLBACK_POOL="pool.ntp-mirror.example"
MAX_STEP="${MAX_STEP:-1.0}"
DRY_RUN=0

usage() {
    echo "usage: $0 [-n] [-s 'server1 server2']"
}

while getopts "ns:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        s) NTP_SERVERS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

detect_conf() {
    for candidate in /etc/chrony/chrony.conf /etc/chrony.conf; do
        if [ -f "$candidate" ]; then
            echo "$candidate"
            return 0
        fi
    done
    echo /etc/chrony/chrony.conf
}

detect_unit() {
    if systemctl list-unit-files chronyd.service >/dev/null 2>&1; then
        echo chronyd
    else
        echo chrony
    fi
}

render_conf() {
    echo "# managed by dairy_ntp_setup.sh"
    for s in $NTP_SERVERS; do
        echo "server $s iburst prefer"
    done
    echo "pool $FALLBACK_POOL iburst maxsources 2"
    echo "driftfile /var/lib/chrony/chrony.drift"
    echo "makestep $MAX_STEP 3"
    echo "rtcsync"
    echo "logdir /var/log/chrony"
}

install_conf() {
    conf="$1"
    staged="./chrony.conf.new"
    render_conf > "$staged"
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "would install to $conf:"
        cat "$staged"
        return 0
    fi
    if [ -f "$conf" ]; then
        sudo cp -p "$conf" "$conf.bak.$(date +%Y%m%d)"
    fi
    sudo install -m 0644 -o root -g root "$staged" "$conf"
    rm -f "$staged"
}

restart_service() {
    unit="$1"
    [ "$DRY_RUN" -eq 1 ] && return 0
    sudo systemctl restart "$unit"
    sleep 3
    systemctl is-active --quiet "$unit" && echo "$unit is running"
}

report() {
    if command -v chronyc >/dev/null 2>&1; then
        chronyc -n sources || true
        chronyc tracking | grep -E 'Reference|System time' || true
    fi
}

conf="$(detect_conf)"
unit="$(detect_unit)"
echo "configuring $unit via $conf"
install_conf "$conf"
restart_service "$unit"
report
