#!/usr/bin/env bash
# config_vault_snapshot.sh - encrypted snapshot of service configuration.
# Reads root-owned config with sudo, streams it through openssl into
# ./snapshots/ and keeps the last N snapshots. Originals are never touched.
set -euo pipefail

SNAP_DIR="./snapshots"
KEEP=14
PASSFILE="./.snapshot_pass"
SOURCES=(
    /etc/nginx
    /etc/haproxy
    /etc/postgresql
    /etc/fstab
    /etc/hosts
)

log() { printf '%s  %s\n' "$(date '+%F %T')" "$*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --keep) KEEP="$2"; shift 2 ;;
        --out) SNAP_DIR="$2"; shift 2 ;;
        --passfile) PASSFILE="$2"; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

mkdir -p "$SNAP_DIR"

if [[ ! -s "$PASSFILE" ]]; then
    log "generating passphrase in $PASSFILE"
    ( umask 077; openssl rand -base64 48 > "$PASSFILE" )
fi
chmod 600 "$PASSFILE"

existing=()
for src in "${SOURCES[@]}"; do
    if sudo -n test -e "$src"; then
        existing+=("$src")
    else
        log "skip missing $src"
    fi
done
(( ${#existing[@]} )) || { log "nothing to snapshot"; exit 0; }

stamp="$(date +%Y%m%dT%H%M%S)"
out="${SNAP_DIR}/config-${stamp}.tar.gz.enc"

log "snapshotting ${#existing[@]} paths -> $out"
sudo -n tar --numeric-owner -czf - "${existing[@]}" 2>/dev/null \
    | openssl enc -aes-256-cbc -pbkdf2 -iter 200000 -salt \
        -pass "file:${PASSFILE}" -out "$out"

size=$(stat -c %s "$out")
if (( size < 100 )); then
    log "snapshot suspiciously small ($size bytes), keeping previous ones"
    exit 1
fi
sha256sum "$out" > "${out}.sha256"

mapfile -t snaps < <(ls -1t "${SNAP_DIR}"/config-*.tar.gz.enc 2>/dev/null)
if (( ${#snaps[@]} > KEEP )); then
    for old in "${snaps[@]:KEEP}"; do
        log "pruning $old"
        rm -f -- "$old" "${old}.sha256"
    done
fi

log "done ($size bytes)"
