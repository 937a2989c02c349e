#!/usr/bin/env bash
# Publishes the greenhouse controller names in the host table so the
# bench tablets can reach them by name, then reloads the local resolver.
set -euo pipefail

INVENTORY="${INVENTORY:-./controllers.tsv}"
HOSTS_FILE="/etc/hosts"
BEGIN_MARK="# >>> greenhouse controllers >>>"
END_MARK="# <<< greenhouse controllers <<<"
RESOLVER_UNIT="${RESOLVER_UNIT:-dnsmasq}"
DRY_RUN=0

declare -a ELEVATE=(sudo -n)

log() { printf '[hosts-sync] %s\n' "$*" >&2; }

usage() {
    echo "usage: $(basename "$0") [-n] [-i inventory.tsv] [-u resolver-unit]" >&2
}

valid_ip() {
    [[ "$1" =~ ^([0-9]{1,3}\.){3}[0-9]{1,3}$ ]]
}

render_block() {
    local ip name role
    echo "$BEGIN_MARK"
    while IFS=$'\t' read -r ip name role; do
        [[ -z "$ip" || "$ip" == \#* ]] && continue
        if ! valid_ip "$ip"; then
            log "skipping bad address '$ip' for $name"
            continue
        fi
        printf '%-15s %s %s.greenhouse.lan  # %s\n' "$ip" "$name" "$name" "${role:-controller}"
    done < "$INVENTORY"
    echo "$END_MARK"
}

merged_hosts() {
    local block="$1"
    awk -v b="$BEGIN_MARK" -v e="$END_MARK" '
        $0 == b {skip = 1; next}
        $0 == e {skip = 0; next}
        !skip {print}
    ' "$HOSTS_FILE"
    printf '%s\n' "$block"
}

install_hosts() {
    local tmpfile="$1"
    "${ELEVATE[@]}" cp "$HOSTS_FILE" "${HOSTS_FILE}.bak-$(date +%Y%m%d%H%M%S)"
    "${ELEVATE[@]}" tee "$HOSTS_FILE" < "$tmpfile" >/dev/null
    "${ELEVATE[@]}" chmod 0644 "$HOSTS_FILE"
}

reload_resolver() {
    local verb="restart"
    if "${ELEVATE[@]}" systemctl is-active --quiet "$RESOLVER_UNIT"; then
        "${ELEVATE[@]}" systemctl "$verb" "$RESOLVER_UNIT"
        log "$RESOLVER_UNIT ${verb}ed"
    else
        log "$RESOLVER_UNIT not running; nothing to reload"
    fi
}

main() {
    while getopts "ni:u:h" opt; do
        case "$opt" in
            n) DRY_RUN=1 ;;
            i) INVENTORY="$OPTARG" ;;
            u) RESOLVER_UNIT="$OPTARG" ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    [[ -r "$INVENTORY" ]] || { log "inventory $INVENTORY not readable"; exit 1; }

    local block work
    block=$(render_block)
    work=$(mktemp "${TMPDIR:-/tmp}/hosts.XXXXXX")
    trap 'rm -f "$work"' EXIT
    merged_hosts "$block" > "$work"

    if (( DRY_RUN )); then
        diff -u "$HOSTS_FILE" "$work" || true
        exit 0
    fi
    install_hosts "$work"
    reload_resolver
    log "$(grep -c greenhouse.lan "$HOSTS_FILE") controller names published"
}

main "$@"
