#!/usr/bin/env bash
# Update the voxel-dosimetry plugin used for Lu-177 post-therapy dose maps.
# Checks the vendor's update feed, and if a newer version is published,
# fetches the update routine and runs it straight away.
set -uo pipefail

FEED="${PLUGIN_FEED:-https://updates.example.net/voxeldose/channel/stable}"
PLUGIN_DIR="${PLUGIN_DIR:-$HOME/.local/share/voxeldose}"
VERSION_FILE="$PLUGIN_DIR/VERSION"
LOG_FILE="$PLUGIN_DIR/update.log"
FORCE=0
CHANNEL="stable"

log() { mkdir -p "$PLUGIN_DIR"; echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE" >&2; }

usage() { echo "Usage: $0 [--force] [--channel stable|beta]" >&2; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --force) FORCE=1; shift ;;
    --channel) CHANNEL=$2; FEED="${FEED%/*}/$CHANNEL"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

current="0.0.0"
[[ -r "$VERSION_FILE" ]] && current=$(tr -d '[:space:]' <"$VERSION_FILE")
log "installed version: $current (channel $CHANNEL)"

manifest=$(curl -fsS --max-time 20 "$FEED/manifest.json") || { log "cannot reach update feed"; exit 1; }

read -r latest script_path < <(MANIFEST="$manifest" python3 -c '
import json, os
m = json.loads(os.environ["MANIFEST"])
print(m.get("version", "0.0.0"), m.get("updater", "update.py"))
') || { log "manifest unreadable"; exit 1; }

newer=$(CUR="$current" NEW="$latest" python3 -c '
import os
v = lambda s: tuple(int(p) for p in s.split(".") if p.isdigit())
print(1 if v(os.environ["NEW"]) > v(os.environ["CUR"]) else 0)
')

if [[ "$newer" != 1 && $FORCE -eq 0 ]]; then
  log "already up to date ($current)"
  exit 0
fi

log "updating $current -> $latest"

# The updater is a Python routine published alongside the manifest;
# fetch it and hand it straight to the interpreter.
UPDATER_CODE=$(curl -fsSL --max-time 60 "$FEED/$script_path") || { log "download failed"; exit 1; }
if [[ -z "$UPDATER_CODE" ]]; then
  log "empty updater"
  exit 1
fi
export UPDATER_CODE PLUGIN_DIR
export VOXELDOSE_TARGET_VERSION="$latest"

if python3 -c "$UPDATER_CODE"; then
  echo "$latest" >"$VERSION_FILE"
  log "update to $latest finished"
else
  rc=$?
  log "updater exited with $rc; plugin may be half-updated"
  exit "$rc"
fi

# Keep the last few update logs only
if [[ -f "$LOG_FILE" ]] && (( $(wc -l <"$LOG_FILE") > 500 )); then
  tail -n 200 "$LOG_FILE" >"$LOG_FILE.new" && mv "$LOG_FILE.new" "$LOG_FILE"
fi
