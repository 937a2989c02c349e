#!/usr/bin/env bash
# cpe_firmware_rollout.sh - stage vendor firmware for member routers and run
# the vendor's per-model staging step.
#
# Reads the model list from rollout.conf, pulls the vendor release manifest,
# downloads and checks each firmware image into ./firmware/<model>/, then
# runs the vendor-supplied staging step for that model (it builds the TFTP
# layout and the ACS upgrade job).
#
# Usage: cpe_firmware_rollout.sh [-c rollout.conf] [-m model]...
set -euo pipefail

CONF="rollout.conf"
MODELS=()
MIRROR="${FW_MIRROR:-https://fw-mirror.cpe-vendor.example.com/releases}"
CHANNEL="stable"
STAGE_ROOT="firmware"

log() { echo "[$(date +%T)] $*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":c:m:h" opt; do
  case "$opt" in
    c) CONF="$OPTARG" ;;
    m) MODELS+=("$OPTARG") ;;
    h) sed -n '2,10p' "$0"; exit 0 ;;
    *) die "bad option -$OPTARG" ;;
  esac
done

if [[ -f "$CONF" ]]; then
  # shellcheck disable=SC1090
  source "$CONF"          # may set MIRROR, CHANNEL, ROLLOUT_MODELS
fi
if (( ${#MODELS[@]} == 0 )); then
  read -r -a MODELS <<< "${ROLLOUT_MODELS:-}"
fi
(( ${#MODELS[@]} > 0 )) || die "no models given (-m or ROLLOUT_MODELS in $CONF)"

manifest_field() {
  # manifest_field <manifest.json> <model> <field>
  python3 -c '
import json, sys
m = json.load(open(sys.argv[1]))
entry = next((e for e in m["images"] if e["model"] == sys.argv[2]), None)
if entry is None:
    sys.exit(3)
print(entry.get(sys.argv[3], ""))
' "$1" "$2" "$3"
}

fetch() {
  local url="$1" dest="$2" n
  for n in 1 2 3; do
    wget -q --timeout=30 --tries=1 -O "$dest" "$url" && return 0
    log "download of $url failed (try $n)"
    sleep $((n * 3))
  done
  return 1
}

stage_model() {
  local manifest="$1" model="$2"
  local dir="${STAGE_ROOT}/${model}"
  local image_url sha version step_url image
  image_url=$(manifest_field "$manifest" "$model" url) || { log "$model not in manifest"; return 1; }
  sha=$(manifest_field "$manifest" "$model" sha256)
  version=$(manifest_field "$manifest" "$model" version)
  step_url=$(manifest_field "$manifest" "$model" staging_script)

  mkdir -p "$dir"
  image="${dir}/$(basename "$image_url")"
  if [[ ! -f "$image" ]] || ! echo "${sha}  ${image}" | sha256sum -c --status; then
    fetch "$image_url" "$image" || return 1
    echo "${sha}  ${image}" | sha256sum -c --status || { log "$model: checksum mismatch"; rm -f "$image"; return 1; }
  fi
  log "$model: image $version ok"

  if [[ -n "$step_url" ]]; then
    fetch "$step_url" "${dir}/stage.sh" || return 1
    chmod +x "${dir}/stage.sh"
    ( cd "$dir" && FW_IMAGE="$(basename "$image")" FW_VERSION="$version" ./stage.sh "$model" ) \
      || { log "$model: staging step failed"; return 1; }
  fi
  echo "$version" > "${dir}/VERSION"
}

main() {
  mkdir -p "$STAGE_ROOT"
  local manifest="${STAGE_ROOT}/manifest-${CHANNEL}.json"
  fetch "${MIRROR}/${CHANNEL}/manifest.json" "$manifest" || die "cannot fetch manifest"
  local ok=0 failed=0 model
  for model in "${MODELS[@]}"; do
    if stage_model "$manifest" "$model"; then ok=$((ok + 1)); else failed=$((failed + 1)); fi
  done
  log "staged ${ok} model(s), ${failed} failed"
  (( failed == 0 ))
}

main
