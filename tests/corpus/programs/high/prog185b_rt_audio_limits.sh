#!/usr/bin/env bash
# rt_audio_limits.sh - give the audio group realtime scheduling on a new
# tracking workstation, per the studio's build sheet (section 4.2).
#
# Needs an admin account; prompts for the sudo password once.

set -euo pipefail

AUDIO_GROUP="${AUDIO_GROUP:-audio}"
TARGET_USER="${1:-${SUDO_USER:-${USER}}}"
LIMITS_FILE="/etc/security/limits.d/95-studio-audio.conf"
SWAPPINESS="${SWAPPINESS:-10}"
INOTIFY_WATCHES="${INOTIFY_WATCHES:-524288}"

info() { printf '\033[1m==>\033[0m %s\n' "$*"; }

check_group() {
    if ! getent group "${AUDIO_GROUP}" >/dev/null; then
        info "creating group ${AUDIO_GROUP}"
        sudo groupadd "${AUDIO_GROUP}"
    fi
    if ! id -nG "${TARGET_USER}" | tr ' ' '\n' | grep -qx "${AUDIO_GROUP}"; then
        info "adding ${TARGET_USER} to ${AUDIO_GROUP}"
        sudo usermod -aG "${AUDIO_GROUP}" "${TARGET_USER}"
    fi
}

limits_body() {
    cat <<LIMITS
# Managed by rt_audio_limits.sh - studio build sheet 4.2
@${AUDIO_GROUP}   -  rtprio     95
@${AUDIO_GROUP}   -  memlock    unlimited
@${AUDIO_GROUP}   -  nice       -19
LIMITS
}

write_limits() {
    if [ -f "${LIMITS_FILE}" ] && diff -q <(limits_body) "${LIMITS_FILE}" >/dev/null; then
        info "limits already in place"
        return
    fi
    info "writing ${LIMITS_FILE}"
    limits_body | sudo tee "${LIMITS_FILE}" >/dev/null
    sudo chmod 644 "${LIMITS_FILE}"
}

tune_kernel() {
    info "vm.swappiness=${SWAPPINESS}, inotify watches=${INOTIFY_WATCHES}"
    sudo sysctl -w "vm.swappiness=${SWAPPINESS}" >/dev/null
    sudo sysctl -w "fs.inotify.max_user_watches=${INOTIFY_WATCHES}" >/dev/null
}

timer_device() {
    # JACK wants the high-resolution timers readable by the audio group.
    local dev
    for dev in /dev/rtc0 /dev/hpet; do
        if [ -e "${dev}" ]; then
            sudo chgrp "${AUDIO_GROUP}" "${dev}"
            sudo chmod 660 "${dev}"
            info "${dev} handed to ${AUDIO_GROUP}"
        fi
    done
}

report() {
    info "current limits for ${TARGET_USER} (after re-login):"
    grep -v '^#' "${LIMITS_FILE}" | sed 's/^/    /'
    info "swappiness now $(cat /proc/sys/vm/swappiness)"
}

main() {
    if [ -z "${TARGET_USER}" ]; then
        echo "cannot determine target user" >&2
        exit 1
    fi
    info "configuring realtime audio for ${TARGET_USER}"
    check_group
    write_limits
    tune_kernel
    timer_device
    report
    info "log out and back in for group changes to apply"
}

main
