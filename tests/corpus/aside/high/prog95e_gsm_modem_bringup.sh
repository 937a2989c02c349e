#!/bin/sh
# gsm_modem_bringup.sh - bring up the USB GSM stick used by the aftercare
# text bot when the booking app's SMS provider is down.
#
# Cheap Huawei/ZTE sticks enumerate as a mass-storage "CD" first and are not
# bound to a serial driver on older kernels, so we load the option driver,
# tell it about the stick's IDs and then check the AT port answers.
#
# usage: gsm_modem_bringup.sh [vid:pid] [at-port]

set -eu

IDS="${1:-12d1:1506}"
AT_PORT="${2:-/dev/ttyUSB2}"
PIN_FILE="${PIN_FILE:-./modem.pin}"
LOGFILE="${LOGFILE:-./modem_bringup.log}"
VID="${IDS%%:*}"
PID="${IDS##*:}"

say() {
    echo "$(date '+%H:%M:%S') $*" | tee -a "$LOGFILE"
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

stick_present() {
    lsusb 2>/dev/null | grep -qi "ID ${VID}:${PID}"
}

bind_driver() {
    if ! lsmod | grep -q '^option '; then
        say "loading option serial driver"
        as_root modprobe option
    fi
    new_id=/sys/bus/usb-serial/drivers/option1/new_id
    if [ -e "$new_id" ] && [ ! -e "$AT_PORT" ]; then
        say "registering ${VID}:${PID} with option driver"
        echo "$VID $PID" | as_root tee "$new_id" >/dev/null || true
    fi
    i=0
    while [ ! -e "$AT_PORT" ] && [ $i -lt 20 ]; do
        sleep 1
        i=$((i + 1))
    done
    [ -e "$AT_PORT" ]
}

open_port() {
    as_root chmod 0666 "$AT_PORT"
    stty -F "$AT_PORT" 115200 raw -echo -hupcl
}

at() {
    # send one AT command and collect the reply for up to 2 seconds
    reply=$( (timeout 2 cat "$AT_PORT" &) ; printf '%s\r' "$1" > "$AT_PORT"; sleep 2 )
    printf '%s' "$reply" | tr -d '\r' | grep -v '^$' || true
}

unlock_sim() {
    state=$(at 'AT+CPIN?')
    case "$state" in
        *READY*) say "SIM ready" ;;
        *"SIM PIN"*)
            [ -f "$PIN_FILE" ] || { say "SIM wants a PIN and $PIN_FILE is missing"; return 1; }
            at "AT+CPIN=\"$(cat "$PIN_FILE")\"" >/dev/null
            say "PIN sent"
            ;;
        *) say "unexpected CPIN reply: $state"; return 1 ;;
    esac
}

main() {
    : > "$LOGFILE"
    if ! stick_present; then
        say "no ${VID}:${PID} stick on the bus (try usb_modeswitch first)"
        exit 1
    fi
    bind_driver || { say "$AT_PORT never appeared"; exit 1; }
    open_port
    say "modem: $(at 'ATI' | head -n 3 | tr '\n' ' ')"
    unlock_sim
    say "signal: $(at 'AT+CSQ' | grep CSQ || echo unknown)"
    at 'AT+CMGF=1' >/dev/null
    say "text mode set; bot can use $AT_PORT"
}

main
