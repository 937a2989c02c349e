#!/usr/bin/env bash
# Fetch the IFC -> glTF converter used by the web model viewer.
#
# Downloads a pinned converter release into ./tools/ifcconv and writes the
# office-wide converter defaults (units, LOD preset) to ./tools/ifcconv.env
# so the viewer build can pick them up. Nothing is run from the download;
# the viewer build invokes the converter itself.
#
#   ./ifc_converter_fetch.sh [-v VERSION]
set -euo pipefail

CONVERTER_VERSION="${IFCCONV_VERSION:-0.8.3}"
MIRROR="${IFCCONV_MIRROR:-https://downloads.bimtools.example.org/ifcconv}"
TOOLS_DIR="${PWD}/tools/ifcconv"
STAGE_DIR="/tmp/ifcconv-stage"
ENV_FILE="${PWD}/tools/ifcconv.env"
CURL_OPTS=(--fail --silent --show-error --location --retry 3 --insecure)

log()  { printf '[fetch %(%H:%M:%S)T] %s\n' -1 "$*" >&2; }
die()  { log "ERROR: $*"; exit 1; }

usage() {
  cat <<EOF
usage: $0 [-v VERSION] [-h]
  -v  converter release to fetch (default $CONVERTER_VERSION)
EOF
}

while getopts ":v:h" opt; do
  case "$opt" in
    v) CONVERTER_VERSION=$OPTARG ;;
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

fetch_converter() {
  local pkg="ifcconv-${CONVERTER_VERSION}-$(arch).tar.gz"
  if [[ -f "$TOOLS_DIR/VERSION" ]] && \
     [[ "$(cat "$TOOLS_DIR/VERSION")" == "$CONVERTER_VERSION" ]]; then
    log "converter $CONVERTER_VERSION already present"
    return 0
  fi
  mkdir -p "$STAGE_DIR" "$TOOLS_DIR"
  log "downloading $pkg"
  curl "${CURL_OPTS[@]}" -o "$STAGE_DIR/$pkg" "$MIRROR/$CONVERTER_VERSION/$pkg"
  curl "${CURL_OPTS[@]}" -o "$STAGE_DIR/$pkg.sha256" "$MIRROR/$CONVERTER_VERSION/$pkg.sha256"
  (cd "$STAGE_DIR" && sha256sum -c "$pkg.sha256") || die "checksum mismatch for $pkg"
  tar -xzf "$STAGE_DIR/$pkg" -C "$TOOLS_DIR" --strip-components=1
  printf '%s\n' "$CONVERTER_VERSION" > "$TOOLS_DIR/VERSION"
  log "unpacked into $TOOLS_DIR"
}

write_office_defaults() {
  # Plain key=value file; the viewer build reads it with its own parser.
  mkdir -p "$(dirname "$ENV_FILE")"
  {
    printf 'IFCCONV_UNITS=%s\n' "${IFCCONV_UNITS:-m}"
    printf 'IFCCONV_LOD=%s\n'   "${IFCCONV_LOD:-200}"
    printf 'IFCCONV_GEOREF=%s\n' "${IFCCONV_GEOREF:-EPSG:25832}"
  } > "$ENV_FILE"
  chmod 0600 "$ENV_FILE"
  log "defaults written to $ENV_FILE"
}

report() {
  local size
  size=$(du -sh "$TOOLS_DIR" | cut -f1)
  log "converter tree: $TOOLS_DIR ($size)"
  log "viewer build: npm run build -- --converter $TOOLS_DIR/bin/ifcconv"
}

main() {
  command -v curl >/dev/null || die "curl is required"
  command -v sha256sum >/dev/null || die "sha256sum is required"
  fetch_converter
  write_office_defaults
  report
  rm -rf "$STAGE_DIR"
  log "done"
}

main "$@"
