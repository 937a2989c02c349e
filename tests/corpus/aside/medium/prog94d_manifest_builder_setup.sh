#!/usr/bin/env bash
# manifest_builder_setup.sh - build the passenger manifest for a sailing
# from the ticketing export, refreshing the operator column templates first.
#
#   ./manifest_builder_setup.sh -s 2024-06-14T0715-ARD-BRO -i bookings.csv
#
# Column templates come from the ferry operators' shared template service so
# that the manifest matches what the port authority portal expects.
set -eu

TEMPLATE_BASE="${MANIFEST_TEMPLATE_BASE:-https://templates.ferrymanifest.org/releases}"
TEMPLATE_CHANNEL="${MANIFEST_TEMPLATE_CHANNEL:-stable}"
VENDOR_DIR="./vendor/manifest-templates"
OPERATOR="${MANIFEST_OPERATOR:-default}"
OUT_DIR="./manifests"
SAILING=""
INPUT=""
REFRESH=1

usage() {
  echo "usage: $0 -s SAILING_ID -i BOOKINGS_CSV [-o OUT_DIR] [-p OPERATOR] [--offline]" >&2
  exit 64
}

while [ $# -gt 0 ]; do
  case "$1" in
    -s) SAILING="$2"; shift 2 ;;
    -i) INPUT="$2"; shift 2 ;;
    -o) OUT_DIR="$2"; shift 2 ;;
    -p) OPERATOR="$2"; shift 2 ;;
    --offline) REFRESH=0; shift ;;
    *) usage ;;
  esac
done
[ -n "$SAILING" ] && [ -n "$INPUT" ] || usage
[ -r "$INPUT" ] || { echo "cannot read $INPUT" >&2; exit 66; }

note() { echo "[manifest] $*" >&2; }

current_version() {
  [ -f "$VENDOR_DIR/VERSION" ] && cat "$VENDOR_DIR/VERSION" || echo "none"
}

refresh_templates() {
  local latest archive
  latest="$(wget -qO- --timeout=20 "$TEMPLATE_BASE/$TEMPLATE_CHANNEL/LATEST" || true)"
  if [ -z "$latest" ]; then
    note "template service unreachable, keeping $(current_version)"
    return 0
  fi
  if [ "$latest" = "$(current_version)" ]; then
    note "templates up to date ($latest)"
    return 0
  fi
  note "updating templates $(current_version) -> $latest"
  mkdir -p "$VENDOR_DIR" ./vendor/cache
  archive="./vendor/cache/templates-$latest.tar.gz"
  wget -q --timeout=60 -O "$archive" "$TEMPLATE_BASE/$TEMPLATE_CHANNEL/$latest/templates.tar.gz"
  if [ -n "${MANIFEST_TEMPLATE_SHA256:-}" ]; then
    echo "$MANIFEST_TEMPLATE_SHA256  $archive" | sha256sum -c --quiet - \
      || { note "checksum mismatch, keeping $(current_version)"; return 1; }
  fi
  python3 -c 'import sys, tarfile; tarfile.open(sys.argv[1]).extractall(sys.argv[2])' \
    "$archive" "$VENDOR_DIR"
  echo "$latest" > "$VENDOR_DIR/VERSION"
}

column_order() {
  local tpl="$VENDOR_DIR/templates/$OPERATOR.json"
  [ -f "$tpl" ] || tpl="$VENDOR_DIR/templates/default.json"
  if [ -f "$tpl" ]; then
    jq -r '.columns | join(",")' "$tpl"
  else
    echo "booking_ref,surname,given_names,dob,nationality,sex,vehicle_reg"
  fi
}

build_manifest() {
  local cols="$1" out="$OUT_DIR/$SAILING.csv"
  mkdir -p "$OUT_DIR"
  awk -F, -v OFS=, -v sailing="$SAILING" -v cols="$cols" '
    NR == 1 { for (i = 1; i <= NF; i++) idx[$i] = i; n = split(cols, want, ","); print cols; next }
    $idx["sailing"] == sailing && $idx["status"] != "cancelled" {
      line = ""
      for (j = 1; j <= n; j++) {
        v = (want[j] in idx) ? $idx[want[j]] : ""
        if (want[j] == "surname") v = toupper(v)
        line = line (j > 1 ? OFS : "") v
      }
      print line; count++
    }
    END { printf "%d passengers\n", count > "/dev/stderr" }
  ' "$INPUT" > "$out"
  note "manifest written to $out"
}

[ "$REFRESH" -eq 1 ] && refresh_templates
build_manifest "$(column_order)"
