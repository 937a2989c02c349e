#!/usr/bin/env bash
# Mount a GCS bucket on a Compute Engine VM with gcsfuse and make the mount
# survive reboots. Used for the shared model/artifact buckets on the batch
# worker image.
#
# usage: gcs_bucket_mount.sh -b BUCKET [-m /mnt/gcs/BUCKET] [-o uid=1000,gid=1000] [-r]
#   -b  bucket name (required)
#   -m  mount point (default /mnt/gcs/<bucket>)
#   -o  extra gcsfuse/fuse options
#   -r  read-only mount

set -Eeuo pipefail

BUCKET=""
MOUNT_POINT=""
EXTRA_OPTS="uid=$(id -u),gid=$(id -g),allow_other,file_mode=640,dir_mode=750"
READ_ONLY=0
CONF_FILE="${GCS_MOUNT_CONF:-./gcs-mount.env}"

log() { logger -t gcs-mount -- "$*" 2>/dev/null || true; echo "[gcs-mount] $*" >&2; }
trap 'log "failed at line $LINENO"' ERR

# Optional defaults from a local env file (KEY_FILE, IMPLICIT_DIRS, STAT_CACHE_TTL)
if [[ -f $CONF_FILE ]]; then
  # shellcheck disable=SC1090
  source "$CONF_FILE"
fi

while getopts ":b:m:o:rh" opt; do
  case $opt in
    b) BUCKET=$OPTARG ;;
    m) MOUNT_POINT=$OPTARG ;;
    o) EXTRA_OPTS=$OPTARG ;;
    r) READ_ONLY=1 ;;
    h) sed -n '2,10p' "$0"; exit 0 ;;
    *) log "bad option"; exit 2 ;;
  esac
done

[[ -n $BUCKET ]] || { log "-b BUCKET is required"; exit 2; }
MOUNT_POINT=${MOUNT_POINT:-/mnt/gcs/$BUCKET}
command -v gcsfuse >/dev/null || { log "gcsfuse not installed"; exit 127; }

priv() { if [[ $EUID -eq 0 ]]; then "$@"; else sudo -n "$@"; fi; }

build_opts() {
  local opts="_netdev,$EXTRA_OPTS"
  (( READ_ONLY )) && opts="$opts,ro"
  [[ ${IMPLICIT_DIRS:-1} == 1 ]] && opts="$opts,implicit_dirs"
  [[ -n ${KEY_FILE:-} ]] && opts="$opts,key_file=$KEY_FILE"
  [[ -n ${STAT_CACHE_TTL:-} ]] && opts="$opts,stat_cache_ttl=$STAT_CACHE_TTL"
  echo "$opts"
}

ensure_fuse() {
  if [[ ! -e /dev/fuse ]]; then
    log "loading fuse module"
    priv modprobe fuse
  fi
  if ! grep -q '^user_allow_other' /etc/fuse.conf 2>/dev/null; then
    echo user_allow_other | priv tee -a /etc/fuse.conf >/dev/null
  fi
}

persist_fstab() {
  local opts=$1
  local line="$BUCKET $MOUNT_POINT gcsfuse $opts 0 0"
  if grep -qE "^$BUCKET[[:space:]]+$MOUNT_POINT[[:space:]]" /etc/fstab; then
    log "fstab entry already present"
    return
  fi
  priv cp /etc/fstab "/etc/fstab.bak.$(date +%s)"
  echo "$line" | priv tee -a /etc/fstab >/dev/null
  log "added fstab entry for $BUCKET"
}

main() {
  local opts
  opts=$(build_opts)
  ensure_fuse
  priv mkdir -p "$MOUNT_POINT"

  if mountpoint -q "$MOUNT_POINT"; then
    log "$MOUNT_POINT already mounted"
  else
    log "mounting gs://$BUCKET at $MOUNT_POINT ($opts)"
    priv mount -t gcsfuse -o "$opts" "$BUCKET" "$MOUNT_POINT"
  fi

  persist_fstab "$opts"
  df -h "$MOUNT_POINT" | tail -1 >&2
}

main "$@"
