#!/usr/bin/env bash
# Merge a freshly issued service keytab (from the AD team's ticket) into the
# host keytab, verify the new kvno works, then restart the consumers.
#
#   keytab_merge.sh -k ./incoming/HTTP-web01.keytab -p HTTP/web01.corp.example
set -euo pipefail

HOST_KEYTAB="/etc/krb5.keytab"
NEW_KEYTAB=""
PRINCIPAL=""
RESTART_UNITS=("sssd" "httpd")
DRY_RUN=0

usage() { echo "usage: $0 -k new.keytab -p principal [-n] [-u unit ...]" >&2; exit 64; }

while getopts "k:p:nu:h" opt; do
    case "$opt" in
        k) NEW_KEYTAB="$OPTARG" ;;
        p) PRINCIPAL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        u) RESTART_UNITS+=("$OPTARG") ;;
        *) usage ;;
    esac
done
[[ -n "$NEW_KEYTAB" && -n "$PRINCIPAL" ]] || usage
[[ -r "$NEW_KEYTAB" ]] || { echo "cannot read $NEW_KEYTAB" >&2; exit 1; }

log() { logger -t keytab-merge -- "$*"; echo "keytab-merge: $*" >&2; }

run() {
    if (( DRY_RUN )); then
        echo "DRY: $*" >&2
    else
        "$@"
    fi
}

kvno_in() {
    # highest kvno of $PRINCIPAL in keytab $1 (needs root for the host keytab)
    sudo klist -k "$1" 2>/dev/null | awk -v p="$PRINCIPAL" '$2 ~ p {print $1}' | sort -n | tail -1
}

new_kvno="$(klist -k "$NEW_KEYTAB" | awk -v p="$PRINCIPAL" '$2 ~ p {print $1}' | sort -n | tail -1)"
old_kvno="$(kvno_in "$HOST_KEYTAB" || true)"
log "principal $PRINCIPAL: host kvno=${old_kvno:-none}, incoming kvno=${new_kvno:-none}"

if [[ -z "$new_kvno" ]]; then
    log "incoming keytab has no entries for $PRINCIPAL"; exit 1
fi
if [[ -n "$old_kvno" && "$new_kvno" -le "$old_kvno" ]]; then
    log "incoming kvno is not newer; nothing to do"; exit 0
fi

stamp="$(date +%Y%m%d%H%M%S)"
run sudo cp -p "$HOST_KEYTAB" "${HOST_KEYTAB}.${stamp}"

# ktutil reads commands from stdin: read both, write the merged result.
run sudo ktutil <<KT
rkt ${HOST_KEYTAB}
rkt $(readlink -f "$NEW_KEYTAB")
wkt ${HOST_KEYTAB}.merged
quit
KT

run sudo install -o root -g root -m 0600 "${HOST_KEYTAB}.merged" "$HOST_KEYTAB"
run sudo rm -f "${HOST_KEYTAB}.merged"
if command -v restorecon >/dev/null; then
    run sudo restorecon -v "$HOST_KEYTAB"
fi

if (( ! DRY_RUN )); then
    if ! sudo kinit -k -t "$HOST_KEYTAB" "$PRINCIPAL"; then
        log "kinit with the new key failed; restoring backup"
        sudo install -o root -g root -m 0600 "${HOST_KEYTAB}.${stamp}" "$HOST_KEYTAB"
        exit 1
    fi
    sudo kdestroy
fi

for unit in "${RESTART_UNITS[@]}"; do
    if systemctl is-active --quiet "$unit"; then
        run sudo systemctl restart "$unit"
        log "restarted $unit"
    fi
done
log "merge complete (kvno $new_kvno)"
