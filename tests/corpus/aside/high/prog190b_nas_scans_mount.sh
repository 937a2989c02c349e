#!/usr/bin/env bash
# Pull today's scanned phytosanitary certificates and import permits from
# the office NAS into the local filing folder.
set -euo pipefail

NAS_HOST="${NAS_HOST:-198.51.100.20}"
NAS_EXPORT="${NAS_EXPORT:-/export/scans}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/office-scans}"
DEST="${DEST:-$PWD/certificates}"
DAY="${1:-$(date +%F)}"

log() { printf '[scans] %s\n' "$*"; }

priv() {
  local helper
  for helper in sudo doas; do
    if command -v "$helper" >/dev/null; then "$helper" "$@"; return; fi
  done
  echo "need sudo or doas" >&2
  return 1
}

mount_opts=(ro nosuid nodev noexec vers=4.1 soft timeo=50)
join_opts() { local IFS=,; echo "${mount_opts[*]}"; }

do_mount() {
  if mountpoint -q "$MOUNT_POINT"; then
    log "$MOUNT_POINT already mounted"
    return 0
  fi
  priv mkdir -p "$MOUNT_POINT"
  log "mounting $NAS_HOST:$NAS_EXPORT"
  priv mount -t nfs -o "$(join_opts)" "$NAS_HOST:$NAS_EXPORT" "$MOUNT_POINT"
  MOUNTED_HERE=1
}

do_umount() {
  if [[ "${MOUNTED_HERE:-0}" == 1 ]]; then
    priv umount "$MOUNT_POINT" && log "unmounted"
  fi
}

copy_day() {
  local src="$MOUNT_POINT/$DAY" n=0 f
  if [[ ! -d "$src" ]]; then
    log "no scans for $DAY"
    return 0
  fi
  mkdir -p "$DEST/$DAY"
  while IFS= read -r -d '' f; do
    cp -n -- "$f" "$DEST/$DAY/"
    n=$((n + 1))
  done < <(find "$src" -maxdepth 1 -type f \( -iname '*.pdf' -o -iname '*.tif' \) -print0)
  log "copied $n files to $DEST/$DAY"
  ( cd "$DEST/$DAY" && sha256sum -- * > SHA256SUMS 2>/dev/null || true )
}

trap do_umount EXIT
do_mount
copy_day
