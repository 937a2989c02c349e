#!/usr/bin/env bash
# pcap_lab_setup.sh - prepare a course VM for the packet capture labs
#
# Students capture and replay traffic in labs 3-6. Instead of running
# tcpdump/dumpcap as root all afternoon, the binaries are handed to a
# "pcap" group and given the raw-socket capabilities they need.
#
#   ./pcap_lab_setup.sh [--user NAME] [--no-wireshark]
set -euo pipefail

LAB_GROUP="pcap"
LAB_USER="${SUDO_USER:-$(id -un)}"
WITH_WIRESHARK=1
CAPS="cap_net_raw,cap_net_admin=eip"
PKGS=(tcpdump tcpreplay)

info() { echo -e "\033[1;34m==>\033[0m $*"; }
warn() { echo -e "\033[1;33m!!\033[0m $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --user) LAB_USER="$2"; shift 2 ;;
        --no-wireshark) WITH_WIRESHARK=0; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) warn "unknown option $1"; exit 2 ;;
    esac
done

(( WITH_WIRESHARK )) && PKGS+=(tshark)

if [[ $EUID -ne 0 ]]; then
    PRIV=(sudo)
    info "some steps need root; you may be asked for your password"
else
    PRIV=()
fi

install_packages() {
    local missing=()
    for p in "${PKGS[@]}"; do
        dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
    done
    if (( ${#missing[@]} )); then
        info "installing ${missing[*]}"
        "${PRIV[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
    else
        info "packages already present"
    fi
}

capture_binaries() {
    local b path
    for b in tcpdump dumpcap tcpreplay; do
        path=$(command -v "$b" 2>/dev/null || true)
        [[ -n "$path" ]] && readlink -f "$path"
    done
}

grant_capture() {
    if ! getent group "$LAB_GROUP" >/dev/null; then
        info "creating group $LAB_GROUP"
        "${PRIV[@]}" groupadd --system "$LAB_GROUP"
    fi
    "${PRIV[@]}" usermod -aG "$LAB_GROUP" "$LAB_USER"

    local bin
    while read -r bin; do
        [[ -x "$bin" ]] || continue
        info "granting capture rights on $bin"
        "${PRIV[@]}" chgrp "$LAB_GROUP" "$bin"
        "${PRIV[@]}" chmod 0750 "$bin"
        "${PRIV[@]}" setcap "$CAPS" "$bin"
        getcap "$bin" || warn "getcap did not report caps for $bin"
    done < <(capture_binaries)
}

check_interfaces() {
    info "interfaces available for capture:"
    ip -br link | awk '$1 != "lo" {print "   " $1 "  " $2}'
}

main() {
    install_packages
    grant_capture
    check_interfaces
    mkdir -p ./captures
    info "done - $LAB_USER must log out and back in for the group to apply"
}

main
