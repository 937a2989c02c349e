#!/usr/bin/env bash
# autoclave_log_mount.sh - pull new cycle printout files off the sterile
# services autoclave controllers into ./cycles/<unit>/ for the cycle reporter.
#
# The newer controllers publish their log folder as a read-only SMB share
# (\\<host>\CycleLogs).  Each share is attached under /mnt/autoclave/<unit>
# for the copy and detached again afterwards.  Credentials come from
# ./autoclave.smbcred (username=/password=/domain= lines).
#
# usage: autoclave_log_mount.sh [-u units.txt] [-d days]

set -euo pipefail

UNITS="units.txt"
DAYS=3
DEST="./cycles"
CRED="$(pwd)/autoclave.smbcred"
MNT_ROOT="/mnt/autoclave"
LOG="./fetch.log"

usage() { sed -n '2,11p' "$0"; exit "${1:-0}"; }

while getopts "u:d:h" opt; do
  case "$opt" in
    u) UNITS="$OPTARG" ;;
    d) DAYS="$OPTARG" ;;
    h) usage 0 ;;
    *) usage 1 ;;
  esac
done

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

[[ -r "$UNITS" ]] || { log "missing $UNITS"; exit 2; }
[[ -r "$CRED" ]] || { log "missing $CRED"; exit 2; }
chmod 600 "$CRED"

attach() {
  local unit="$1" host="$2" mp="$MNT_ROOT/$1"
  sudo mkdir -p "$mp"
  mountpoint -q "$mp" && return 0
  sudo mount -t cifs "//${host}/CycleLogs" "$mp" \
    -o "ro,credentials=${CRED},vers=2.1,uid=$(id -u),gid=$(id -g),file_mode=0644"
}

detach() {
  local mp="$MNT_ROOT/$1"
  mountpoint -q "$mp" && sudo umount "$mp" || true
}

fetch_unit() {
  local unit="$1" host="$2" n=0 cutoff name stamp
  local dir="$DEST/$unit" mp="$MNT_ROOT/$unit"
  mkdir -p "$dir"
  attach "$unit" "$host" || { log "$unit: cannot attach //$host/CycleLogs"; return 1; }
  trap 'detach "$unit"' RETURN
  cutoff=$(date -d "-${DAYS} days" +%Y%m%d)
  for path in "$mp"/*.csv "$mp"/*.txt; do
    [[ -e "$path" ]] || continue
    name="$(basename "$path")"
    stamp="${name%%_*}"
    [[ "$stamp" =~ ^[0-9]{8}$ && "$stamp" -ge "$cutoff" ]] || continue
    [[ -s "$dir/$name" ]] && continue
    if cp --preserve=timestamps "$path" "$dir/$name.part"; then
      mv "$dir/$name.part" "$dir/$name"
      n=$((n + 1))
    else
      rm -f "$dir/$name.part"
      log "$unit: failed to copy $name"
    fi
  done
  log "$unit ($host): $n new cycle file(s)"
}

failed=0
while read -r unit host; do
  [[ -z "${unit:-}" || "$unit" == \#* ]] && continue
  if ! fetch_unit "$unit" "$host"; then
    log "$unit: fetch aborted"
    failed=$((failed + 1))
  fi
done < "$UNITS"

log "done, $failed unit(s) with errors"
exit $(( failed > 0 ))
