#!/usr/bin/env bash
# install_z3950_gateway_config.sh - deploy the Z39.50 gateway target list
#
# The copy-cataloguing gateway reads its target list (the union catalogues
# and partner libraries we search) from /etc/yaz-gateway. Cataloguers edit
# targets.xml in the config repository; this script validates it and puts it
# in place with the right owner and mode.
#
# Usage: ./install_z3950_gateway_config.sh [-s SRC_DIR] [-n]

set -euo pipefail

SRC_DIR="./gateway-config"
DEST_DIR="/etc/yaz-gateway"
OWNER="yazgw"
GROUP="yazgw"
DRY_RUN=0
LOG_FILE="./install_gateway_config.log"
FILES=(targets.xml gateway.conf charsets.map)

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

while getopts ":s:nh" opt; do
    case "$opt" in
        s) SRC_DIR="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) log "unknown option -$OPTARG"; exit 2 ;;
    esac
done

validate() {
    local f
    for f in "${FILES[@]}"; do
        if [[ ! -f "$SRC_DIR/$f" ]]; then
            log "missing $SRC_DIR/$f"
            return 1
        fi
    done
    if command -v xmllint >/dev/null 2>&1; then
        xmllint --noout "$SRC_DIR/targets.xml" || { log "targets.xml is not well-formed"; return 1; }
    fi
    local n
    n="$(grep -c '<target ' "$SRC_DIR/targets.xml" || true)"
    log "targets.xml lists $n targets"
    [[ "$n" -gt 0 ]]
}

changed() {
    local f="$1"
    ! cmp -s "$SRC_DIR/$f" "$DEST_DIR/$f" 2>/dev/null
}

install_files() {
    local f count=0
    if (( ! DRY_RUN )); then
        sudo install -d -o root -g "$GROUP" -m 0750 "$DEST_DIR"
    fi
    for f in "${FILES[@]}"; do
        if ! changed "$f"; then
            log "unchanged: $f"
            continue
        fi
        if (( DRY_RUN )); then
            log "would install $f to $DEST_DIR"
            continue
        fi
        if [[ -f "$DEST_DIR/$f" ]]; then
            sudo cp -p "$DEST_DIR/$f" "$DEST_DIR/$f.prev"
        fi
        sudo install -o "$OWNER" -g "$GROUP" -m 0640 "$SRC_DIR/$f" "$DEST_DIR/$f"
        log "installed $f"
        count=$((count + 1))
    done
    log "$count file(s) updated"
}

main() {
    log "deploying gateway config from $SRC_DIR"
    if ! validate; then
        log "validation failed; nothing installed"
        exit 1
    fi
    install_files
    log "done; the gateway rereads its targets on the next search session"
}

main
