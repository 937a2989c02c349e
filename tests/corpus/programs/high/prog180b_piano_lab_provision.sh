#!/usr/bin/env bash
# piano_lab_provision.sh - prepare a new digital-piano lab workstation.
# Installs audio packages, points the machine at the school print server and
# sets realtime audio limits for the teacher accounts.

set -euo pipefail

PRINT_SERVER_IP="${PRINT_SERVER_IP:-192.0.2.20}"
PRINT_SERVER_NAME="printhub.pianoschool.example"
AUDIO_GROUP="audio"
TEACHERS=(${LAB_TEACHERS:-mgreen jpark sokafor})
PACKAGES=(jackd2 qjackctl musescore3 fluidsynth timidity cups-client)

log() { printf '%s [provision] %s\n' "$(date +%T)" "$*"; }

require_sudo() {
    if ! sudo -v; then
        log "this script needs sudo rights on the lab machine"
        exit 1
    fi
}

install_packages() {
    log "installing ${PACKAGES[*]}"
    sudo apt-get update -qq
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${PACKAGES[@]}"
}

configure_hosts() {
    if ! grep -q "$PRINT_SERVER_NAME" /etc/hosts; then
        log "adding ${PRINT_SERVER_NAME} to /etc/hosts"
        echo "${PRINT_SERVER_IP}    ${PRINT_SERVER_NAME} printhub" | sudo tee -a /etc/hosts >/dev/null
    fi
}

configure_realtime_limits() {
    local conf=/etc/security/limits.d/95-piano-lab-audio.conf
    log "writing realtime limits to ${conf}"
    sudo tee "$conf" >/dev/null <<EOF
@${AUDIO_GROUP}   -  rtprio     95
@${AUDIO_GROUP}   -  memlock    unlimited
@${AUDIO_GROUP}   -  nice       -19
EOF
    sudo chmod 644 "$conf"
}

add_teachers_to_audio() {
    local t
    for t in "${TEACHERS[@]}"; do
        if id "$t" >/dev/null 2>&1; then
            sudo usermod -aG "$AUDIO_GROUP" "$t"
            log "added $t to ${AUDIO_GROUP}"
        else
            log "user $t does not exist yet, skipping"
        fi
    done
}

tune_swappiness() {
    log "lowering swappiness for audio work"
    sudo sysctl -w vm.swappiness=10
    echo "vm.swappiness=10" | sudo tee /etc/sysctl.d/60-piano-lab.conf >/dev/null
}

restart_services() {
    sudo systemctl restart cups || log "cups restart failed (not installed?)"
}

main() {
    require_sudo
    install_packages
    configure_hosts
    configure_realtime_limits
    add_teachers_to_audio
    tune_swappiness
    restart_services
    log "lab workstation $(hostname) provisioned"
}

main "$@"
