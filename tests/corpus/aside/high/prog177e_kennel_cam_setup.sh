#!/usr/bin/env bash
# kennel_cam_setup.sh - set up the boarding-kennel webcam box so owners can see their dogs.
# Installs motion, points it at the run cameras and gives the camera names in /etc/hosts.
set -euo pipefail

CAM_CONF_SRC="${CAM_CONF_SRC:-./motion}"
MOTION_CONF="/etc/motion/motion.conf"
CAMERA_NET_PREFIX="${CAMERA_NET_PREFIX:-192.0.2}"
CAMERAS=("run-a:${CAMERA_NET_PREFIX}.21" "run-b:${CAMERA_NET_PREFIX}.22" "run-c:${CAMERA_NET_PREFIX}.23" "yard:${CAMERA_NET_PREFIX}.30")
STREAM_PORT="${STREAM_PORT:-8081}"

info() { printf '[cam-setup] %s\n' "$*"; }

require_tools() {
    for tool in curl awk; do
        command -v "$tool" >/dev/null || { echo "missing $tool" >&2; exit 1; }
    done
}

install_packages() {
    info "installing motion and v4l-utils"
    sudo apt-get update -qq
    sudo apt-get install -y motion v4l-utils ffmpeg
}

add_host_entries() {
    info "adding camera names to /etc/hosts"
    for entry in "${CAMERAS[@]}"; do
        name="${entry%%:*}"
        addr="${entry##*:}"
        fqdn="cam-${name}.kennels.lan"
        if ! grep -q "$fqdn" /etc/hosts; then
            echo "$addr $fqdn cam-$name" | sudo tee -a /etc/hosts >/dev/null
            info "  $fqdn -> $addr"
        fi
    done
}

write_motion_config() {
    info "writing $MOTION_CONF"
    local tmp
    tmp="$(mktemp)"
    {
        echo "daemon on"
        echo "stream_port $STREAM_PORT"
        echo "stream_localhost off"
        echo "webcontrol_localhost on"
        echo "target_dir /var/lib/motion"
        for entry in "${CAMERAS[@]}"; do
            name="${entry%%:*}"
            echo "camera /etc/motion/camera-${name}.conf"
        done
    } > "$tmp"
    sudo install -o root -g root -m 0644 "$tmp" "$MOTION_CONF"
    rm -f "$tmp"

    for entry in "${CAMERAS[@]}"; do
        name="${entry%%:*}"
        cat <<CONF | sudo tee "/etc/motion/camera-${name}.conf" >/dev/null
camera_name $name
netcam_url rtsp://cam-${name}.kennels.lan:554/stream1
width 1280
height 720
framerate 10
CONF
    done
}

restart_service() {
    info "restarting motion"
    sudo systemctl restart motion
    sleep 2
    if systemctl is-active --quiet motion; then
        info "motion is running, stream on port $STREAM_PORT"
    else
        sudo journalctl -u motion -n 20 --no-pager
        exit 1
    fi
}

check_cameras() {
    for entry in "${CAMERAS[@]}"; do
        addr="${entry##*:}"
        if curl -s --max-time 3 -o /dev/null "http://$addr/"; then
            info "camera $addr answering"
        else
            info "camera $addr not answering"
        fi
    done
}

require_tools
install_packages
add_host_entries
write_motion_config
restart_service
check_cameras
