#!/bin/sh
# Intraoral sensor driver setup for Linux capture stations.
#
# The digital sensor's USB bridge needs the vendor's kernel module with a
# larger transfer buffer, otherwise full-size images arrive truncated. This
# builds the module from ./driver if needed, loads it with the right
# options and makes sure it is loaded again after a reboot.
#
# Usage: sh prog78a_intraoral_sensor_driver_setup.sh [--buffer KB] [--no-build]

set -eu

MODULE="ios_usbbridge"
BUFFER_KB=2048
BUILD=1
SRC_DIR="./driver"
OPTS_FILE="/etc/modprobe.d/$MODULE.conf"
LOAD_FILE="/etc/modules-load.d/$MODULE.conf"

while [ $# -gt 0 ]; do
    case "$1" in
        --buffer) BUFFER_KB="$2"; shift 2 ;;
        --no-build) BUILD=0; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done

log() { printf '[sensor-setup] %s\n' "$*"; }

elevate() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v doas >/dev/null 2>&1; then
        doas "$@"
    else
        sudo "$@"
    fi
}

put_file() {
    # put_file <path> <content>
    printf '%s\n' "$2" | elevate tee "$1" >/dev/null
    elevate chmod 0644 "$1"
}

build_module() {
    kver="$(uname -r)"
    if [ ! -d "/lib/modules/$kver/build" ]; then
        log "kernel headers for $kver are missing; install linux-headers-$kver"
        exit 1
    fi
    log "building $MODULE for $kver"
    make -C "/lib/modules/$kver/build" M="$(pwd)/$SRC_DIR" modules >"$SRC_DIR/build.log" 2>&1 || {
        log "build failed, see $SRC_DIR/build.log"; exit 1; }
    elevate install -D -m 0644 "$SRC_DIR/$MODULE.ko" "/lib/modules/$kver/extra/$MODULE.ko"
    elevate depmod -a "$kver"
}

module_loaded() {
    grep -q "^$MODULE " /proc/modules 2>/dev/null
}

if [ "$BUILD" -eq 1 ] && ! modinfo "$MODULE" >/dev/null 2>&1; then
    [ -d "$SRC_DIR" ] || { log "no driver source in $SRC_DIR"; exit 1; }
    build_module
fi

put_file "$OPTS_FILE" "options $MODULE xfer_buffer_kb=$BUFFER_KB autosuspend=0"
put_file "$LOAD_FILE" "$MODULE"
log "wrote $OPTS_FILE and $LOAD_FILE"

if module_loaded; then
    log "reloading $MODULE with new options"
    elevate modprobe -r "$MODULE" || log "module busy; unplug the sensor and rerun"
fi
elevate modprobe "$MODULE"

if module_loaded; then
    log "$MODULE loaded (buffer ${BUFFER_KB} KB)"
else
    log "$MODULE did not load, check dmesg"
    exit 1
fi
