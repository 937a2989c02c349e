#!/usr/bin/env bash
# mount_asset_share.sh - mount the studio NFS asset, cache and output shares
# on a freshly imaged render node, as listed in shares.json.
set -euo pipefail

CONFIG="${SHARES_CONFIG:-./shares.json}"
LOG="${MOUNT_LOG:-./mount_asset_share.log}"
UNMOUNT=0
CHECK_ONLY=0

log() { printf '%s [%s] %s\n' "$(date +%T)" "$1" "$2" | tee -a "$LOG" >&2; }

usage() {
  cat <<EOF
usage: $0 [-c shares.json] [-u] [-k]
  -c  share list (default $CONFIG)
  -u  unmount all listed shares
  -k  only check which shares are mounted
EOF
}

while getopts "c:ukh" opt; do
  case "$opt" in
    c) CONFIG="$OPTARG" ;;
    u) UNMOUNT=1 ;;
    k) CHECK_ONLY=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

if [[ ! -f "$CONFIG" ]]; then
  # default studio layout
  cat > "$CONFIG" <<'JSON'
{"shares": [
  {"server": "198.51.100.20", "export": "/vol/assets", "mount": "/mnt/assets", "opts": "ro,hard,nfsvers=4.1"},
  {"server": "198.51.100.21", "export": "/vol/cache",  "mount": "/mnt/cache",  "opts": "rw,hard,nfsvers=4.1"},
  {"server": "198.51.100.22", "export": "/vol/renders","mount": "/mnt/renders","opts": "rw,hard,nfsvers=4.1"}
]}
JSON
  log INFO "wrote default $CONFIG"
fi

# Emit "server export mount opts" per share; path handed over via env.
list_shares() {
  SHARES_JSON_PATH="$CONFIG" python3 - <<'PY'
import json, os, sys
try:
    with open(os.environ["SHARES_JSON_PATH"]) as fh:
        shares = json.load(fh)["shares"]
except (OSError, ValueError, KeyError) as exc:
    sys.exit(f"bad share config: {exc}")
for s in shares:
    print(s["server"], s["export"], s["mount"], s.get("opts", "ro"))
PY
}

is_mounted() { findmnt -rn "$1" >/dev/null 2>&1; }

do_mount() {
  local server="$1" export_path="$2" mnt="$3" opts="$4"
  if is_mounted "$mnt"; then
    log INFO "$mnt already mounted"
    return 0
  fi
  if ! timeout 5 rpcinfo -T tcp "$server" nfs >/dev/null 2>&1; then
    log ERROR "$server nfs service not answering, skipping $mnt"
    return 1
  fi
  sudo mkdir -p "$mnt"
  if sudo mount -t nfs -o "$opts" "$server:$export_path" "$mnt"; then
    log INFO "mounted $server:$export_path on $mnt"
  else
    log ERROR "mount of $mnt failed"
    return 1
  fi
}

do_umount() {
  local mnt="$1"
  if is_mounted "$mnt"; then
    sudo umount "$mnt" && log INFO "unmounted $mnt"
  fi
}

main() {
  local failures=0 server export_path mnt opts
  while read -r server export_path mnt opts; do
    if (( CHECK_ONLY )); then
      is_mounted "$mnt" && echo "mounted   $mnt" || echo "missing   $mnt"
    elif (( UNMOUNT )); then
      do_umount "$mnt" || failures=$((failures + 1))
    else
      do_mount "$server" "$export_path" "$mnt" "$opts" || failures=$((failures + 1))
    fi
  done < <(list_shares)
  if (( failures )); then
    log ERROR "$failures share(s) failed"
    exit 1
  fi
  log INFO "all shares handled"
}

main
