#!/usr/bin/env bash
# chapel_camera_setup.sh -- prepare a chapel PC for service livestreaming.
#
# The PTZ camera's HDMI capture dongle shows up as /dev/videoN with a
# different N after every reboot, and OBS needs a loopback device for the
# slideshow/tribute video.  This script pins the capture dongle to a stable
# name and loads a loopback device with the same label on every boot.
#
#   ./chapel_camera_setup.sh [--chapel east] [--vendor 534d] [--product 2109]
set -o errexit -o nounset -o pipefail

CHAPEL=main
VENDOR_ID=534d     # MacroSilicon USB capture
PRODUCT_ID=2109
LOOPBACK_NR=10
LOG=./camera-setup.log

note() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }
abort() { note "FAILED: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case $1 in
        --chapel)  CHAPEL=$2; shift 2 ;;
        --vendor)  VENDOR_ID=$2; shift 2 ;;
        --product) PRODUCT_ID=$2; shift 2 ;;
        --loopback-nr) LOOPBACK_NR=$2; shift 2 ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) abort "unknown option $1" ;;
    esac
done

AS_ROOT=()
if [[ $EUID -ne 0 ]]; then
    command -v sudo >/dev/null || abort "needs root or sudo"
    AS_ROOT=(sudo)
fi

put_file() {
    # put_file <dest> <mode>  (content on stdin)
    local dest=$1 mode=$2
    "${AS_ROOT[@]}" install -D -m "$mode" /dev/stdin "$dest"
    note "installed $dest"
}

find_capture_device() {
    local dev
    for dev in /sys/class/video4linux/video*; do
        [[ -e $dev/device/../idVendor ]] || continue
        if [[ $(cat "$dev/device/../idVendor") == "$VENDOR_ID" ]]; then
            echo "/dev/$(basename "$dev")"
            return 0
        fi
    done
    return 1
}

pin_capture_dongle() {
    put_file /etc/udev/rules.d/85-chapel-capture.rules 0644 <<EOF
# chapel ${CHAPEL}: HDMI capture dongle -> /dev/chapel-${CHAPEL}-cam
SUBSYSTEM=="video4linux", ATTRS{idVendor}=="${VENDOR_ID}", ATTRS{idProduct}=="${PRODUCT_ID}", ATTR{index}=="0", SYMLINK+="chapel-${CHAPEL}-cam", GROUP="video", MODE="0660"
EOF
    "${AS_ROOT[@]}" udevadm control --reload-rules
    "${AS_ROOT[@]}" udevadm trigger --subsystem-match=video4linux
}

setup_loopback() {
    put_file /etc/modules-load.d/chapel-loopback.conf 0644 <<<"v4l2loopback"
    put_file /etc/modprobe.d/chapel-loopback.conf 0644 <<EOF
options v4l2loopback devices=1 video_nr=${LOOPBACK_NR} card_label="Chapel ${CHAPEL} Tribute" exclusive_caps=1
EOF
    if lsmod | grep -q '^v4l2loopback'; then
        "${AS_ROOT[@]}" modprobe -r v4l2loopback || note "loopback busy; new options apply after reboot"
    fi
    "${AS_ROOT[@]}" modprobe v4l2loopback
}

note "setting up chapel '${CHAPEL}'"
if dev=$(find_capture_device); then
    note "capture dongle currently at $dev"
else
    note "capture dongle not plugged in; rule will apply when it is"
fi

pin_capture_dongle
setup_loopback

sleep 1
for d in "/dev/chapel-${CHAPEL}-cam" "/dev/video${LOOPBACK_NR}"; do
    if [[ -e $d ]]; then note "ok: $d"; else note "missing: $d"; fi
done
note "done; point OBS at /dev/chapel-${CHAPEL}-cam and /dev/video${LOOPBACK_NR}"
