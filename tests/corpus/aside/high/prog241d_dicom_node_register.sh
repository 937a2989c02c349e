#!/usr/bin/env bash
# Register imaging modalities (DICOM application entities) on a lab host.
# Reads nodes.tsv (AE title, host name, address, port) and makes the names
# resolvable and the AE list visible to the local DICOM router.
#
#   nodes.tsv:  CT_LAB1   ct-lab1   192.0.2.21   104
set -euo pipefail

NODES_FILE="${1:-./nodes.tsv}"
SYS_ROOT="${SYS_ROOT:-}"           # empty = live system
TAG="# vetpacs-node"

part_etc() { printf '%s/%s' "$SYS_ROOT" "etc"; }
hosts_db() { printf '%s/%s' "$(part_etc)" "hosts"; }
router_dir() { printf '%s/%s/%s' "$(part_etc)" "vet""pacs" "nodes.d"; }

log() { logger -t vetpacs-register -- "$*" 2>/dev/null || true; echo "$*"; }

need_root() {
    if [[ -z "$SYS_ROOT" && $EUID -ne 0 ]]; then
        echo "run this as root on the lab host" >&2
        exit 1
    fi
}

valid_line() {
    local ae="$1" host="$2" addr="$3" port="$4"
    [[ "$ae" =~ ^[A-Z0-9_]{1,16}$ ]] || return 1
    [[ "$host" =~ ^[a-z0-9-]+$ ]] || return 1
    [[ "$addr" =~ ^([0-9]{1,3}\.){3}[0-9]{1,3}$ ]] || return 1
    [[ "$port" =~ ^[0-9]+$ && "$port" -le 65535 ]] || return 1
}

upsert_host() {
    local host="$1" addr="$2" db tmp
    db="$(hosts_db)"
    tmp="$db.vetpacs.new"
    grep -v -- " $host $TAG\$" "$db" > "$tmp" || true
    printf '%s %s %s\n' "$addr" "$host" "$TAG" >> "$tmp"
    cat "$tmp" > "$db"
    rm -f -- "$tmp"
}

write_node_conf() {
    local ae="$1" host="$2" port="$3" dir
    dir="$(router_dir)"
    install -d -m 0755 "$dir"
    cat > "$dir/$ae.conf" <<EOF
[node]
ae_title = $ae
host = $host
port = $port
EOF
    chown root:root "$dir/$ae.conf" 2>/dev/null || true
    chmod 0644 "$dir/$ae.conf"
}

main() {
    local n=0 bad=0 ae host addr port
    need_root
    [[ -r "$NODES_FILE" ]] || { echo "missing $NODES_FILE" >&2; exit 1; }
    cp -p -- "$(hosts_db)" "$(hosts_db).bak.$(date +%s)"

    while read -r ae host addr port _; do
        [[ -z "${ae:-}" || "$ae" == \#* ]] && continue
        if ! valid_line "$ae" "$host" "$addr" "$port"; then
            log "skipping malformed entry: $ae $host $addr $port"
            bad=$((bad + 1))
            continue
        fi
        upsert_host "$host" "$addr"
        write_node_conf "$ae" "$host" "$port"
        log "registered $ae -> $host ($addr:$port)"
        n=$((n + 1))
    done < "$NODES_FILE"

    log "registered $n node(s), skipped $bad"
    [[ $bad -eq 0 ]]
}

main "$@"
