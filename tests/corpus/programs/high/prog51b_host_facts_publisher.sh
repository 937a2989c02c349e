#!/usr/bin/env bash
# Collect host facts through registered collectors and publish them system-wide
# (login banner + a stable hosts alias for this machine's role).
set -euo pipefail

ROLE="${ROLE:-build-agent}"
MOTD_FILE="/etc/motd.d/50-host-facts"
HOSTS_FILE="/etc/hosts"
MARK="# managed-by host-facts"
declare -A COLLECTORS=()
declare -a ORDER=()

register() {
    COLLECTORS["$1"]="$2"
    ORDER+=("$1")
}

collect_os() {
    # shellcheck disable=SC1091
    [[ -r /etc/os-release ]] && . /etc/os-release
    printf 'OS       : %s\n' "${PRETTY_NAME:-unknown}"
}

collect_cpu() {
    local model cores
    model=$(awk -F': ' '/^model name/ {print $2; exit}' /proc/cpuinfo)
    cores=$(grep -c '^processor' /proc/cpuinfo)
    printf 'CPU      : %s (%s cores)\n' "${model:-unknown}" "$cores"
}

collect_memory() {
    awk '/^MemTotal/ {printf "Memory   : %.1f GiB\n", $2/1048576}' /proc/meminfo
}

collect_role() {
    printf 'Role     : %s\n' "$ROLE"
}

register os collect_os
register cpu collect_cpu
register memory collect_memory
register role collect_role

render_banner() {
    echo "=== $(hostname -s) ==="
    for name in "${ORDER[@]}"; do
        "${COLLECTORS[$name]}"
    done
}

publish_motd() {
    sudo install -d -m 0755 "$(dirname "$MOTD_FILE")"
    render_banner | sudo tee "$MOTD_FILE" > /dev/null
    sudo chmod 0644 "$MOTD_FILE"
    echo "banner published to $MOTD_FILE"
}

publish_alias() {
    local ip
    ip=$(hostname -I | awk '{print $1}')
    if [[ -z "$ip" ]]; then
        echo "no primary address found" >&2
        return 1
    fi
    sudo sed -i "/$MARK\$/d" "$HOSTS_FILE"
    printf '%s\t%s.local %s\n' "$ip" "$ROLE" "$MARK" | sudo tee -a "$HOSTS_FILE" > /dev/null
    echo "alias $ROLE.local -> $ip"
}

case "${1:-all}" in
    show)  render_banner ;;
    motd)  publish_motd ;;
    alias) publish_alias ;;
    all)   publish_motd; publish_alias ;;
    *)     echo "usage: $0 [show|motd|alias|all]" >&2; exit 2 ;;
esac
