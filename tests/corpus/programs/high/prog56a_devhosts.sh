#!/usr/bin/env bash
# devhosts - map local development hostnames (*.test) to 127.0.0.1
# Usage: devhosts {ls|add NAME [IP]|rm NAME|check NAME|export FILE}
set -euo pipefail

HOSTS_FILE="/etc/hosts"
MARK="# devhosts"
DEFAULT_IP="127.0.0.1"
SUFFIX=".test"

warn() { echo "devhosts: $*" >&2; }

normalize() {
    local name="$1"
    case "$name" in
        *"$SUFFIX") printf '%s' "$name" ;;
        *)          printf '%s%s' "$name" "$SUFFIX" ;;
    esac
}

valid_ip() {
    [[ "$1" =~ ^([0-9]{1,3}\.){3}[0-9]{1,3}$ || "$1" == "::1" ]]
}

list_entries() {
    grep -F "$MARK" "$HOSTS_FILE" | awk '{printf "%-16s %s\n", $1, $2}' || true
}

add_entry() {
    local name ip
    name="$(normalize "${1:?name required}")"
    ip="${2:-$DEFAULT_IP}"
    valid_ip "$ip" || { warn "bad address: $ip"; exit 2; }
    if grep -qE "[[:space:]]${name//./\\.}([[:space:]]|$)" "$HOSTS_FILE"; then
        warn "$name already present"; return 0
    fi
    printf '%s\t%s\t%s\n' "$ip" "$name" "$MARK" | sudo tee -a "$HOSTS_FILE" >/dev/null
    echo "added $name -> $ip"
}

remove_entry() {
    local name
    name="$(normalize "${1:?name required}")"
    sudo sed -i.devhosts.bak "/[[:space:]]${name//./\\.}[[:space:]].*${MARK}\$/d" "$HOSTS_FILE"
    echo "removed $name (backup at ${HOSTS_FILE}.devhosts.bak)"
}

check_entry() {
    local name
    name="$(normalize "${1:?name required}")"
    if getent hosts "$name" >/dev/null; then
        getent hosts "$name"
    else
        warn "$name does not resolve"; return 1
    fi
}

export_entries() {
    local out="${1:-devhosts.txt}"
    list_entries > "$out"
    echo "wrote $(wc -l < "$out") entries to $out"
}

sub="${1:-ls}"; shift || true
case "$sub" in
    ls|list)    list_entries ;;
    add)        add_entry "$@" ;;
    rm|remove)  remove_entry "$@" ;;
    check)      check_entry "$@" ;;
    export)     export_entries "$@" ;;
    *) warn "unknown subcommand '$sub'"; exit 1 ;;
esac
