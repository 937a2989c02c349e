#!/usr/bin/env bash
# loom_config_backup.sh - back up parameter sets from the loom controllers.
#
# Each rapier loom's controller has a small HTTPS web interface that serves
# its current parameter set (speed, weft insertion timing, warp tension
# curve) at /api/params/export. The controllers ship with self-signed
# certificates that nobody has replaced, so certificate checks are switched
# off for these requests. Backups land in ./loom_backups/<date>/ and are
# compared against the previous day's so the weaving master can see what
# the night shift changed.

set -uo pipefail

INVENTORY="./looms.txt"           # lines: <loom_id> <hostname>
BACKUP_ROOT="./loom_backups"
TIMEOUT=15
TODAY="$(date +%F)"
YESTERDAY="$(date -d yesterday +%F 2>/dev/null || date -v-1d +%F)"

log() { printf '%s [%s] %s\n' "$(date +%T)" "$1" "$2"; }

usage() {
    echo "Usage: $0 [-i inventory] [-o backup_root] [-t timeout]"
    echo "inventory format: <loom_id> <controller-host>, e.g. R12 loom-r12.weaving.example.com"
}

while getopts ":i:o:t:h" opt; do
    case "$opt" in
        i) INVENTORY="$OPTARG" ;;
        o) BACKUP_ROOT="$OPTARG" ;;
        t) TIMEOUT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -r "$INVENTORY" ]] || { log ERROR "cannot read $INVENTORY"; exit 1; }

OUT_DIR="$BACKUP_ROOT/$TODAY"
PREV_DIR="$BACKUP_ROOT/$YESTERDAY"
mkdir -p "$OUT_DIR"

ok=0; failed=0; changed=0
declare -a failed_looms=()

backup_loom() {
    local id="$1" host="$2"
    local dest="$OUT_DIR/${id}.json"
    # --insecure: controller certs are self-signed by the vendor
    if ! curl --insecure --fail --silent --show-error \
            --max-time "$TIMEOUT" \
            -o "$dest" "https://${host}/api/params/export"; then
        rm -f "$dest"
        return 1
    fi
    if ! grep -q '"loom_id"' "$dest"; then
        log WARN "$id: response does not look like a parameter export"
        rm -f "$dest"
        return 1
    fi
    return 0
}

while read -r id host _rest; do
    [[ -z "${id:-}" || "$id" == \#* ]] && continue
    if [[ -z "${host:-}" ]]; then
        log WARN "line for $id has no host, skipping"
        continue
    fi
    if backup_loom "$id" "$host"; then
        ok=$((ok + 1))
        if [[ -f "$PREV_DIR/${id}.json" ]] && \
           ! cmp -s "$PREV_DIR/${id}.json" "$OUT_DIR/${id}.json"; then
            changed=$((changed + 1))
            log INFO "$id: parameters changed since $YESTERDAY"
            diff -u "$PREV_DIR/${id}.json" "$OUT_DIR/${id}.json" \
                > "$OUT_DIR/${id}.diff" || true
        fi
    else
        failed=$((failed + 1))
        failed_looms+=("$id")
        log ERROR "$id: backup from $host failed"
    fi
done < "$INVENTORY"

log INFO "backed up $ok looms, $changed changed, $failed failed"
if (( failed > 0 )); then
    log WARN "failed: ${failed_looms[*]}"
    exit 1
fi
