#!/bin/bash
# sms_modem_bringup.sh - bring up the 4G USB modem the loyalty SMS bot
# sends through when the site broadband is down.
#
# The Quectel sticks we buy sometimes come up in mass-storage mode and
# need the option driver told about their id before ModemManager sees a
# modem.  This script does that, keeps the setting across reboots and
# then checks the SIM is registered.
#
# Usage: sms_modem_bringup.sh [--apn APN] [--vidpid 2c7c:0125] [--check-only]
set -eu

APN="${MODEM_APN:-payandgo.o2.co.uk}"
VIDPID="2c7c:0125"
CHECK_ONLY=0
ELEVATE="$(command -v doas || command -v sudo || true)"
CONF_NAME="loyalty-modem.conf"

log() { echo "[$(date '+%H:%M:%S')] $*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --apn) APN="$2"; shift 2 ;;
        --vidpid) VIDPID="$2"; shift 2 ;;
        --check-only) CHECK_ONLY=1; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 1 ;;
    esac
done

VID="${VIDPID%:*}"
PID="${VIDPID#*:}"

priv() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif [ -n "$ELEVATE" ]; then
        "$ELEVATE" "$@"
    else
        log "need root for: $*"
        return 1
    fi
}

modem_index() {
    mmcli -L 2>/dev/null | sed -n 's|.*/Modem/\([0-9]\+\).*|\1|p' | head -n1
}

load_driver() {
    if ! lsmod | grep -q '^option '; then
        log "loading option driver"
        priv modprobe option
    fi
    log "registering ${VID}:${PID} with the option driver"
    echo "${VID} ${PID}" | priv tee /sys/bus/usb-serial/drivers/option1/new_id >/dev/null || true
}

persist_driver() {
    local tmp
    tmp="$(mktemp)"
    printf '# loyalty SMS modem\noptions option\ninstall option /sbin/modprobe --ignore-install option; echo %s %s > /sys/bus/usb-serial/drivers/option1/new_id\n' \
        "$VID" "$PID" > "$tmp"
    priv install -m 0644 "$tmp" "/etc/modprobe.d/${CONF_NAME}"
    echo option | priv tee "/etc/modules-load.d/${CONF_NAME}" >/dev/null
    rm -f "$tmp"
    log "driver settings saved under /etc"
}

restart_mm() {
    log "restarting ModemManager"
    priv systemctl restart ModemManager.service
    for _ in $(seq 1 20); do
        [ -n "$(modem_index)" ] && return 0
        sleep 2
    done
    return 1
}

check_modem() {
    local idx state
    idx="$(modem_index)"
    if [ -z "$idx" ]; then
        log "no modem visible to ModemManager"
        return 1
    fi
    state="$(mmcli -m "$idx" -K | awk -F': ' '/modem.generic.state /{print $2}')"
    log "modem ${idx} state: ${state}"
    case "$state" in
        registered|connected|enabled) return 0 ;;
        *) mmcli -m "$idx" --enable >/dev/null 2>&1 || true
           mmcli -m "$idx" --simple-connect="apn=${APN}" >/dev/null 2>&1 || true ;;
    esac
}

if [ "$CHECK_ONLY" -eq 1 ]; then
    check_modem
    exit $?
fi

load_driver
persist_driver
restart_mm || { log "modem did not appear after restart"; exit 2; }
check_modem && log "SMS modem ready (APN ${APN})"
