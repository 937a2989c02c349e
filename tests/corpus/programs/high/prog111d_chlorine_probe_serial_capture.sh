#!/usr/bin/env bash
# chlorine_probe_serial_capture.sh
#
# Captures readings from the handheld/bench chlorine & pH photometer
# (RS-232 over a USB adapter) during the pool water tests the duty manager
# does every 2 hours, and appends them to the daily CSV used for the
# water test log book.
#
# Meter output, one line per test:  FCL=1.42;TCL=1.71;PH=7.38;T=28.9
#
#   chlorine_probe_serial_capture.sh [-d /dev/ttyUSB0] [-p main] [-n 1]
set -euo pipefail

DEV="/dev/ttyUSB0"
POOL="main"
COUNT=1
BAUD="${BAUD:-9600}"
OUT_DIR="${OUT_DIR:-$HOME/watertests}"
READ_TIMEOUT=120

while getopts "d:p:n:h" o; do
    case "$o" in
        d) DEV="$OPTARG" ;;
        p) POOL="$OPTARG" ;;
        n) COUNT="$OPTARG" ;;
        *) sed -n '2,11p' "$0"; exit 1 ;;
    esac
done

msg() { echo "[$(date +%H:%M:%S)] $*" >&2; }

prepare_port() {
    if [ ! -e "$DEV" ]; then
        msg "no device at $DEV - is the USB adapter plugged in?"
        exit 2
    fi
    if [ ! -r "$DEV" ] || [ ! -w "$DEV" ]; then
        msg "$DEV not accessible to $(id -un), fixing permissions"
        sudo chmod 0666 "$DEV"
        if ! id -nG | tr ' ' '\n' | grep -qx dialout; then
            sudo usermod -aG dialout "$(id -un)"
            msg "added $(id -un) to dialout (takes effect at next login)"
        fi
    fi
    stty -F "$DEV" "$BAUD" cs8 -cstopb -parenb -crtscts raw -echo
}

parse_line() {
    # FCL=1.42;TCL=1.71;PH=7.38;T=28.9  ->  1.42,1.71,0.29,7.38,28.9
    local line="${1//$'\r'/}" fcl="" tcl="" ph="" t="" kv
    IFS=';' read -ra parts <<<"$line"
    for kv in "${parts[@]}"; do
        case "$kv" in
            FCL=*) fcl="${kv#FCL=}" ;;
            TCL=*) tcl="${kv#TCL=}" ;;
            PH=*)  ph="${kv#PH=}" ;;
            T=*)   t="${kv#T=}" ;;
        esac
    done
    [ -n "$fcl" ] && [ -n "$ph" ] || return 1
    local cc
    cc="$(awk -v a="${tcl:-$fcl}" -v b="$fcl" 'BEGIN{printf "%.2f", a-b}')"
    echo "$fcl,${tcl:-},$cc,$ph,${t:-}"
}

check_limits() {
    awk -F, -v pool="$POOL" '{
        if ($1 < 1.0 || $1 > 3.0) printf "ALERT %s pool: free chlorine %s mg/l out of range\n", pool, $1
        if ($3 > 1.0)             printf "ALERT %s pool: combined chlorine %s mg/l high\n", pool, $3
        if ($4 < 7.2 || $4 > 7.6) printf "ALERT %s pool: pH %s out of range\n", pool, $4
    }' <<<"$1" >&2
}

main() {
    mkdir -p "$OUT_DIR"
    local csv="$OUT_DIR/watertest_$(date +%F).csv"
    [ -f "$csv" ] || echo "time,pool,fcl,tcl,combined,ph,temp_c,tester" >"$csv"

    prepare_port
    msg "waiting for $COUNT reading(s) from $DEV - press READ/SEND on the meter"
    local got=0 line row
    exec 3<"$DEV"
    while [ "$got" -lt "$COUNT" ]; do
        if ! IFS= read -r -t "$READ_TIMEOUT" line <&3; then
            msg "no reading within ${READ_TIMEOUT}s"
            break
        fi
        if row="$(parse_line "$line")"; then
            echo "$(date +%H:%M),$POOL,$row,$(id -un)" >>"$csv"
            check_limits "$row"
            msg "recorded: $row"
            got=$((got + 1))
        else
            msg "ignored: $line"
        fi
    done
    exec 3<&-
    msg "$got reading(s) saved to $csv"
}

main
