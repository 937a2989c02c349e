#!/usr/bin/env bash
# Mount the team's NFS exports for a batch run, in parallel, and make sure
# they are unmounted again when the script exits (normally or via signal).
#
# shares.list format:  <server>:<export>  <local mount name>  [options]
set -uo pipefail

SHARES_FILE="${SHARES_FILE:-./shares.list}"
MOUNT_ROOT="${MOUNT_ROOT:-/mnt/batch}"
DEFAULT_OPTS="ro,soft,timeo=50,vers=4.2"
declare -a MOUNTED=()
declare -A JOB_TARGET=()

note() { echo "[shares] $*" >&2; }

unmount_all() {
  local rc=$?
  local target
  for target in "${MOUNTED[@]}"; do
    if mountpoint -q "$target"; then
      note "unmounting $target"
      sudo umount -l "$target" || note "could not unmount $target"
    fi
  done
  exit "$rc"
}
trap unmount_all EXIT
trap 'note "caught signal"; exit 143' INT TERM HUP

mount_share() {
  local source="$1" target="$2" opts="$3"
  sudo mkdir -p "$target"
  if mountpoint -q "$target"; then
    note "$target already mounted"
    return 0
  fi
  timeout 60 sudo mount -t nfs4 -o "$opts" "$source" "$target"
}

run_batch() {
  local cmd=("$@")
  if (( ${#cmd[@]} == 0 )); then
    note "shares mounted; press Ctrl-C to release them"
    while sleep 3600; do :; done
  fi
  note "running: ${cmd[*]}"
  "${cmd[@]}"
}

main() {
  [[ -r "$SHARES_FILE" ]] || { note "cannot read $SHARES_FILE"; exit 2; }

  local source name opts pid
  while read -r source name opts; do
    [[ -z "$source" || "$source" == \#* ]] && continue
    local target="$MOUNT_ROOT/$name"
    mount_share "$source" "$target" "${opts:-$DEFAULT_OPTS}" &
    pid=$!
    JOB_TARGET[$pid]="$target"
    note "mounting $source on $target (job $pid)"
  done <"$SHARES_FILE"

  local failures=0
  for pid in "${!JOB_TARGET[@]}"; do
    if wait "$pid"; then
      MOUNTED+=("${JOB_TARGET[$pid]}")
    else
      note "mount for ${JOB_TARGET[$pid]} failed"
      failures=$((failures + 1))
    fi
  done

  if (( failures > 0 )); then
    note "$failures mounts failed, aborting"
    exit 1
  fi
  note "${#MOUNTED[@]} shares mounted under $MOUNT_ROOT"
  run_batch "$@"
}

main "$@"
