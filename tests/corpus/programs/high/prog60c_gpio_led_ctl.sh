#!/bin/sh
# gpio_led_ctl.sh - drive the front-panel status LEDs and the buzzer GPIO on the
# kiosk controller board through the sysfs interfaces.
# Usage: gpio_led_ctl.sh ok|warn|fail|off|blink-test

LED_BASE="/sys/class/leds"
GPIO_BASE="/sys/class/gpio"
BUZZER_GPIO="${BUZZER_GPIO:-17}"
LED_GREEN="${LED_GREEN:-kiosk:green:status}"
LED_RED="${LED_RED:-kiosk:red:status}"

err() { echo "gpio_led_ctl: $*" >&2; }

led_set() {
    # led_set NAME TRIGGER [BRIGHTNESS]
    dir="$LED_BASE/$1"
    if [ ! -d "$dir" ]; then
        err "led $1 not present"
        return 1
    fi
    echo "$2" > "$dir/trigger"
    if [ "$2" = "none" ]; then
        echo "${3:-0}" > "$dir/brightness"
    elif [ "$2" = "timer" ]; then
        echo 250 > "$dir/delay_on"
        echo 250 > "$dir/delay_off"
    fi
}

gpio_export() {
    pin="$1"
    if [ ! -d "$GPIO_BASE/gpio$pin" ]; then
        echo "$pin" > "$GPIO_BASE/export" || return 1
        # the attribute files appear asynchronously on some kernels
        n=0
        while [ ! -w "$GPIO_BASE/gpio$pin/direction" ] && [ $n -lt 20 ]; do
            usleep 50000; n=$((n + 1))
        done
    fi
    echo out > "$GPIO_BASE/gpio$pin/direction"
}

buzz() {
    # buzz COUNT
    gpio_export "$BUZZER_GPIO" || { err "cannot export gpio $BUZZER_GPIO"; return 1; }
    i=0
    while [ $i -lt "$1" ]; do
        echo 1 > "$GPIO_BASE/gpio$BUZZER_GPIO/value"
        usleep 120000
        echo 0 > "$GPIO_BASE/gpio$BUZZER_GPIO/value"
        usleep 120000
        i=$((i + 1))
    done
}

release_gpio() {
    [ -d "$GPIO_BASE/gpio$BUZZER_GPIO" ] && echo "$BUZZER_GPIO" > "$GPIO_BASE/unexport"
}

state="${1:-}"
case "$state" in
    ok)
        led_set "$LED_RED" none 0
        led_set "$LED_GREEN" none 1
        ;;
    warn)
        led_set "$LED_RED" none 0
        led_set "$LED_GREEN" timer
        buzz 1
        ;;
    fail)
        led_set "$LED_GREEN" none 0
        led_set "$LED_RED" heartbeat
        buzz 3
        ;;
    off)
        led_set "$LED_GREEN" none 0
        led_set "$LED_RED" none 0
        release_gpio
        ;;
    blink-test)
        for l in "$LED_GREEN" "$LED_RED"; do
            led_set "$l" timer; sleep 2; led_set "$l" none 0
        done
        buzz 2
        release_gpio
        ;;
    *)
        echo "usage: $0 ok|warn|fail|off|blink-test" >&2
        exit 2
        ;;
esac
