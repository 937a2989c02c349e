#!/bin/bash
# rover_rt_tuning.sh - prepare the Jetson/NUC on the rover for the control loop.
#
#  * pin all cores to the performance governor
#  * lift the RT throttling limit so the 1 kHz motor loop is not starved
#  * enlarge socket buffers for the DDS / lidar UDP streams
#  * stop ModemManager, which probes (and confuses) our serial adapters
#
# Run once per boot before launching the driver stack.  Pass --revert to
# restore the distro defaults.

set -u
REVERT=0
[ "${1:-}" = "--revert" ] && REVERT=1

SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"

info() { echo "[rt-tuning] $*"; }

set_governor() {
    local gov="$1" n=0
    for g in /sys/devices/system/cpu/cpu[0-9]*/cpufreq/scaling_governor; do
        [ -e "$g" ] || continue
        echo "$gov" | $SUDO tee "$g" >/dev/null && n=$((n + 1))
    done
    info "governor=$gov on $n cores"
}

tune_sysctl() {
    if [ "$REVERT" -eq 1 ]; then
        $SUDO sysctl -q -w kernel.sched_rt_runtime_us=950000
        $SUDO sysctl -q -w net.core.rmem_max=212992 net.core.rmem_default=212992
    else
        $SUDO sysctl -q -w kernel.sched_rt_runtime_us=-1
        $SUDO sysctl -q -w net.core.rmem_max=67108864 net.core.rmem_default=33554432
        $SUDO sysctl -q -w net.ipv4.ipfrag_high_thresh=134217728
    fi
    info "sysctl applied"
}

usb_autosuspend() {
    local val="$1"
    for f in /sys/bus/usb/devices/*/power/control; do
        [ -e "$f" ] || continue
        echo "$val" | $SUDO tee "$f" >/dev/null
    done
    info "usb power control=$val"
}

modem_manager() {
    if systemctl list-unit-files ModemManager.service >/dev/null 2>&1; then
        if [ "$REVERT" -eq 1 ]; then
            $SUDO systemctl unmask ModemManager.service
            $SUDO systemctl start ModemManager.service
        else
            $SUDO systemctl stop ModemManager.service
            $SUDO systemctl mask ModemManager.service
        fi
        info "ModemManager $( [ $REVERT -eq 1 ] && echo restored || echo masked )"
    fi
}

jetson_clocks() {
    if command -v jetson_clocks >/dev/null 2>&1; then
        if [ "$REVERT" -eq 1 ]; then
            $SUDO jetson_clocks --restore 2>/dev/null || true
        else
            $SUDO jetson_clocks --store 2>/dev/null || true
            $SUDO jetson_clocks
        fi
        info "jetson_clocks done"
    fi
}

if [ "$REVERT" -eq 1 ]; then
    set_governor ondemand
    usb_autosuspend auto
else
    set_governor performance
    usb_autosuspend on
fi
tune_sysctl
modem_manager
jetson_clocks
info "finished"
