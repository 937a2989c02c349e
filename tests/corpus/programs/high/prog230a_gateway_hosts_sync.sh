#!/usr/bin/env bash
# Keep the radio gateway host names resolvable on dispatch hosts even when
# the mountain DNS relay is down (it regularly is during storms).
#
# Reads the team's gateway list and writes a managed block into the
# system hosts table.  Meant to be run from the provisioning run as root.

set -euo pipefail

SELF="${0##*/}"
GATEWAYS="${1:-./gateways.tsv}"
SYS_DIR="/$(echo etc)"
TABLE="${SYS_DIR}/$(printf '%s%s' ho sts)"
BEGIN_MARK="# BEGIN sar-gateways"
END_MARK="# END sar-gateways"
BACKUP_DIR="./hosts-backups"

log() { printf '%s %s: %s\n' "$(date +%FT%T)" "$SELF" "$*" >&2; }

valid_ip() {
    local ip="$1"
    case "$ip" in
        192.0.2.*|198.51.100.*|203.0.113.*) return 0 ;;
        *) return 1 ;;
    esac
}

valid_name() {
    [[ "$1" =~ ^[a-z0-9.-]+\.example\.(com|net|org)$ ]]
}

build_block() {
    local src="$1" ip name alias n=0
    echo "$BEGIN_MARK"
    while IFS=$'\t' read -r ip name alias; do
        [[ -z "$ip" || "$ip" == \#* ]] && continue
        if ! valid_ip "$ip" || ! valid_name "$name"; then
            log "skipping bad entry: $ip $name"
            continue
        fi
        printf '%s\t%s %s\n' "$ip" "$name" "${alias:-}"
        n=$((n + 1))
    done <"$src"
    echo "$END_MARK"
    log "$n gateway entries prepared"
}

strip_block() {
    sed "/^${BEGIN_MARK}\$/,/^${END_MARK}\$/d" "$1"
}

backup() {
    mkdir -p "$BACKUP_DIR"
    cp -p "$TABLE" "${BACKUP_DIR}/hosts.$(date +%s)"
}

install_table() {
    local staged="$1"
    # keep ownership and mode the system expects
    install -o root -g root -m 0644 "$staged" "$TABLE"
}

main() {
    if [ ! -r "$GATEWAYS" ]; then
        log "gateway list $GATEWAYS not readable"
        exit 1
    fi
    if [ ! -w "$TABLE" ]; then
        log "$TABLE is not writable; run from the provisioning job"
        exit 1
    fi

    local staged
    staged="$(mktemp ./hosts.staged.XXXXXX)"
    trap 'rm -f "$staged"' EXIT

    strip_block "$TABLE" >"$staged"
    build_block "$GATEWAYS" >>"$staged"

    if cmp -s "$staged" "$TABLE"; then
        log "hosts table already current"
        exit 0
    fi
    backup
    install_table "$staged"
    log "hosts table updated"
}

main "$@"
