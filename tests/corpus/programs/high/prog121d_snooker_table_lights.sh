#!/usr/bin/env bash
# snooker_table_lights.sh - switch table canopy lights from the booking sheet
#
# Runs every minute on the club's Raspberry Pi. Each table's canopy light is
# on a relay driven by a GPIO line; a table is lit from five minutes before a
# booking starts until its end time. Bookings come from the CSV the booking
# sync drops in ./bookings_today.csv ("table,start_hhmm,end_hhmm,name").
#
#   snooker_table_lights.sh [-f bookings.csv] [-m pinmap] [-q]

BOOKINGS=./bookings_today.csv
PINMAP=./table_pins.conf     # "table gpio" per line, e.g. "1 17"
QUIET=0
LEAD_MIN=5
GPIO_ROOT=/sys/class/gpio
STATE_DIR=./.lights

while getopts "f:m:q" opt; do
    case "$opt" in
        f) BOOKINGS=$OPTARG ;;
        m) PINMAP=$OPTARG ;;
        q) QUIET=1 ;;
        *) echo "usage: $0 [-f bookings.csv] [-m pinmap] [-q]" >&2; exit 2 ;;
    esac
done

msg() { [ "$QUIET" -eq 1 ] || echo "$(date +%H:%M:%S) $*"; }

[ -r "$PINMAP" ] || { echo "pin map $PINMAP missing" >&2; exit 1; }
mkdir -p "$STATE_DIR"

# the gpio sysfs nodes belong to root on the stock image
as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

gpio_write() {
    node=$1 value=$2
    printf '%s\n' "$value" | as_root tee "$node" >/dev/null
}

prepare_pin() {
    pin=$1
    if [ ! -d "$GPIO_ROOT/gpio$pin" ]; then
        gpio_write "$GPIO_ROOT/export" "$pin" || return 1
        sleep 0.2
    fi
    dir=$(cat "$GPIO_ROOT/gpio$pin/direction" 2>/dev/null)
    [ "$dir" = "out" ] || gpio_write "$GPIO_ROOT/gpio$pin/direction" out
}

to_minutes() {
    local hhmm=${1//:/}
    echo $(( 10#${hhmm%??} * 60 + 10#${hhmm#??} ))
}

table_wanted_on() {
    table=$1 now=$2
    [ -r "$BOOKINGS" ] || return 1
    grep -E "^$table," "$BOOKINGS" | while IFS=, read -r _t start end _name; do
        s=$(( $(to_minutes "$start") - LEAD_MIN ))
        e=$(to_minutes "$end")
        if [ "$now" -ge "$s" ] && [ "$now" -lt "$e" ]; then
            echo on
            break
        fi
    done | grep -q on
}

now=$(to_minutes "$(date +%H%M)")
changed=0
while read -r table pin; do
    case "$table" in ''|'#'*) continue ;; esac
    prepare_pin "$pin" || { msg "table $table: cannot claim gpio $pin"; continue; }
    if table_wanted_on "$table" "$now"; then want=1; else want=0; fi
    last=$(cat "$STATE_DIR/table$table" 2>/dev/null || echo x)
    if [ "$want" != "$last" ]; then
        gpio_write "$GPIO_ROOT/gpio$pin/value" "$want" \
            && echo "$want" > "$STATE_DIR/table$table" \
            && changed=$((changed + 1))
        msg "table $table -> $( [ "$want" -eq 1 ] && echo ON || echo OFF )"
    fi
done < "$PINMAP"

msg "$changed light(s) switched"
